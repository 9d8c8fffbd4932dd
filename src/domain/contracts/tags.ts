import { rightsOf } from '../rights';
import { defineContract } from './types';

export const tags = defineContract({
  name: 'tags',
  type: 'Tag',
  description: 'A label put on courses, modules and sheets.',
  fields: {
    name: { kind: 'string', maxLength: 100, required: true },
    color: { kind: 'string', format: 'color' },
  },
  filters: [],
  search: true,
  order: ['name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('tags'),
});
