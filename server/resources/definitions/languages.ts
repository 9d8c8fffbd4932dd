import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const languages: ResourceDeclaration = {
  name: 'languages',
  type: 'Language',
  table: 'languages',
  fields: {
    code: { type: { kind: 'string', maxLength: 10 }, required: true },
    name: { type: { kind: 'string', maxLength: 100 }, required: true },
  },
  filters: [],
  order: ['code', 'name', 'createdAt'],
  defaultOrder: [['name', 'asc']],
  access: rightsOf('languages'),
  constraints: { languages_code_key: { field: 'code', message: 'This language code already exists.' } },
};
