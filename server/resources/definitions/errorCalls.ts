import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

/** Reports of failed calls sent by the back-office (POST /api/errorCall): the incident list of super admins. */
export const errorCalls: ResourceDeclaration = {
  name: 'error-calls',
  type: 'ErrorCall',
  table: 'error_calls',
  fields: {
    details: { type: { kind: 'json' }, readOnly: true },
    status: { type: { kind: 'integer' }, readOnly: true },
    occurredAt: { type: { kind: 'datetime' }, readOnly: true },
    url: { type: { kind: 'string' }, readOnly: true },
    companyId: { type: { kind: 'integer' }, readOnly: true },
    employeeId: { type: { kind: 'integer' }, readOnly: true },
    // The ids as the reporting session's token had them, and who they name (if they still exist).
    company: {
      type: { kind: 'computed', sql: `(SELECT json_build_object('id', c.id, 'name', c.name) FROM companies c WHERE c.id = t.company_id)` },
      readOnly: true,
    },
    employee: {
      type: {
        kind: 'computed',
        sql: `(SELECT json_build_object('id', u.id, 'name', concat_ws(' ', u.first_name, u.last_name)) FROM users u WHERE u.id = t.employee_id)`,
      },
      readOnly: true,
    },
    endpoint: { type: { kind: 'string' }, readOnly: true },
    protocol: { type: { kind: 'string' }, readOnly: true },
  },
  filters: ['status'],
  order: ['status', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('error-calls'),
  operations: ['list', 'get', 'delete'],
};
