import { rightsOf } from '../rights';
import { defineContract } from './types';

export const languages = defineContract({
  name: 'languages',
  type: 'Language',
  description: 'A language a course is given in.',
  fields: {
    code: { kind: 'string', maxLength: 10, required: true },
    name: { kind: 'string', maxLength: 100, required: true },
  },
  filters: [],
  order: ['code', 'name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('languages'),
});
