import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const countries: ResourceDeclaration = {
  name: 'countries',
  type: 'Country',
  table: 'countries',
  fields: {
    code: { type: { kind: 'string', maxLength: 2 }, required: true },
    name: { type: { kind: 'string', maxLength: 100 }, required: true },
  },
  filters: [],
  order: ['code', 'name'],
  defaultOrder: [['name', 'asc']],
  access: rightsOf('countries'),
  operations: ['list', 'get'],
};
