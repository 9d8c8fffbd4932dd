import {
  DEFAULT_RESPONSE_TARGET_HOURS,
  OPEN_TICKET_STATUS,
  RESPONSE_TARGET_KINDS,
  responseTargetKey,
  TICKET_PRIORITIES,
} from '../../src/domain/helpdesk.ts';
import { literal } from '../shared/sql.ts';

/**
 * A ticket's due dates, computed by PostgreSQL so that lists filter and count on them: when it opens or
 * its priority changes, each target's hours (the system configuration's `tickets.<kind>_hours.<priority>`,
 * else the domain's default) are added to its opening; `due_at` is the target that runs now (the first
 * reply until one is sent, then the resolution), none once the ticket no longer waits. Calendar hours: the
 * platform knows no structure's working hours. Derived at start-up from src/domain/helpdesk.ts.
 */
export function responseTargetStatements(): string[] {
  const rows = RESPONSE_TARGET_KINDS.flatMap((kind) =>
    TICKET_PRIORITIES.map(
      (priority) =>
        `(${literal(kind)}, ${literal(priority)}, ${literal(responseTargetKey(kind, priority))}, ${DEFAULT_RESPONSE_TARGET_HOURS[kind][priority]})`,
    ),
  );
  const open = literal(OPEN_TICKET_STATUS);
  return [
    `CREATE OR REPLACE FUNCTION ticket_target_hours(p_kind text, p_priority text) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT coalesce(CASE WHEN c.value ~ '^\\s*[0-9]{1,5}(\\.[0-9]+)?\\s*$' THEN trim(c.value)::numeric END, d.hours)
    FROM (VALUES ${rows.join(', ')}) AS d(kind, priority, key, hours)
    LEFT JOIN system_configurations c ON c.key = d.key
   WHERE d.kind = p_kind AND d.priority = p_priority
$$`,
    `CREATE OR REPLACE FUNCTION ticket_due_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.priority IS DISTINCT FROM OLD.priority THEN
    NEW.first_reply_due_at := NEW.created_at + ticket_target_hours('first_reply', NEW.priority) * interval '1 hour';
    NEW.resolution_due_at := NEW.created_at + ticket_target_hours('resolution', NEW.priority) * interval '1 hour';
  END IF;
  NEW.due_at := CASE WHEN NEW.status <> ${open} THEN NULL
                     WHEN NEW.first_replied_at IS NULL THEN NEW.first_reply_due_at
                     ELSE NEW.resolution_due_at END;
  RETURN NEW;
END $$`,
    'DROP TRIGGER IF EXISTS ticket_due_dates ON tickets',
    'CREATE TRIGGER ticket_due_dates BEFORE INSERT OR UPDATE ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_due_dates()',
  ];
}
