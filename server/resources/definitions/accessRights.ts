import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const accessRights: ResourceDeclaration = {
  name: 'access-rights',
  type: 'AccessRight',
  table: 'access_rights',
  fields: {
    code: { type: { kind: 'string', maxLength: 100 }, required: true },
    label: { type: { kind: 'string', maxLength: 200 }, required: true },
    description: { type: { kind: 'text' } },
  },
  filters: [],
  order: ['code', 'label', 'createdAt'],
  access: rightsOf('access-rights'),
  constraints: { access_rights_code_key: { field: 'code', message: 'This code is already used.' } },
};
