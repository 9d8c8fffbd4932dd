import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const systemConfigurations: ResourceDeclaration = {
  name: 'system-configurations',
  type: 'SystemConfiguration',
  table: 'system_configurations',
  fields: {
    key: { type: { kind: 'string', maxLength: 150 }, required: true },
    value: { type: { kind: 'text' } },
    description: { type: { kind: 'text' } },
  },
  filters: [],
  order: ['key'],
  defaultOrder: [['key', 'asc']],
  access: rightsOf('system-configurations'),
  constraints: { system_configurations_key_key: { field: 'key', message: 'This key already exists.' } },
};
