import { auditLog } from '../../../src/domain/contracts/auditLog.ts';
import { declareResource } from '../declare.ts';

export const auditLogDeclaration = declareResource(auditLog, {
  table: 'audit_log',
  // Every write of the API adds an entry: one counter row for them all would make every transaction wait.
  rowCounts: false,
  fields: {
    // When the transaction wrote: the entry's creation.
    at: { column: 'created_at' },
    changes: {
      sql: `coalesce((SELECT audit_field_changes(c.before, c.after) FROM audit_changes c
                       WHERE c.entry_id = t.id AND c.resource = t.resource AND c.record_id = t.record_id), '{}'::jsonb)`,
    },
  },
});
