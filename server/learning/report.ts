import { completionRateOf } from '../../src/domain/learningMail.ts';
import type { Queryable } from '../db/database.ts';
import { courseStatsSql, dailySql, refreshedAtSql } from './aggregates.ts';
import { allOf, type LearningReader } from './readers.ts';
import { frenchOrder } from '../shared/sql.ts';

/**
 * A report of a reader's figures (GET /api/learning/report): each course's standing and the weeks'
 * enrolments and completions, read from the aggregates (their last refresh), or for a supervisor counted at
 * the request over their learners alone. The totals are the sums of the courses' figures, each participation
 * belonging to one course.
 */

export interface Figures {
  enrolled: number;
  started: number;
  completed: number;
  late: number;
  atRisk: number;
  completionRate: number;
}

export interface Report {
  refreshedAt: string | null;
  totals: Figures;
  courses: ({ course: { id: number; title: string } } & Figures)[];
  timeline: { week: string; enrolled: number; completed: number }[];
  structures: ({ structure: { id: number; name: string } } & Omit<Figures, 'started'>)[];
}

export interface ReportQuery {
  /** Only this course, already checked readable. */
  course?: number;
  /** The first and last days of the timeline (`YYYY-MM-DD`, the platform's days). */
  from: string;
  to: string;
}

const FIGURES = `sum(s.enrolled)::int AS enrolled, sum(s.started)::int AS started, sum(s.completed)::int AS completed,
                 sum(s.late)::int AS late, sum(s.at_risk)::int AS "atRisk"`;

const figuresOf = (row: Record<string, unknown>): Figures => {
  const [enrolled, started, completed, late, atRisk] = ['enrolled', 'started', 'completed', 'late', 'atRisk'].map(
    (key) => Number(row[key] ?? 0),
  );
  return { enrolled, started, completed, late, atRisk, completionRate: completionRateOf(completed, enrolled) };
};

/** SQL: the rows a reader's figures come from, as the aggregate `table` has them (alias `s`). */
function sourceSql(reader: LearningReader, table: 'learning_course_stats' | 'learning_daily', course: string) {
  const courseOnly = course === 'NULL' ? [] : [`t.course_id = ${course}`];
  if (reader.supervisor) {
    const live = table === 'learning_course_stats' ? courseStatsSql : dailySql;
    return `(${live([...reader.participations, ...courseOnly])})`;
  }
  const conditions = [...reader.aggregates, ...(course === 'NULL' ? [] : [`a.course_id = ${course}`])];
  return `(SELECT a.* FROM ${table} a WHERE ${allOf(conditions)})`;
}

/** The reader's report: four short statements on the aggregates, in the reader's scope. */
export async function readReport(db: Queryable, reader: LearningReader, query: ReportQuery): Promise<Report> {
  const course = query.course === undefined ? 'NULL' : String(Number(query.course));
  const stats = sourceSql(reader, 'learning_course_stats', course);
  const courses = await db.query(
    `SELECT s.course_id AS id, c.title, ${FIGURES}
       FROM ${stats} s JOIN courses c ON c.id = s.course_id
      GROUP BY s.course_id, c.title ORDER BY ${frenchOrder('c.title')}, s.course_id`,
  );
  const timeline = await db.query<{ week: string; enrolled: number; completed: number }>(
    `WITH days AS (SELECT s.day, s.enrolled, s.completed FROM ${sourceSql(reader, 'learning_daily', course)} s
                    WHERE s.day BETWEEN $1::date AND $2::date),
          weeks AS (SELECT date_trunc('week', d.day)::date AS week, sum(d.enrolled)::int AS enrolled,
                           sum(d.completed)::int AS completed FROM days d GROUP BY 1)
     SELECT to_char(w.week, 'YYYY-MM-DD') AS week, coalesce(k.enrolled, 0) AS enrolled, coalesce(k.completed, 0) AS completed
       FROM generate_series(date_trunc('week', $1::date), date_trunc('week', $2::date), interval '1 week') AS w(week)
       LEFT JOIN weeks k ON k.week = w.week::date
      ORDER BY w.week`,
    [query.from, query.to],
  );
  const structures = reader.allStructures
    ? await db.query(
        `SELECT s.company_id AS id, co.name, ${FIGURES}
           FROM ${stats} s JOIN companies co ON co.id = s.company_id
          GROUP BY s.company_id, co.name ORDER BY ${frenchOrder('co.name')}, s.company_id`,
      )
    : [];
  const [refreshed] = await db.query<{ at: string | null }>(
    reader.supervisor ? `SELECT now() AS at` : `SELECT ${refreshedAtSql(['course_stats', 'daily'])} AS at`,
  );
  const rows = courses.map((row) => ({ course: { id: Number(row.id), title: String(row.title) }, ...figuresOf(row) }));
  const sum = (key: keyof Omit<Figures, 'completionRate'>) => rows.reduce((total, row) => total + row[key], 0);
  const totals = figuresOf({
    enrolled: sum('enrolled'),
    started: sum('started'),
    completed: sum('completed'),
    late: sum('late'),
    atRisk: sum('atRisk'),
  });
  return {
    refreshedAt: refreshed?.at ? new Date(refreshed.at).toISOString() : null,
    totals,
    courses: rows,
    timeline: timeline.map((row) => ({
      week: row.week,
      enrolled: Number(row.enrolled),
      completed: Number(row.completed),
    })),
    structures: structures.map((row) => {
      const { started: _started, ...figures } = figuresOf(row);
      void _started;
      return { structure: { id: Number(row.id), name: String(row.name) }, ...figures };
    }),
  };
}
