import { LIVE_LEVELS } from '../../src/domain/courseVersions.ts';
import type { Queryable } from '../db/database.ts';
import { literal } from '../shared/sql.ts';
import { courseChaptersSql, courseStatsSql, funnelSql, refreshedAtSql } from './aggregates.ts';
import { allOf, type LearningReader } from './readers.ts';

/**
 * A course's funnel (GET /api/learning/courses/{id}/funnel): of its learners, how many reached then
 * validated each chapter, in the order they read them. Read from the aggregates (their last refresh), beside
 * the course's chapters and the names learners have of them; for a supervisor, counted at the request over
 * their learners of the course.
 */

export interface FunnelStep {
  chapter: { id: number; title: string };
  module: { id: number | null; title: string | null };
  place: number;
  reached: number;
  validated: number;
}

const [MODULES, CHAPTERS] = [literal(LIVE_LEVELS[0].resource), literal(LIVE_LEVELS[1].resource)];

export async function readFunnel(
  db: Queryable,
  reader: LearningReader,
  course: number,
): Promise<{ refreshedAt: string | null; enrolled: number; steps: FunnelStep[] }> {
  const id = String(Number(course));
  const live = [...reader.participations, `t.course_id = ${id}`];
  const funnel = reader.supervisor
    ? `(${funnelSql(live, `ARRAY[${id}]::int4[]`)})`
    : `(SELECT a.* FROM learning_funnel a WHERE a.course_id = ${id} AND ${allOf(reader.aggregates)})`;
  const stats = reader.supervisor
    ? `(${courseStatsSql(live)})`
    : `(SELECT a.* FROM learning_course_stats a WHERE a.course_id = ${id} AND ${allOf(reader.aggregates)})`;
  // Every chapter of the course in its order now, with the figures counted for it (none: nobody reached it).
  // A chapter's names: its live node's once published (a chapter removed from the draft is still read there),
  // else its row's. Several structures (platform staff over all) sum chapter by chapter.
  const steps = await db.query(
    `WITH counted AS (SELECT f.chapter_id, sum(f.reached)::int AS reached, sum(f.validated)::int AS validated
                        FROM ${funnel} f GROUP BY f.chapter_id),
          f AS (SELECT c.chapter_id, c.place, coalesce(k.reached, 0) AS reached, coalesce(k.validated, 0) AS validated
                  FROM (${courseChaptersSql(`ARRAY[${id}]::int4[]`)}) c
                  LEFT JOIN counted k ON k.chapter_id = c.chapter_id)
     SELECT f.chapter_id, f.place, f.reached, f.validated,
            coalesce(lc.fields ->> 'title', ch.title) AS chapter_title,
            coalesce(lc.parent_id, ch.module_id) AS module_id,
            coalesce(lm.fields ->> 'title', m.title) AS module_title
       FROM f
       LEFT JOIN course_live_nodes lc ON lc.course_id = ${id} AND lc.level = ${CHAPTERS} AND lc.id = f.chapter_id
       LEFT JOIN chapters ch ON ch.id = f.chapter_id
       LEFT JOIN course_live_nodes lm ON lm.course_id = ${id} AND lm.level = ${MODULES}
                                     AND lm.id = coalesce(lc.parent_id, ch.module_id)
       LEFT JOIN modules m ON m.id = coalesce(lc.parent_id, ch.module_id)
      ORDER BY f.place, f.chapter_id`,
  );
  const [head] = await db.query<{ enrolled: number; at: string | null }>(
    `SELECT (SELECT coalesce(sum(s.enrolled), 0)::int FROM ${stats} s) AS enrolled,
            ${reader.supervisor ? 'now()' : refreshedAtSql(['course_stats', 'funnel'])} AS at`,
  );
  return {
    refreshedAt: head?.at ? new Date(head.at).toISOString() : null,
    enrolled: Number(head?.enrolled ?? 0),
    steps: steps.map((row) => ({
      chapter: { id: Number(row.chapter_id), title: String(row.chapter_title ?? '') },
      module: {
        id: row.module_id === null ? null : Number(row.module_id),
        title: row.module_title ?? null,
      },
      place: Number(row.place),
      reached: Number(row.reached),
      validated: Number(row.validated),
    })),
  };
}
