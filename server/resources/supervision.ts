import { ident } from '../shared/sql.ts';

/**
 * Who a supervisor follows (user-supervisions): a learner, for one course or every course, from the
 * supervision's start to its end (either may be open). The one reading of it, for the engine's condition on
 * a supervisor's reads and for the row-level security that holds it a second time.
 */

/** SQL: the supervision row `s` holds now. */
const currentSql = `(s.starts_at IS NULL OR s.starts_at <= now()) AND (s.ends_at IS NULL OR s.ends_at > now())`;

/**
 * SQL: `supervisor` (an SQL integer) supervises now the learner `learner` (an SQL expression), for some
 * course: the supervisor's learners as an array computed once a statement, so that their rows are read by
 * their learner's index.
 */
export const supervisesSql = (supervisor: string, learner: string): string =>
  `${learner} = ANY (ARRAY(SELECT s.learner_id FROM user_supervisions s
                            WHERE s.supervisor_id = ${supervisor} AND ${currentSql}))`;

/**
 * SQL: `supervisor` supervises now the learner `learner` for the course `course` (SQL expressions of the row
 * read): the learner first (supervisesSql), the course of the row second.
 */
export function supervisedSql(supervisor: string, learner: string, course: string): string {
  return `(${supervisesSql(supervisor, learner)}
     AND EXISTS (SELECT 1 FROM user_supervisions s
                  WHERE s.supervisor_id = ${supervisor} AND s.learner_id = ${learner}
                    AND (s.course_id IS NULL OR s.course_id = ${course}) AND ${currentSql}))`;
}

/** The course of a chapter (SQL of its id), and of a chapter part. */
const chapterCourseSql = (chapter: string) =>
  `(SELECT m.course_id FROM chapters ch JOIN modules m ON m.id = ch.module_id WHERE ch.id = ${chapter})`;
const partCourseSql = (part: string) =>
  `(SELECT m.course_id FROM chapter_parts cp JOIN chapters ch ON ch.id = cp.chapter_id
      JOIN modules m ON m.id = ch.module_id WHERE cp.id = ${part})`;

/**
 * The tables a supervisor reads through a supervision, each row's learner and course, named with their
 * table (a supervision has a course column too: unqualified, the sub-select would read its own).
 */
const SUPERVISED_TABLES: readonly { table: string; learner: string; course: string }[] = [
  { table: 'participations', learner: 'participations.user_id', course: 'participations.course_id' },
  {
    table: 'chapter_validations',
    learner: 'chapter_validations.user_id',
    course: chapterCourseSql('chapter_validations.chapter_id'),
  },
  {
    table: 'chapter_part_responses',
    learner: 'chapter_part_responses.user_id',
    course: partCourseSql('chapter_part_responses.chapter_part_id'),
  },
];

/**
 * The second lock of a supervisor's reads: in a scope that reads as a supervisor (server/db/scope.ts, sealed
 * with the rest), these tables show only the rows of the learners the scope's user supervises now, for the
 * supervision's course, whatever a statement's own conditions say. Restrictive: they narrow the structure's
 * policies, never widen them. Outside such a scope the flag is read once and lets every row through.
 */
export function supervisionPolicies(): string[] {
  return SUPERVISED_TABLES.map(
    ({ table, learner, course }) =>
      `CREATE POLICY supervised_rows ON ${ident(table)} AS RESTRICTIVE
         USING (NOT (SELECT app_supervisor()) OR ${supervisedSql('(SELECT app_user_id())', learner, course)})`,
  );
}
