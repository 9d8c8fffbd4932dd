import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const tags: ResourceDeclaration = {
  name: 'tags',
  type: 'Tag',
  table: 'tags',
  fields: {
    name: { type: { kind: 'string', maxLength: 100 }, required: true },
    color: { type: { kind: 'string', format: 'color' } },
  },
  filters: ['q'],
  order: ['name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  access: rightsOf('tags'),
  constraints: { tags_name_key: { field: 'name', message: 'This tag already exists.' } },
};
