import { LIVE_LEVELS } from '../../src/domain/courseVersions.ts';
import {
  AT_RISK_DUE_WITHIN_DAYS,
  AT_RISK_INACTIVE_DAYS,
  AT_RISK_PROGRESS_BELOW,
  type LearnerState,
} from '../../src/domain/learning.ts';
import { literal } from '../shared/sql.ts';

/**
 * The learning rules of src/domain/learning.ts as SQL: a participation's progress and status kept by the
 * database from its learner's validations (so that no write path, the API's, a CSV's or a seed's, can
 * leave them wrong), and the reading of a learner's standing that lists, reports and reminders filter by.
 */

const CHAPTERS = literal(LIVE_LEVELS[1].resource);

/** SQL of a participation `p`'s state (LEARNER_STATES) at the moment `now` (an SQL expression). */
export function learnerStateSql(p: string, now = 'now()'): string {
  return `CASE WHEN ${p}.status = 'completed' THEN 'completed'
    WHEN ${stateConditionSql('late', p, now)} THEN 'late'
    WHEN ${atRiskSql(p, now)} THEN 'at_risk'
    WHEN ${p}.status = 'invited' THEN 'not_started'
    ELSE 'on_track' END`;
}

const atRiskSql = (p: string, now: string) =>
  `((${p}.due_at IS NOT NULL AND ${p}.due_at - ${now} <= interval '${AT_RISK_DUE_WITHIN_DAYS} days' AND ${p}.progress < ${AT_RISK_PROGRESS_BELOW})
     OR ${now} - coalesce(${p}.last_activity_at, ${p}.cycle_started_at, ${p}.created_at) >= interval '${AT_RISK_INACTIVE_DAYS} days')`;

/**
 * SQL: whether the participation `p` is in `state` at `now`, written so that the late learners of a
 * course are found by the due date's index rather than by reading every learner's state.
 */
export function stateConditionSql(state: LearnerState, p: string, now = 'now()'): string {
  const open = `${p}.status <> 'completed'`;
  const late = `${p}.due_at < ${now}`;
  switch (state) {
    case 'completed':
      return `${p}.status = 'completed'`;
    case 'late':
      return `(${open} AND ${late})`;
    case 'at_risk':
      return `(${open} AND NOT coalesce(${late}, false) AND ${atRiskSql(p, now)})`;
    case 'not_started':
      return `(${p}.status = 'invited' AND NOT coalesce(${late}, false) AND NOT ${atRiskSql(p, now)})`;
    case 'on_track':
      return `(${p}.status = 'in_progress' AND NOT coalesce(${late}, false) AND NOT ${atRiskSql(p, now)})`;
  }
}

/** Statements run at start-up (server/resources/derivedSchema.ts): the functions and triggers of progress. */
export function learningStatements(): string[] {
  return [
    // A course's progress for a learner, as progressOf says: whole percent rounded down.
    `CREATE OR REPLACE FUNCTION learning_progress(validated integer, total integer) RETURNS integer
       LANGUAGE sql IMMUTABLE AS $$ SELECT CASE WHEN total <= 0 THEN 0 ELSE least(100, (100 * validated) / total) END $$`,
    // The chapters learners get: the live version's once published, the draft's before.
    // PL/pgSQL rather than SQL here and in learning_recount: a session keeps a PL/pgSQL function's plans,
    // where an SQL function's statements are planned again at each call (with the scope's row-level
    // policies, most of a validation's write cost).
    `CREATE OR REPLACE FUNCTION course_chapter_total(course integer) RETURNS integer LANGUAGE plpgsql STABLE AS $$
     BEGIN
       RETURN CASE WHEN EXISTS (SELECT 1 FROM course_live l WHERE l.course_id = course)
         THEN (SELECT count(*)::int FROM course_live_nodes n WHERE n.course_id = course AND n.level = ${CHAPTERS})
         ELSE (SELECT count(*)::int FROM chapters c JOIN modules m ON m.id = c.module_id
                WHERE m.course_id = course AND c.in_draft_since IS NOT NULL AND m.in_draft_since IS NOT NULL) END;
     END $$`,
    // Counts the current cycle's validations again for the participations of these (learner, course)
    // pairs, and sets what follows from them. A completion stays when chapters are added after it (it was
    // a fact of its day); a validation removed undoes it. Rows whose figures did not change are not written.
    `CREATE OR REPLACE FUNCTION learning_recount(learners integer[], course_ids integer[]) RETURNS void
       LANGUAGE plpgsql AS $$
     BEGIN
       -- The pairs drive the count, each course's total is read once, and the counts are made before the
       -- update joins them: a recount of thousands (an enrolment, a publish) stays linear.
       WITH pairs AS MATERIALIZED (
         SELECT DISTINCT x.user_id, x.course_id FROM unnest(learners, course_ids) AS x(user_id, course_id)
       ), totals AS MATERIALIZED (
         SELECT k.course_id, course_chapter_total(k.course_id) AS total FROM (SELECT DISTINCT course_id FROM pairs) k
       ), counted AS MATERIALIZED (
         SELECT p.id, c.validity_months, t.total, v.validated, v.first_at, v.last_at,
                (t.total > 0 AND v.validated >= t.total)
                  OR (p.status = 'completed' AND v.validated >= p.validated_chapters AND v.validated > 0) AS done
           FROM pairs x
           JOIN participations p ON p.user_id = x.user_id AND p.course_id = x.course_id
           JOIN courses c ON c.id = p.course_id
           JOIN totals t ON t.course_id = p.course_id
           CROSS JOIN LATERAL (
             SELECT count(*)::int AS validated, min(cv.validated_at) AS first_at, max(cv.validated_at) AS last_at
               FROM chapter_validations cv JOIN chapters ch ON ch.id = cv.chapter_id JOIN modules m ON m.id = ch.module_id
              WHERE cv.user_id = p.user_id AND cv.cycle = p.cycle AND m.course_id = p.course_id) v
       ), next AS (
         SELECT k.id, k.validated,
                CASE WHEN k.done THEN 100 ELSE learning_progress(k.validated, k.total) END AS progress,
                CASE WHEN k.done THEN 'completed'
                     WHEN k.validated > 0 OR p.last_activity_at IS NOT NULL THEN 'in_progress'
                     ELSE 'invited' END AS status,
                CASE WHEN k.validated > 0 THEN coalesce(p.started_at, k.first_at) ELSE p.started_at END AS started_at,
                CASE WHEN k.done THEN coalesce(p.completed_at, k.last_at, now()) END AS completed_at,
                k.validity_months,
                CASE WHEN k.last_at IS NULL THEN p.last_activity_at ELSE greatest(p.last_activity_at, k.last_at) END AS last_activity_at
           FROM counted k JOIN participations p ON p.id = k.id
       )
       UPDATE participations p
          SET validated_chapters = n.validated, progress = n.progress, status = n.status, started_at = n.started_at,
              completed_at = n.completed_at, last_activity_at = n.last_activity_at,
              expires_at = n.completed_at + make_interval(months => n.validity_months), updated_at = now()
         FROM next n
        WHERE p.id = n.id
          AND (p.validated_chapters, p.progress, p.status, p.started_at, p.completed_at, p.last_activity_at,
               p.expires_at)
              IS DISTINCT FROM (n.validated, n.progress, n.status, n.started_at, n.completed_at, n.last_activity_at,
                                n.completed_at + make_interval(months => n.validity_months));
     END $$`,
    // A new validation is of its learner's current cycle in the chapter's course (the first without an
    // enrolment), whoever writes it; one filed in a given cycle (an import of history) keeps it. As the
    // tables' owner, like the recount: the enrolment is read whatever the writer's scope may see of it.
    `CREATE OR REPLACE FUNCTION learning_validation_cycle() RETURNS trigger LANGUAGE plpgsql
       SECURITY DEFINER SET search_path = pg_catalog, public AS $$
     BEGIN
       IF NEW.cycle IS NULL THEN
         NEW.cycle := coalesce((SELECT p.cycle FROM participations p
                                  JOIN modules m ON m.course_id = p.course_id JOIN chapters ch ON ch.module_id = m.id
                                 WHERE ch.id = NEW.chapter_id AND p.user_id = NEW.user_id), 1);
       END IF;
       RETURN NEW;
     END $$`,
    // Named apart from the learning_ triggers that keep figures: it files the row itself, and stays on
    // whenever those are set aside.
    `DROP TRIGGER IF EXISTS chapter_validations_cycle ON chapter_validations`,
    `CREATE TRIGGER chapter_validations_cycle BEFORE INSERT ON chapter_validations
       FOR EACH ROW EXECUTE FUNCTION learning_validation_cycle()`,
    // Validations written, removed or moved: their learners' participations in the chapters' courses. As the
    // tables' owner (a fixed search_path): the pairs are those of rows the write itself passed row-level
    // security with, and the recount's statements, checked again against every policy, cost a validation's
    // write several times the write itself.
    `CREATE OR REPLACE FUNCTION learning_validations_changed() RETURNS trigger LANGUAGE plpgsql
       SECURITY DEFINER SET search_path = pg_catalog, public AS $$
     DECLARE pairs record;
     BEGIN
       IF TG_OP = 'INSERT' THEN
         -- The everyday write, a learner's next chapter: each participation moves by what its current cycle
         -- gained, without counting its validations again. The ones the new rows complete are counted whole
         -- (their completion date is their last validation's), as is any the step left (none, unless a
         -- concurrent write completed it first).
         WITH added AS MATERIALIZED (
           SELECT p.id, p.user_id, p.course_id, count(*)::int AS n, min(n.validated_at) AS first_at,
                  max(n.validated_at) AS last_at, course_chapter_total(p.course_id) AS total
             FROM new_rows n JOIN chapters ch ON ch.id = n.chapter_id JOIN modules m ON m.id = ch.module_id
             JOIN participations p ON p.user_id = n.user_id AND p.course_id = m.course_id AND p.cycle = n.cycle
            GROUP BY p.id, p.user_id, p.course_id
         ), moved AS (
           UPDATE participations p
              SET validated_chapters = p.validated_chapters + a.n,
                  progress = CASE WHEN p.status = 'completed' THEN p.progress
                                  ELSE learning_progress(p.validated_chapters + a.n, a.total) END,
                  status = CASE WHEN p.status = 'completed' THEN p.status ELSE 'in_progress' END,
                  started_at = coalesce(p.started_at, a.first_at),
                  last_activity_at = greatest(p.last_activity_at, a.last_at), updated_at = now()
             FROM added a
            WHERE p.id = a.id
              AND (p.status = 'completed' OR a.total <= 0 OR p.validated_chapters + a.n < a.total)
           RETURNING p.id
         )
         SELECT array_agg(a.user_id) AS users, array_agg(a.course_id) AS courses INTO pairs
           FROM added a WHERE a.id NOT IN (SELECT id FROM moved);
       ELSIF TG_OP = 'DELETE' THEN
         SELECT array_agg(x.user_id) AS users, array_agg(x.course_id) AS courses INTO pairs FROM (
           SELECT DISTINCT o.user_id, m.course_id FROM old_rows o
             JOIN chapters ch ON ch.id = o.chapter_id JOIN modules m ON m.id = ch.module_id) x;
       ELSE
         SELECT array_agg(x.user_id) AS users, array_agg(x.course_id) AS courses INTO pairs FROM (
           SELECT DISTINCT r.user_id, m.course_id
             FROM (SELECT user_id, chapter_id FROM new_rows UNION SELECT user_id, chapter_id FROM old_rows) r
             JOIN chapters ch ON ch.id = r.chapter_id JOIN modules m ON m.id = ch.module_id) x;
       END IF;
       IF pairs.users IS NOT NULL THEN PERFORM learning_recount(pairs.users, pairs.courses); END IF;
       RETURN NULL;
     END $$`,
    `DROP TRIGGER IF EXISTS learning_validations_inserted ON chapter_validations`,
    `CREATE TRIGGER learning_validations_inserted AFTER INSERT ON chapter_validations
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_validations_changed()`,
    `DROP TRIGGER IF EXISTS learning_validations_deleted ON chapter_validations`,
    `CREATE TRIGGER learning_validations_deleted AFTER DELETE ON chapter_validations
       REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_validations_changed()`,
    `DROP TRIGGER IF EXISTS learning_validations_updated ON chapter_validations`,
    `CREATE TRIGGER learning_validations_updated AFTER UPDATE ON chapter_validations
       REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
       EXECUTE FUNCTION learning_validations_changed()`,
    // An answer is activity: the learner has started, and was last seen then.
    `CREATE OR REPLACE FUNCTION learning_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE participations p
          SET last_activity_at = greatest(p.last_activity_at, a.at),
              status = CASE WHEN p.status = 'invited' THEN 'in_progress' ELSE p.status END,
              started_at = coalesce(p.started_at, a.at), updated_at = now()
         FROM (SELECT n.user_id, m.course_id, max(n.updated_at) AS at
                 FROM new_rows n JOIN chapter_parts cp ON cp.id = n.chapter_part_id
                 JOIN chapters ch ON ch.id = cp.chapter_id JOIN modules m ON m.id = ch.module_id
                GROUP BY n.user_id, m.course_id) a
        WHERE p.user_id = a.user_id AND p.course_id = a.course_id
          AND (p.last_activity_at IS NULL OR p.last_activity_at < a.at);
       RETURN NULL;
     END $$`,
    `DROP TRIGGER IF EXISTS learning_answers_inserted ON chapter_part_responses`,
    `CREATE TRIGGER learning_answers_inserted AFTER INSERT ON chapter_part_responses
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_answers_changed()`,
    // A new enrolment starts from what its learner already validated of the course.
    `CREATE OR REPLACE FUNCTION learning_participations_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE pairs record;
     BEGIN
       SELECT array_agg(n.user_id) AS users, array_agg(n.course_id) AS courses INTO pairs FROM new_rows n;
       IF pairs.users IS NOT NULL THEN PERFORM learning_recount(pairs.users, pairs.courses); END IF;
       RETURN NULL;
     END $$`,
    `DROP TRIGGER IF EXISTS learning_participations_inserted ON participations`,
    `CREATE TRIGGER learning_participations_inserted AFTER INSERT ON participations
       REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION learning_participations_inserted()`,
    // A publish changes the chapters learners get: the course's learners are counted again at its commit,
    // once its live nodes are all written.
    `CREATE OR REPLACE FUNCTION learning_course_published() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM learning_recount(array_agg(p.user_id), array_agg(p.course_id))
          FROM participations p WHERE p.course_id = NEW.course_id;
       RETURN NULL;
     END $$`,
    `DROP TRIGGER IF EXISTS learning_course_published ON course_live`,
    `CREATE CONSTRAINT TRIGGER learning_course_published AFTER INSERT OR UPDATE OF version ON course_live
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION learning_course_published()`,
  ];
}
