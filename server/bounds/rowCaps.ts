import { SAVED_VIEWS_PER_LIST } from '../../src/domain/savedViews.ts';
import { ATTACHMENTS_PER_MESSAGE } from '../../src/domain/ticketAttachments.ts';
import { ApiError, unprocessable, violation } from '../shared/errors.ts';
import { ident, literal } from '../shared/sql.ts';

/**
 * An "at most N rows" rule: at most `max` rows of `table` share the values of `group` (and match `where`).
 * Counting in the server before an insert lets parallel requests, on one process or several, all count the
 * same N-1 and all insert; so the count is the database's, in a trigger that takes a transaction lock on the
 * group before counting: the writes of one group are serialised, each counts what the previous committed.
 */
export interface RowCap {
  /** The cap's name: its trigger's, and the constraint its refusal names. */
  name: string;
  table: string;
  /** The columns whose values make a group (a NULL in any: the row is in no group, and not counted). */
  group: readonly string[];
  /** Which rows of a group count, as SQL on a row alias (`NEW` or the table's). */
  where?: (row: string) => string;
  /** The columns `where` reads: an update of them may bring a row into a group. */
  whereColumns?: readonly string[];
  max: number;
  /** The 422 the API answers beyond the cap: the field, the code and the French message. */
  field: string;
  code: string;
  message: string;
}

const pending = (row: string) => `${row}.message_id IS NULL AND ${row}.note_id IS NULL`;

export const ROW_CAPS: readonly RowCap[] = [
  {
    name: 'saved_views_per_list',
    table: 'saved_views',
    group: ['user_id', 'resource'],
    max: SAVED_VIEWS_PER_LIST,
    field: 'name',
    code: 'too_many',
    message: `Une liste garde au plus ${SAVED_VIEWS_PER_LIST} vues : supprimez-en une.`,
  },
  {
    // A writer's uploads waiting for a reply or a note, on one ticket: never more than one message's worth.
    name: 'pending_attachments_per_ticket',
    table: 'ticket_attachments',
    group: ['ticket_id', 'uploader_id'],
    where: pending,
    whereColumns: ['message_id', 'note_id'],
    max: ATTACHMENTS_PER_MESSAGE,
    field: 'file',
    code: 'range',
    message: `Au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par message : envoyez ou retirez ceux en attente.`,
  },
  {
    name: 'attachments_per_message',
    table: 'ticket_attachments',
    group: ['message_id'],
    max: ATTACHMENTS_PER_MESSAGE,
    field: 'attachments',
    code: 'range',
    message: `Au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par message.`,
  },
  {
    name: 'attachments_per_note',
    table: 'ticket_attachments',
    group: ['note_id'],
    max: ATTACHMENTS_PER_MESSAGE,
    field: 'attachments',
    code: 'range',
    message: `Au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par note.`,
  },
];

const capsByName = new Map(ROW_CAPS.map((cap) => [cap.name, cap]));
const functionOf = (cap: RowCap) => ident(`row_cap_${cap.name}`);
const triggerOf = (cap: RowCap) => ident(`${cap.table}_row_cap_${cap.name}`);

/**
 * A cap's trigger function. It runs as the table's owner so that it counts the whole group, whatever rows
 * the writer's row-level security shows (another structure's session of the same user, say); it takes
 * nothing but the row being written. The lock is the group's (two integers: the cap, the group's values
 * hashed; a collision only serialises two groups). The count, a statement of its own after the lock, reads
 * what the writes before it committed, and rows written earlier by the same statement.
 */
function capFunction(cap: RowCap): string {
  const on = (row: string) =>
    [...cap.group.map((column) => `${row}.${ident(column)} IS NOT NULL`), ...(cap.where ? [cap.where(row)] : [])].join(
      ' AND ',
    );
  const sameGroup = (a: string, b: string) =>
    cap.group.map((column) => `${a}.${ident(column)} = ${b}.${ident(column)}`).join(' AND ');
  const groupKey = `concat_ws(',', ${cap.group.map((column) => `NEW.${ident(column)}`).join(', ')})`;
  return `CREATE OR REPLACE FUNCTION ${functionOf(cap)}() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
  IF NOT (${on('NEW')}) THEN RETURN NEW; END IF;
  -- A row that stays in its group adds nothing to it.
  IF TG_OP = 'UPDATE' AND (${on('OLD')}) AND (${sameGroup('OLD', 'NEW')}) THEN RETURN NEW; END IF;
  PERFORM pg_advisory_xact_lock(hashtext(${literal(`row cap ${cap.name}`)}), hashtext(${groupKey}));
  IF (SELECT count(*) FROM ${ident(cap.table)} r WHERE ${sameGroup('r', 'NEW')}${cap.where ? ` AND ${cap.where('r')}` : ''} AND r.id <> NEW.id) >= ${Number(cap.max)} THEN
    RAISE EXCEPTION 'at most % rows of % in one group (%)', ${Number(cap.max)}, ${literal(cap.table)}, ${literal(cap.name)}
      USING ERRCODE = 'check_violation', CONSTRAINT = ${literal(`row_cap_${cap.name}`)};
  END IF;
  RETURN NEW;
END $$`;
}

/**
 * The caps' functions and triggers, for the derived schema (resources/derivedSchema.ts): the row-cap
 * triggers of an earlier start-up are dropped first, so a cap taken out of ROW_CAPS goes with them.
 */
export function rowCapStatements(): string[] {
  return [
    `DO $$ DECLARE t record; BEGIN
  FOR t IN SELECT g.tgname, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            WHERE c.relnamespace = 'public'::regnamespace AND g.tgname LIKE '%\\_row\\_cap\\_%' LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tgname, t.relname);
  END LOOP;
END $$`,
    ...ROW_CAPS.flatMap((cap) => [
      capFunction(cap),
      `CREATE TRIGGER ${triggerOf(cap)} BEFORE INSERT OR UPDATE OF ${[...cap.group, ...(cap.whereColumns ?? [])]
        .map(ident)
        .join(', ')} ON ${ident(cap.table)} FOR EACH ROW EXECUTE FUNCTION ${functionOf(cap)}()`,
    ]),
  ];
}

/** The API's answer to a write a cap refused (a 422 on the cap's field), or undefined for any other error. */
export function rowCapRefusal(error: unknown): ApiError | undefined {
  if (error instanceof ApiError || !error || typeof error !== 'object') return undefined;
  const { code, constraint } = error as { code?: string; constraint?: string };
  if (code !== '23514' || !constraint?.startsWith('row_cap_')) return undefined;
  const cap = capsByName.get(constraint.slice('row_cap_'.length));
  return cap && unprocessable([violation(cap.field, cap.code, cap.message)]);
}
