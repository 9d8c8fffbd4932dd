import { rightsOf } from '../rights';
import { defineContract } from './types';

export const skills = defineContract({
  name: 'skills',
  type: 'Skill',
  description: 'A skill a course teaches.',
  fields: {
    name: { kind: 'string', maxLength: 150, required: true },
    description: { kind: 'text' },
  },
  filters: [],
  search: true,
  order: ['name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('skills'),
});
