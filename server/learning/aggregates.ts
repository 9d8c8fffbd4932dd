import { LIVE_LEVELS } from '../../src/domain/courseVersions.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';
import type { Database, Queryable } from '../db/database.ts';
import { PLATFORM } from '../db/scope.ts';
import { literal } from '../shared/sql.ts';
import { stateConditionSql } from '../resources/rulesSql.ts';

/**
 * The figures the reports and the funnel read, kept by the database in three tables by structure and course
 * (migration 0045) and refreshed by a periodic job rather than counted from every validation at each request.
 * Each is computed whole in one set-based statement (a scan of the participations, and for the funnel one of
 * the validations and answers), then merged into its table: rows whose figures did not change are not
 * written, rows of what is gone are deleted. The same statements, narrowed to a supervisor's learners, give a
 * supervisor's figures at the time of the request (report.ts, funnel.ts): a supervisor follows a few people.
 */

/** The periodic job that refreshes them, and how often unless LEARNING_AGGREGATES_SECONDS says otherwise. */
export const LEARNING_AGGREGATES_JOB = 'learning-aggregates';
export const LEARNING_AGGREGATES_SECONDS = 300;

/** The aggregates, by their names in `learning_refreshes`. */
export const AGGREGATES = ['course_stats', 'funnel', 'daily'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

const [MODULES, CHAPTERS] = [literal(LIVE_LEVELS[0].resource), literal(LIVE_LEVELS[1].resource)];

/** Participations that count (alias `t`): still enrolled, of a structure's member. */
const COUNTED = 't.unenrolled_at IS NULL AND t.company_id IS NOT NULL';

const where = (conditions: readonly string[]) => [COUNTED, ...conditions].join(' AND ');

/**
 * SQL: each structure's figures of each course (`company_id`, `course_id`, `enrolled`, `started`, `completed`,
 * `late`, `at_risk`), over the participations `t` that hold `conditions` besides: one scan, counted by state
 * as the lists filter (resources/rulesSql.ts).
 */
export function courseStatsSql(conditions: readonly string[] = []): string {
  return `SELECT t.company_id, t.course_id, count(*)::int AS enrolled,
                 count(*) FILTER (WHERE t.status <> 'invited')::int AS started,
                 count(*) FILTER (WHERE t.status = 'completed')::int AS completed,
                 count(*) FILTER (WHERE ${stateConditionSql('late', 't')})::int AS late,
                 count(*) FILTER (WHERE ${stateConditionSql('at_risk', 't')})::int AS at_risk
            FROM participations t
           WHERE ${where(conditions)}
           GROUP BY t.company_id, t.course_id`;
}

/**
 * SQL: the chapters of the courses `courses` (an SQL int4[], all when null) in the order learners read them
 * (`course_id`, `chapter_id`, `module_id`, `place` from 1): the live version's once published, the draft's
 * before, as progress counts them (course_chapter_total).
 */
export function courseChaptersSql(courses = 'NULL::int4[]'): string {
  const among = (column: string) => `(${courses} IS NULL OR ${column} = ANY (${courses}))`;
  return `SELECT n.course_id, n.id AS chapter_id, n.parent_id AS module_id,
                 row_number() OVER (PARTITION BY n.course_id ORDER BY m.position, m.id, n.position, n.id)::int AS place
            FROM course_live_nodes n
            JOIN course_live_nodes m ON m.course_id = n.course_id AND m.level = ${MODULES} AND m.id = n.parent_id
           WHERE n.level = ${CHAPTERS} AND ${among('n.course_id')}
          UNION ALL
          SELECT m.course_id, c.id, c.module_id,
                 row_number() OVER (PARTITION BY m.course_id ORDER BY m.position, m.id, c.position, c.id)::int
            FROM modules m JOIN chapters c ON c.module_id = m.id
           WHERE m.in_draft_since IS NOT NULL AND c.in_draft_since IS NOT NULL AND ${among('m.course_id')}
             AND NOT EXISTS (SELECT 1 FROM course_live l WHERE l.course_id = m.course_id)`;
}

/**
 * SQL: the funnel of each structure's courses (`company_id`, `course_id`, `chapter_id`, `place`, `reached`,
 * `validated`), over the participations `t` that hold `conditions`: of a course's learners, how many reached
 * each chapter (validated it, or answered one of its parts) and how many validated it; every chapter of the
 * course, reached or not; a validation counts in its learner's current cycle only (an earlier cycle's are
 * history). `courses`: as in courseChaptersSql. Validations and answers are read once each,
 * joined to their chapter's course, then to the learners by (learner, course).
 */
export function funnelSql(conditions: readonly string[] = [], courses = 'NULL::int4[]'): string {
  return `WITH learners AS MATERIALIZED (
            SELECT t.company_id, t.course_id, t.user_id, t.cycle FROM participations t WHERE ${where(conditions)}),
          chapters_of AS MATERIALIZED (${courseChaptersSql(courses)}),
          touched AS (
            SELECT v.user_id, c.course_id, c.chapter_id, true AS validated, v.cycle
              FROM chapter_validations v JOIN chapters_of c ON c.chapter_id = v.chapter_id
            UNION ALL
            SELECT r.user_id, c.course_id, c.chapter_id, false, NULL
              FROM chapter_part_responses r JOIN chapter_parts p ON p.id = r.chapter_part_id
              JOIN chapters_of c ON c.chapter_id = p.chapter_id),
          reached AS (
            SELECT l.company_id, x.course_id, x.chapter_id, x.user_id, bool_or(x.validated) AS validated
              FROM touched x JOIN learners l ON l.user_id = x.user_id AND l.course_id = x.course_id
                   AND (NOT x.validated OR x.cycle = l.cycle)
             GROUP BY l.company_id, x.course_id, x.chapter_id, x.user_id)
          SELECT g.company_id, c.course_id, c.chapter_id, c.place,
                 count(r.user_id)::int AS reached, count(*) FILTER (WHERE r.validated)::int AS validated
            FROM (SELECT DISTINCT company_id, course_id FROM learners) g
            JOIN chapters_of c ON c.course_id = g.course_id
            LEFT JOIN reached r ON r.company_id = g.company_id AND r.course_id = c.course_id AND r.chapter_id = c.chapter_id
           GROUP BY g.company_id, c.course_id, c.chapter_id, c.place`;
}

/** SQL: the day of an instant in the platform's time zone, as a manager reads a chart. */
export const daySql = (instant: string) => `(${instant} AT TIME ZONE ${literal(DEFAULT_TIME_ZONE)})::date`;

/**
 * SQL: enrolments and completions of each day (`company_id`, `course_id`, `day`, `enrolled`, `completed`),
 * over the participations `t` that hold `conditions`: one scan, each row counted on its enrolment's day and,
 * once completed, on its completion's.
 */
export function dailySql(conditions: readonly string[] = []): string {
  return `SELECT t.company_id, t.course_id, d.day, sum(d.enrolled)::int AS enrolled, sum(d.completed)::int AS completed
            FROM participations t
            CROSS JOIN LATERAL (VALUES (${daySql('t.created_at')}, 1, 0), (${daySql('t.completed_at')}, 0, 1)) AS d(day, enrolled, completed)
           WHERE ${where(conditions)} AND d.day IS NOT NULL
           GROUP BY t.company_id, t.course_id, d.day`;
}

/**
 * Merges a freshly computed aggregate into its table in one statement: rows whose figures changed are
 * updated, new ones inserted, and those the computation no longer yields deleted. The two data-modifying
 * parts touch disjoint rows (a key is either computed or gone).
 */
function mergeSql(table: string, fresh: string, keys: readonly string[], figures: readonly string[]): string {
  const columns = [...keys, ...figures];
  const stamped = table !== 'learning_daily';
  return `WITH fresh AS MATERIALIZED (${fresh}),
          gone AS (
            DELETE FROM ${table} a
             WHERE NOT EXISTS (SELECT 1 FROM fresh f WHERE ${keys.map((key) => `f.${key} = a.${key}`).join(' AND ')}))
          INSERT INTO ${table} (${columns.join(', ')}${stamped ? ', refreshed_at' : ''})
          SELECT ${columns.join(', ')}${stamped ? ', now()' : ''} FROM fresh
          ON CONFLICT (${keys.join(', ')}) DO UPDATE
             SET ${figures.map((figure) => `${figure} = EXCLUDED.${figure}`).join(', ')}${stamped ? ', refreshed_at = now()' : ''}
           WHERE (${figures.map((figure) => `${table}.${figure}`).join(', ')})
                 IS DISTINCT FROM (${figures.map((figure) => `EXCLUDED.${figure}`).join(', ')})`;
}

const MERGES: Readonly<Record<Aggregate, string>> = {
  course_stats: mergeSql(
    'learning_course_stats',
    courseStatsSql(),
    ['company_id', 'course_id'],
    ['enrolled', 'started', 'completed', 'late', 'at_risk'],
  ),
  funnel: mergeSql(
    'learning_funnel',
    funnelSql(),
    ['company_id', 'course_id', 'chapter_id'],
    ['place', 'reached', 'validated'],
  ),
  daily: mergeSql('learning_daily', dailySql(), ['company_id', 'course_id', 'day'], ['enrolled', 'completed']),
};

/** Refreshes one aggregate in one transaction; two refreshes at once (two processes, a seed) take turns. */
async function refresh(tx: Queryable, aggregate: Aggregate): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('learning-aggregates'))`);
  await tx.query(MERGES[aggregate]);
  await tx.query(
    `INSERT INTO learning_refreshes (aggregate, refreshed_at) VALUES ($1, now())
     ON CONFLICT (aggregate) DO UPDATE SET refreshed_at = EXCLUDED.refreshed_at`,
    [aggregate],
  );
}

/**
 * Refreshes the three aggregates of every structure, each in its own transaction, in the platform's scope:
 * the periodic job `learning-aggregates`, the demo seed's last step, and the tests.
 */
export async function refreshLearningAggregates(db: Database): Promise<void> {
  const platform = db.scoped(PLATFORM);
  for (const aggregate of AGGREGATES) await platform.transaction((tx) => refresh(tx, aggregate));
}

/** SQL: when the aggregates a reader combines were last refreshed (the oldest of them), null before any. */
export const refreshedAtSql = (aggregates: readonly Aggregate[]) =>
  `(SELECT CASE WHEN count(*) = ${aggregates.length} THEN min(refreshed_at) END FROM learning_refreshes
     WHERE aggregate IN (${aggregates.map(literal).join(', ')}))`;
