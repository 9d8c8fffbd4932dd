import { LEARNER_ANSWERS_LISTED, OVERVIEW_DUE_WITHIN_DAYS, OVERVIEW_ITEMS } from '../../src/domain/learning.ts';
import type { Queryable, Row } from '../db/database.ts';
import { learnerStateSql, stateConditionSql } from '../resources/rulesSql.ts';
import { allOf, type LearningReader } from './readers.ts';
import { frenchOrder } from '../shared/sql.ts';

/**
 * One learner's courses as the reader follows them (GET /api/learning/learners/{id}), and the home page's
 * lists (GET /api/learning/overview): read from the participations themselves, which their learner's
 * validations keep up to date, over the rows the reader's list of participations reaches.
 */

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)).toISOString());

/** SQL: a participation `t`'s course: the course of the chapter part `r.chapter_part_id`. */
const PART_COURSE = `JOIN chapter_parts cp ON cp.id = r.chapter_part_id JOIN chapters ch ON ch.id = cp.chapter_id
                     JOIN modules m ON m.id = ch.module_id`;

/** Answers waiting for a review: submitted, not yet validated or rejected. */
const WAITING = `r.status = 'submitted'`;

export async function readLearnerCourses(db: Queryable, reader: LearningReader, learner: number) {
  const reached = allOf([...reader.participations, 't.unenrolled_at IS NULL', 't.user_id = $1']);
  const courses = await db.query(
    `SELECT t.id, t.course_id, c.title, t.status, t.progress, ${learnerStateSql('t')} AS state, t.due_at,
            t.last_activity_at, t.completed_at, t.validated_chapters, course_chapter_total(t.course_id) AS chapter_total,
            (SELECT count(*) FROM chapter_part_responses r ${PART_COURSE}
              WHERE r.user_id = t.user_id AND m.course_id = t.course_id AND ${WAITING})::int AS answers_waiting
       FROM participations t JOIN courses c ON c.id = t.course_id
      WHERE ${reached}
      ORDER BY t.due_at NULLS LAST, ${frenchOrder('c.title')}, t.id`,
    [learner],
  );
  const waiting = await db.query(
    `SELECT r.id, cp.id AS part_id, cp.title AS part_title, t.course_id, c.title AS course_title, r.updated_at
       FROM chapter_part_responses r ${PART_COURSE}
       JOIN participations t ON t.user_id = r.user_id AND t.course_id = m.course_id
       JOIN courses c ON c.id = t.course_id
      WHERE r.user_id = $1 AND ${WAITING} AND ${reached}
      ORDER BY r.updated_at, r.id
      LIMIT ${LEARNER_ANSWERS_LISTED}`,
    [learner],
  );
  return {
    courses: courses.map((row) => ({
      participation: `/api/participations/${row.id}`,
      course: { id: Number(row.course_id), title: String(row.title) },
      status: String(row.status),
      progress: Number(row.progress),
      state: String(row.state),
      dueAt: iso(row.due_at),
      lastActivityAt: iso(row.last_activity_at),
      completedAt: iso(row.completed_at),
      validatedChapters: Number(row.validated_chapters),
      chapterTotal: Number(row.chapter_total),
      answersWaiting: Number(row.answers_waiting),
    })),
    answersWaiting: waiting.map((row) => ({
      id: Number(row.id),
      part: { id: Number(row.part_id), title: row.part_title === null ? null : String(row.part_title) },
      course: { id: Number(row.course_id), title: String(row.course_title) },
      submittedAt: iso(row.updated_at),
    })),
  };
}

interface OverviewList {
  count: number;
  items: {
    participation: string;
    learner: { id: number; name: string };
    course: { id: number; title: string };
    dueAt: string | null;
  }[];
}

/**
 * The first learners of a list by due date, read in order from the open due dates' index (migration 0045),
 * and how many there are: `count`, an SQL statement answering `n`, else counted at the request.
 */
async function dueList(
  db: Queryable,
  reader: LearningReader,
  condition: string,
  count?: string,
): Promise<OverviewList> {
  const where = allOf([...reader.participations, 't.unenrolled_at IS NULL', condition]);
  const rows = await db.query<Row>(
    `SELECT t.id, t.user_id, concat_ws(' ', u.first_name, u.last_name) AS name, t.course_id, c.title, t.due_at
       FROM participations t JOIN users u ON u.id = t.user_id JOIN courses c ON c.id = t.course_id
      WHERE ${where}
      ORDER BY t.due_at, t.id
      LIMIT ${OVERVIEW_ITEMS}`,
  );
  const [total] = await db.query<{ n: number }>(
    count ?? `SELECT count(*)::int AS n FROM participations t WHERE ${where}`,
  );
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((row) => ({
      participation: `/api/participations/${row.id}`,
      learner: { id: Number(row.user_id), name: String(row.name) },
      course: { id: Number(row.course_id), title: String(row.title) },
      dueAt: iso(row.due_at),
    })),
  };
}

export async function readOverview(db: Queryable, reader: LearningReader) {
  // How many are late, and at risk, are readings of every open participation: a structure has a hundred
  // thousand, so the aggregates count them (as the report), but for a supervisor, whose few learners are
  // counted at the request. The lists' first items are read at the request, by the due dates' index.
  const aggregated = (figure: string) =>
    `SELECT coalesce(sum(a.${figure}), 0)::int AS n FROM learning_course_stats a WHERE ${allOf(reader.aggregates)}`;
  const late = await dueList(
    db,
    reader,
    stateConditionSql('late', 't'),
    reader.supervisor ? undefined : aggregated('late'),
  );
  const dueThisWeek = await dueList(
    db,
    reader,
    `t.status <> 'completed' AND t.due_at >= now() AND t.due_at < now() + interval '${OVERVIEW_DUE_WITHIN_DAYS} days'`,
  );
  const [risk] = await db.query<{ n: number }>(
    reader.supervisor
      ? `SELECT count(*)::int AS n FROM participations t
          WHERE ${allOf([...reader.participations, 't.unenrolled_at IS NULL', stateConditionSql('at_risk', 't')])}`
      : aggregated('at_risk'),
  );
  return { late, dueThisWeek, atRisk: { count: Number(risk?.n ?? 0) } };
}
