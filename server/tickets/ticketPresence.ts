import type { Database, Queryable } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { LIVE_CHANNEL } from '../live/liveHub.ts';
import { summarySql } from '../resources/serialize.ts';
import { frenchOrder, literal } from '../shared/sql.ts';
import {
  PRESENCE_TOPIC,
  PRESENCE_TTL_SECONDS,
  TYPING_TTL_SECONDS,
  type PresenceEntry,
  type PresenceState,
} from '../../src/domain/presence.ts';

/** One row of `ticket_presence` (alias `p`) as the API answers and streams it: seconds left, from now. */
const entrySql = `json_build_object(
    'user', ${summarySql('users', 'p.user_id', 'json')},
    'expiresIn', greatest(0, ceil(extract(epoch FROM p.expires_at - now())))::int,
    'typingExpiresIn', CASE WHEN p.typing_until > now() THEN ceil(extract(epoch FROM p.typing_until - now()))::int END)`;

/**
 * The live event of a presence change, sent with NOTIFY on the live events' channel when the transaction
 * commits: every process's hub hands it to the streams of staff of the ticket's structure (`internal`: never
 * to its author), as it does a ticket's own events. It has no id and no row in `live_events`: it holds only
 * until its expiry, so nothing replays it; a panel asks for who is there when it opens.
 */
const notifySql = (dataSql: string) =>
  `pg_notify(${literal(LIVE_CHANNEL)}, json_build_object('id', NULL, 'topic', ${literal(PRESENCE_TOPIC)},
     'owner', NULL, 'internal', true, 'structure', $3::integer, 'data', ${dataSql})::text)`;

/**
 * Who has a ticket open and who is typing in it, in PostgreSQL (migration 0026), so that every server process
 * answers the same and hands the same events over. `scope`: the conditions of the session's reading of the
 * ticket (alias `t`), whose row-level security binds these statements too.
 */
export class TicketPresence {
  constructor(private readonly db: Database) {}

  /**
   * Records a panel's signal, tells the others, and answers who else is on the ticket. `spend` pays for it
   * first, in the same transaction (one round of the scope's settings, not two).
   */
  async signal(
    ticketId: number,
    userId: number,
    state: PresenceState,
    scope: string[],
    spend: (tx: Queryable) => Promise<void>,
  ): Promise<PresenceEntry[]> {
    const where = scope.map((condition) => ` AND ${condition}`).join('');
    const present = await this.db.transaction(async (tx) => {
      await spend(tx);
      const [ticket] = await tx.query<{ company_id: number | null }>(
        `SELECT t.company_id FROM tickets t WHERE t.id = $1${where}`,
        [ticketId],
      );
      // Committed all the same: a signal about no ticket spends from the budget too.
      if (!ticket) return undefined;
      const params = [ticketId, userId, ticket.company_id];
      if (state === 'left') {
        await tx.query(
          `WITH p AS (DELETE FROM ticket_presence WHERE ticket_id = $1 AND user_id = $2 RETURNING user_id)
           SELECT ${notifySql(`json_build_object('ticket', $1::integer, 'state', 'left',
             'user', ${summarySql('users', '$2::integer', 'json')}, 'expiresIn', 0, 'typingExpiresIn', NULL)`)}`,
          params,
        );
      } else {
        // A heartbeat keeps the typing under way; a typing signal starts it again.
        await tx.query(
          `WITH p AS (
             INSERT INTO ticket_presence AS p (ticket_id, user_id, expires_at, typing_until)
             VALUES ($1, $2, now() + make_interval(secs => ${PRESENCE_TTL_SECONDS}),
                     CASE WHEN $4 THEN now() + make_interval(secs => ${TYPING_TTL_SECONDS}) END)
             ON CONFLICT (ticket_id, user_id) DO UPDATE SET
               expires_at = EXCLUDED.expires_at,
               typing_until = CASE WHEN $4 THEN EXCLUDED.typing_until WHEN p.typing_until > now() THEN p.typing_until END
             RETURNING *)
           SELECT ${notifySql(`jsonb_build_object('ticket', $1::integer, 'state', $5::text) || (${entrySql})::jsonb`)} FROM p`,
          [...params, state === 'typing', state],
        );
      }
      return this.others(tx, ticketId, userId);
    });
    if (!present) throw notFound(`Ticket ${ticketId} not found.`);
    return present;
  }

  /** Who else is on the ticket now, by name. */
  private async others(tx: Queryable, ticketId: number, userId: number): Promise<PresenceEntry[]> {
    const rows = await tx.query<{ entry: PresenceEntry }>(
      `SELECT ${entrySql} AS entry FROM ticket_presence p
        WHERE p.ticket_id = $1 AND p.user_id <> $2 AND p.expires_at > now() AND user_display_name(p.user_id) IS NOT NULL
        ORDER BY ${frenchOrder('user_display_name(p.user_id)')}, p.user_id`,
      [ticketId, userId],
    );
    return rows.map((row) => row.entry);
  }

  /** Drops the rows past their expiry (periodic work, one process of all; `db` is the platform's scope). */
  static async sweep(db: Queryable): Promise<void> {
    await db.query('DELETE FROM ticket_presence WHERE expires_at < now()');
  }
}
