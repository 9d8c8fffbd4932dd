import type { FieldChange, FieldChanges } from '../../src/domain/audit.ts';
import { isWritable } from '../../src/domain/contracts/types.ts';
import { mayWriteField } from '../../src/domain/rights.ts';
import { STRUCTURE_FIELD } from '../../src/domain/tenancy.ts';
import type { Queryable } from '../db/database.ts';
import type { ResourceDeclaration } from './types.ts';

/**
 * A record's revisions, read from the audit log: its changes (audit_changes) with their entries (alias `t`,
 * to which the log's structure conditions apply), newest first.
 */

export interface RevisionPage {
  /** Each revision as JSON text, built by PostgreSQL. */
  members: string[];
  totalItems: number;
}

const REVISION_JSON = `json_build_object(
    'id', c.id,
    'entry', '/api/audit-log/' || t.id,
    'at', t.created_at,
    'user', CASE WHEN t.user_id IS NULL THEN NULL ELSE '/api/users/' || t.user_id END,
    'userName', t.user_name,
    'action', t.action,
    'operation', c.operation,
    'changes', audit_field_changes(c.before, c.after))::text`;

const ofRecord = (logScope: readonly string[]) =>
  `FROM audit_changes c JOIN audit_log t ON t.id = c.entry_id
  WHERE c.resource = $1 AND c.record_id = $2${logScope.map((condition) => ` AND ${condition}`).join('')}`;

export async function revisionsOf(
  db: Queryable,
  declaration: ResourceDeclaration,
  id: number,
  logScope: readonly string[],
  page: { page: number; itemsPerPage: number },
): Promise<RevisionPage> {
  const offset = (page.page - 1) * page.itemsPerPage;
  const rows = await db.query<{ item: string }>(
    `SELECT ${REVISION_JSON} AS item ${ofRecord(logScope)} ORDER BY c.id DESC LIMIT ${Number(page.itemsPerPage)} OFFSET ${Number(offset)}`,
    [declaration.name, id],
  );
  let totalItems = offset + rows.length;
  if (rows.length === 0 || rows.length === page.itemsPerPage) {
    const [count] = await db.query<{ n: number }>(`SELECT count(*) AS n ${ofRecord(logScope)}`, [declaration.name, id]);
    totalItems = Number(count.n);
  }
  return { members: rows.map((row) => row.item), totalItems };
}

/**
 * The body of the write that puts a record back as it was after one of its changes: for every field a later
 * change touched, its value before the oldest of them (each later change undone, newest first). Only what
 * the session may write is given: read-only and secret fields, and the structure, are not restored.
 * Undefined when the change is not one of the record's (or not one the session reads).
 */
export async function restoreBody(
  db: Queryable,
  declaration: ResourceDeclaration,
  id: number,
  changeId: number,
  logScope: readonly string[],
  roles: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  const [change] = await db.query(`SELECT 1 ${ofRecord(logScope)} AND c.id = $3`, [declaration.name, id, changeId]);
  if (!change) return undefined;
  const later = await db.query<{ changes: FieldChanges }>(
    `SELECT audit_field_changes(c.before, c.after) AS changes ${ofRecord(logScope)} AND c.id > $3 ORDER BY c.id DESC`,
    [declaration.name, id, changeId],
  );
  const body: Record<string, unknown> = {};
  for (const { changes } of later)
    for (const [name, fieldChange] of Object.entries(changes as Record<string, FieldChange>)) {
      const field = declaration.contract.fields[name];
      if (!field || !isWritable(field) || fieldChange.hidden || field.kind === 'password') continue;
      if (name === STRUCTURE_FIELD || !mayWriteField(roles, declaration.name, name)) continue;
      body[name] = fieldChange.before;
    }
  return body;
}
