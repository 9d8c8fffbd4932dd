import { rightsOf } from '../rights';
import { defineContract } from './types';

export const accessRights = defineContract({
  name: 'access-rights',
  type: 'AccessRight',
  description: 'A named right granted to users.',
  fields: {
    code: { kind: 'string', maxLength: 100, required: true },
    label: { kind: 'string', maxLength: 200, required: true },
    description: { kind: 'text' },
  },
  filters: [],
  order: ['code', 'label', 'createdAt'],
  rights: rightsOf('access-rights'),
});
