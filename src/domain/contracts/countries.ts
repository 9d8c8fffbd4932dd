import { rightsOf } from '../rights';
import { defineContract } from './types';

export const countries = defineContract({
  name: 'countries',
  type: 'Country',
  description: 'A country (ISO 3166-1 alpha-2 code).',
  fields: {
    code: { kind: 'string', maxLength: 2, required: true },
    name: { kind: 'string', maxLength: 100, required: true },
  },
  filters: [],
  order: ['code', 'name'],
  defaultOrder: [['name', 'asc']],
  rights: rightsOf('countries'),
  operations: ['list', 'get'],
});
