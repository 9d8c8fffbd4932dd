import { SESSION_ACTIONS } from '../../../src/domain/audit.ts';
import { auditLog } from '../../../src/domain/contracts/auditLog.ts';
import { literal } from '../../shared/sql.ts';
import { declareResource } from '../declare.ts';

export const auditLogDeclaration = declareResource(auditLog, {
  table: 'audit_log',
  // Every write of the API adds an entry: one counter row for them all would make every transaction wait.
  rowCounts: false,
  // `sessions=false`: the journal's changes without its sign-ins and sign-outs (by the action's index).
  flagFilters: {
    sessions: (flag) => `(t.action IN (${SESSION_ACTIONS.map(literal).join(', ')})) = ${flag}`,
  },
  fields: {
    // When the transaction wrote: the entry's creation.
    at: { column: 'created_at' },
    changes: {
      sql: `coalesce((SELECT audit_field_changes(c.before, c.after) FROM audit_changes c
                       WHERE c.entry_id = t.id AND c.resource = t.resource AND c.record_id = t.record_id), '{}'::jsonb)`,
    },
  },
});
