import { rightsOf } from '../rights';
import { defineContract } from './types';

export const systemConfigurations = defineContract({
  name: 'system-configurations',
  type: 'SystemConfiguration',
  description: 'A setting of the platform, by key.',
  fields: {
    key: { kind: 'string', maxLength: 150, required: true },
    value: { kind: 'text' },
    description: { kind: 'text' },
  },
  filters: [],
  order: ['key'],
  defaultOrder: [['key', 'asc']],
  rights: rightsOf('system-configurations'),
});
