import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { dueAtSql } from '../resources/enrolmentRulesSql.ts';

/** How often expired completions are looked for: a day's lateness is nothing to a validity of months. */
export const RECERTIFY_EVERY_SECONDS = 3600;
/** Participations a transaction starts again: a short statement each, however many expire the same day. */
const RECERTIFY_BATCH = 500;

/**
 * One batch of completions whose validity is over (their course's validityMonths after completion): each
 * completed cycle is kept in participation_cycles, then a new cycle starts now, with a new due date (the
 * rule's days when a rule enrolled the learner, else as many days after the start as the first cycle had,
 * else none). The learner's validations stay theirs, filed under the cycle they were made in (migration
 * 0053); the new cycle counts only its own, and the learner validates every chapter again.
 * An unenrolled learner is not enrolled again. Answers the learners and courses started again.
 */
const RENEW = `
  WITH due AS (
    SELECT p.id FROM participations p
     WHERE p.expires_at <= now() AND p.unenrolled_at IS NULL
     ORDER BY p.expires_at, p.id LIMIT $1 FOR UPDATE SKIP LOCKED
  ), kept AS (
    INSERT INTO participation_cycles (company_id, participation_id, cycle, started_at, completed_at, expired_at)
    SELECT p.company_id, p.id, p.cycle, coalesce(p.cycle_started_at, p.created_at), p.completed_at, p.expires_at
      FROM participations p JOIN due d ON d.id = p.id
  )
  UPDATE participations p
     SET cycle = p.cycle + 1, cycle_started_at = now(), started_at = NULL, last_activity_at = NULL, updated_at = now(),
         due_at = coalesce(
           ${dueAtSql('(SELECT r.due_days FROM enrolment_rules r WHERE r.id = p.rule_id)', 'now()')},
           ${dueAtSql(
             `CASE WHEN p.due_at IS NOT NULL THEN greatest(0, (p.due_at AT TIME ZONE 'UTC')::date - (coalesce(p.cycle_started_at, p.created_at) AT TIME ZONE 'UTC')::date) END`,
             'now()',
           )})
    FROM due d
   WHERE p.id = d.id
  RETURNING p.user_id, p.course_id`;

/**
 * The periodic job `learning-recertification`, on the platform's scope: every expired completion starts a
 * new cycle, batch by batch, each batch one transaction (its audit entry `recertify`), its participations
 * counted again from the new cycle's validations (none yet: progress 0, status `invited`). Answers how
 * many started again.
 */
export async function recertifyExpired(db: Database): Promise<number> {
  let total = 0;
  for (;;) {
    const renewed = await runAsAction('recertify', { resource: 'participations' }, () =>
      db.transaction(async (tx) => {
        const rows = await tx.query<{ user_id: number; course_id: number }>(RENEW, [RECERTIFY_BATCH]);
        if (rows.length > 0)
          await tx.query('SELECT learning_recount($1::int4[], $2::int4[])', [
            rows.map((row) => row.user_id),
            rows.map((row) => row.course_id),
          ]);
        return rows.length;
      }),
    );
    total += renewed;
    if (renewed < RECERTIFY_BATCH) return total;
  }
}
