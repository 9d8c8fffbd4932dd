import { rightsOf } from '../rights';
import { defineContract } from './types';

export const errorCalls = defineContract({
  name: 'error-calls',
  type: 'ErrorCall',
  description:
    'A failure reported by the back-office (POST /api/errorCall), its repeats counted: the incident list. A refusal the user can fix (`expected`) is a count of a day, with no details.',
  fields: {
    // The server's route that failed (`/api/tags/{id}`), none when no route serves the reported path.
    route: { kind: 'string', readOnly: true },
    method: { kind: 'string', readOnly: true },
    // How many reports the row counts, and when the server received the first and the last.
    occurrences: { kind: 'integer', min: 1, readOnly: true },
    firstAt: { kind: 'datetime', readOnly: true },
    lastAt: { kind: 'datetime', readOnly: true },
    expected: { kind: 'boolean', readOnly: true },
    details: { kind: 'json', readOnly: true },
    status: { kind: 'integer', readOnly: true },
    occurredAt: { kind: 'datetime', readOnly: true },
    url: { kind: 'string', readOnly: true },
    companyId: { kind: 'integer', readOnly: true },
    employeeId: { kind: 'integer', readOnly: true },
    // Who the ids name, `{id, name}`, while they still exist (the structure is every structure's row's field):
    // the last report's, none for a count.
    employee: { kind: 'embedded', shape: 'object', readOnly: true, target: 'users' },
    endpoint: { kind: 'string', readOnly: true },
    protocol: { kind: 'string', readOnly: true },
    // The failed call's request id (its answer's X-Request-Id), as the server's logs name it.
    requestId: { kind: 'string', readOnly: true },
  },
  filters: ['status', 'expected'],
  order: ['lastAt', 'occurrences', 'status', 'createdAt'],
  defaultOrder: [['lastAt', 'desc']],
  rights: rightsOf('error-calls'),
  operations: ['list', 'get', 'delete'],
});
