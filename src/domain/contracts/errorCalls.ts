import { rightsOf } from '../rights';
import { defineContract } from './types';

export const errorCalls = defineContract({
  name: 'error-calls',
  type: 'ErrorCall',
  description: 'A failed call reported by the back-office (POST /api/errorCall): the incident list.',
  fields: {
    details: { kind: 'json', readOnly: true },
    status: { kind: 'integer', readOnly: true },
    occurredAt: { kind: 'datetime', readOnly: true },
    url: { kind: 'string', readOnly: true },
    companyId: { kind: 'integer', readOnly: true },
    employeeId: { kind: 'integer', readOnly: true },
    // Who the ids name, `{id, name}`, while they still exist (the structure is every structure's row's field).
    employee: { kind: 'embedded', shape: 'object', readOnly: true, target: 'users' },
    endpoint: { kind: 'string', readOnly: true },
    protocol: { kind: 'string', readOnly: true },
  },
  filters: ['status'],
  order: ['status', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  rights: rightsOf('error-calls'),
  operations: ['list', 'get', 'delete'],
});
