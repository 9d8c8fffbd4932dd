import { randomBytes } from 'node:crypto';
import type { TestApp } from './testApp.ts';

/**
 * What the enrolment tests build by SQL on the platform's scope, as a seed or an import would: courses,
 * members of a structure, their tags and skills. The API is what the tests then call.
 */

const RUN = randomBytes(3).toString('hex');
let counter = 0;

/** The other structure of the demo data (admin@transports-morel.fr's). */
export async function otherStructure(t: TestApp): Promise<number> {
  const [row] = await t.db.query<{ company_id: number }>(
    `SELECT company_id FROM users WHERE email = 'admin@transports-morel.fr'`,
  );
  return Number(row.company_id);
}

/** A course of `structure` (the catalogue's for null) with `chapters` chapters in one module; answers its ids. */
export async function courseWithChapters(
  t: TestApp,
  structure: number | null,
  chapters = 2,
  validityMonths: number | null = null,
): Promise<{ id: number; chapters: number[] }> {
  counter += 1;
  const [course] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, company_id, validity_months) VALUES ($1, $2, $3) RETURNING id`,
    [`Inscriptions ${RUN}-${counter}`, structure, validityMonths],
  );
  const [module] = await t.db.query<{ id: number }>(
    `INSERT INTO modules (title, course_id, position, company_id) VALUES ('Module', $1, 0, $2) RETURNING id`,
    [course.id, structure],
  );
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO chapters (title, module_id, position, company_id)
     SELECT 'Chapitre ' || n, $1, n, $2 FROM generate_series(0, $3::int - 1) n RETURNING id`,
    [module.id, structure, chapters],
  );
  return { id: course.id, chapters: rows.map((row) => row.id) };
}

export interface Member {
  id: number;
  email: string;
}

/** `count` new members of `structure`, named in order (`Nom 001`, ...), enabled unless told. */
export async function members(
  t: TestApp,
  structure: number,
  count: number,
  options: { enabled?: boolean; label?: string } = {},
): Promise<Member[]> {
  counter += 1;
  const label = `${options.label ?? 'membre'}-${RUN}-${counter}`;
  return t.db.query<Member>(
    `INSERT INTO users (email, first_name, last_name, type, roles, company_id, enabled)
     SELECT $1 || '-' || n || '@exemple.fr', 'Prénom', 'Nom ' || lpad(n::text, 6, '0') || ' ' || $1, 'contributor',
            ARRAY['ROLE_USER'], $2, $4
       FROM generate_series(1, $3::int) n ORDER BY n RETURNING id, email`,
    [label, structure, count, options.enabled ?? true],
  );
}

/** A new tag (or skill) of `structure` (the catalogue's for null). */
export async function group(t: TestApp, table: 'tags' | 'skills', structure: number | null): Promise<number> {
  counter += 1;
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO ${table} (name, company_id) VALUES ($1, $2) RETURNING id`,
    [`Groupe ${RUN}-${counter}`, structure],
  );
  return row.id;
}

/** Gives each member the tag (or skill). */
export async function give(t: TestApp, table: 'user_tags' | 'user_skills', people: Member[], id: number) {
  const column = table === 'user_tags' ? 'tag_id' : 'skill_id';
  await t.db.query(`INSERT INTO ${table} (user_id, ${column}) SELECT unnest($1::int4[]), $2`, [
    people.map((person) => person.id),
    id,
  ]);
}

/** The participations of a course, by learner. */
export async function enrolmentsOf(t: TestApp, course: number) {
  return t.db.query<{
    id: number;
    user_id: number;
    due_at: Date | null;
    unenrolled_at: Date | null;
    rule_id: number | null;
    enrolled_by_id: number | null;
    remind_supervisor: boolean;
  }>(
    `SELECT id, user_id, due_at, unenrolled_at, rule_id, enrolled_by_id, remind_supervisor
       FROM participations WHERE course_id = $1 ORDER BY user_id`,
    [course],
  );
}

export const iriOf = (resource: string, id: number) => `/api/${resource}/${id}`;
