import { randomUUID } from 'node:crypto';
import type { TestApp } from './testApp.ts';

/**
 * Fixed learning data for the tests of the learning views: a course of a structure, its learners in each
 * state on dates relative to now, and the sessions that read them.
 */

export interface Learner {
  id: number;
  name: string;
  email: string;
  participation: number;
}

export interface LearningFixture {
  course: number;
  chapters: number[];
  /** A part of each chapter, which learners answer. */
  parts: number[];
  learners: Record<'completed' | 'late' | 'inactive' | 'dueSoon' | 'onTrack' | 'fresh' | 'unenrolled', Learner>;
}

let counter = 0;

/** A member of `company` with the given roles; its id. */
export async function insertUser(t: TestApp, company: number, first: string, roles = ['ROLE_USER']) {
  const tag = `${Date.now().toString(36)}${counter++}`;
  const [user] = await t.db.query<{ id: number; email: string }>(
    `INSERT INTO users (email, first_name, last_name, type, roles, company_id, enabled)
     VALUES ($1, $2, $3, 'contributor', $4::text[], $5, true) RETURNING id, email`,
    [`${first.toLowerCase()}.${tag}@suivi.exemple.fr`, first, `Suivi${tag}`, roles, company],
  );
  return { id: Number(user.id), email: user.email, name: `${first} Suivi${tag}` };
}

/** A session of a user (its token), as sign-in would give it. */
export async function tokenOf(t: TestApp, user: { id: number; email: string }, company: number, roles = ['ROLE_USER']) {
  return t.tokens.sign({
    role: roles,
    company,
    employeeId: user.id,
    username: user.email,
    sid: randomUUID(),
    scope: 'full',
    sv: 0,
  });
}

/** A course of `company` with `chapters` chapters of one part each, never published (its draft is the learners'). */
export async function insertCourse(t: TestApp, company: number, title: string, chapterCount = 4) {
  const [course] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, company_id) VALUES ($1, $2) RETURNING id`,
    [title, company],
  );
  const [module] = await t.db.query<{ id: number }>(
    `INSERT INTO modules (title, course_id, position, company_id) VALUES ('Module', $1, 0, $2) RETURNING id`,
    [course.id, company],
  );
  const chapters = await t.db.query<{ id: number }>(
    `INSERT INTO chapters (title, module_id, position, company_id)
     SELECT 'Chapitre ' || (n + 1), $1, n, $2 FROM generate_series(0, $3 - 1) n ORDER BY n RETURNING id`,
    [module.id, company, chapterCount],
  );
  const parts = await t.db.query<{ id: number }>(
    `INSERT INTO chapter_parts (chapter_id, type, title, content, position, company_id)
     SELECT c, 'interactive_text', 'Question', '{"question": "Pourquoi ?"}'::jsonb, 0, $2 FROM unnest($1::int4[]) c
     RETURNING id`,
    [chapters.map((row) => row.id), company],
  );
  return {
    id: Number(course.id),
    chapters: chapters.map((row) => Number(row.id)),
    parts: parts.map((row) => Number(row.id)),
  };
}

/** Validations of the first `count` chapters for a learner, `daysAgo` days ago. */
export async function validate(t: TestApp, user: number, chapters: number[], daysAgo: number) {
  await t.db.query(
    `INSERT INTO chapter_validations (chapter_id, user_id, validated_at)
     SELECT c, $2, now() - make_interval(days => $3) FROM unnest($1::int4[]) c`,
    [chapters, user, daysAgo],
  );
}

/** An enrolment made `daysAgo` days ago, due `dueIn` days from now (none when null). */
export async function enrol(t: TestApp, user: number, course: number, daysAgo: number, dueIn: number | null) {
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO participations (user_id, course_id, created_at, due_at)
     VALUES ($1, $2, now() - make_interval(days => $3), CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(days => $4::int) END)
     RETURNING id`,
    [user, course, daysAgo, dueIn],
  );
  return Number(row.id);
}

/**
 * A course of structure `company` and seven learners: one completed, one late, one inactive for three
 * weeks, one due in three days with little done, one on track, one just enrolled, one unenrolled.
 */
export async function learningFixture(t: TestApp, company: number): Promise<LearningFixture> {
  const course = await insertCourse(t, company, `Suivi ${Date.now().toString(36)}`);
  const [c1, c2, c3, c4] = course.chapters;
  const learner = async (first: string, daysAgo: number, dueIn: number | null) => {
    const user = await insertUser(t, company, first);
    return { ...user, participation: await enrol(t, user.id, course.id, daysAgo, dueIn) };
  };
  const learners = {
    completed: await learner('Alice', 30, 10),
    late: await learner('Bruno', 30, -2),
    inactive: await learner('Chloe', 21, null),
    dueSoon: await learner('Denis', 5, 3),
    onTrack: await learner('Emma', 10, 30),
    fresh: await learner('Fanny', 0, 30),
    unenrolled: await learner('Gaston', 10, 30),
  };
  await validate(t, learners.completed.id, [c1, c2, c3, c4], 5);
  await validate(t, learners.late.id, [c1], 1);
  await validate(t, learners.onTrack.id, [c1, c2], 1);
  // An answer is activity: Denis answered the first chapter's part, and waits for its review.
  await t.db.query(
    `INSERT INTO chapter_part_responses (chapter_part_id, user_id, value, status) VALUES ($1, $2, '{"text": "Parce que."}', 'submitted')`,
    [course.parts[0], learners.dueSoon.id],
  );
  await t.db.query(`UPDATE participations SET unenrolled_at = now() WHERE id = $1`, [
    learners.unenrolled.participation,
  ]);
  return { course: course.id, chapters: course.chapters, parts: course.parts, learners };
}
