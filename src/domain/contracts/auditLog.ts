import { AUDIT_ACTIONS } from '../audit';
import { rightsOf } from '../rights';
import { defineContract } from './types';

export const auditLog = defineContract({
  name: 'audit-log',
  type: 'AuditEntry',
  description:
    'One write (one transaction): who, when, the action and its main record with the fields it changed, before and after. Written by the database, never through the API.',
  fields: {
    at: { kind: 'datetime', readOnly: true },
    user: { kind: 'relation', target: 'users', readOnly: true },
    // The user's name when they wrote: it outlives the account.
    userName: { kind: 'string', readOnly: true },
    action: { kind: 'enum', values: AUDIT_ACTIONS, choiceGroup: 'auditAction', readOnly: true },
    // The API name of the main record's resource (`chapter-parts`), and its id and IRI.
    resource: { kind: 'string', readOnly: true },
    recordId: { kind: 'integer', readOnly: true },
    record: { kind: 'string', readOnly: true },
    // `{field: {before, after, hidden?}}` of the main record (src/domain/audit.ts, FieldChange).
    changes: { kind: 'embedded', shape: 'object', readOnly: true },
  },
  filters: ['user', 'resource', 'recordId', 'action', 'at'],
  // `sessions=false`: the changes without the sign-ins and sign-outs.
  ruleFilters: { sessions: { kind: 'flag' } },
  order: ['at'],
  defaultOrder: [['at', 'desc']],
  rights: rightsOf('audit-log'),
  operations: ['list', 'get'],
});
