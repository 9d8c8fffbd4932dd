import { performance } from 'node:perf_hooks';
import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { FIRST_NAMES, LAST_NAMES, sqlArray } from '../../server/seed/scale.ts';
import { refreshLearningAggregates } from '../../server/learning/aggregates.ts';

/**
 * The learning bench's data set, in the demo administrator's structure: learners, published courses of
 * modules and chapters, enrolments spread over the courses with due dates around today, and chapter
 * validations, loaded by set-based statements (a million rows one by one would take an hour). The learning
 * triggers are off for the load; the participations are then counted again by the product's own recount
 * (`learning_recount`, what the triggers call) and the reports' aggregates refreshed by their job's function.
 */

export interface Shape {
  users: number;
  courses: number;
  modulesPerCourse: number;
  chaptersPerModule: number;
  enrolmentsPerUser: number;
  validations: number;
}

/** The full data set, shrunk by `scale` (BENCH_SCALE) for a quick run. */
export function shapeAt(scale: number): Shape {
  const scaled = (n: number) => Math.max(1, Math.round(n * scale));
  return {
    users: scaled(100_000),
    courses: scaled(200),
    modulesPerCourse: 4,
    chaptersPerModule: 5,
    enrolmentsPerUser: 4,
    validations: scaled(1_000_000),
  };
}

/** The triggers a table's bulk load turns off: the learning figures' and the audit log's. */
const LOAD_TRIGGERS = `SELECT tgname FROM pg_trigger WHERE tgrelid = $t$::regclass AND NOT tgisinternal
  AND (tgname LIKE 'audited\\_%' OR tgname LIKE 'learning\\_%')`;

export const toggleTriggersSql = (table: string, on: boolean, pattern = LOAD_TRIGGERS) => `DO $$ DECLARE t record; BEGIN
  FOR t IN ${pattern.replace('$t$', `'${table}'`)} LOOP
    EXECUTE format('ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER %I', t.tgname);
  END LOOP; END $$`;

const TABLES = ['users', 'courses', 'modules', 'chapters', 'participations', 'chapter_validations'];

export interface Loaded {
  structure: number;
  /** The bench's courses, by id. */
  courses: number[];
  seconds: { load: number; recount: number; aggregates: number };
}

export async function loadDataset(db: Database, shape: Shape): Promise<Loaded> {
  const chapters = shape.modulesPerCourse * shape.chaptersPerModule;
  const [{ structure }] = await db
    .scoped(PLATFORM)
    .query<{ structure: number }>(`SELECT company_id AS structure FROM users WHERE email = 'admin@demo.fr'`);
  const started = performance.now();
  await db.exec(TABLES.map((table) => toggleTriggersSql(table, false)).join(';\n'));
  await db.exec(`INSERT INTO users (email, first_name, last_name, type, roles, company_id)
SELECT 'apprenant.' || g || '@bench.fr', (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
       (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}], 'contributor', '{ROLE_USER}',
       ${structure}
  FROM generate_series(1, ${shape.users}) g`);
  await db.exec(`INSERT INTO courses (title, description, company_id)
SELECT 'Parcours de mesure ' || lpad(g::text, 3, '0'), 'Un parcours du banc de mesure.', ${structure}
  FROM generate_series(1, ${shape.courses}) g;
INSERT INTO modules (title, course_id, position, company_id)
SELECT 'Module ' || g, c.id, g - 1, c.company_id
  FROM courses c CROSS JOIN generate_series(1, ${shape.modulesPerCourse}) g WHERE c.title LIKE 'Parcours de mesure %';
INSERT INTO chapters (title, module_id, position, company_id)
SELECT 'Chapitre ' || (m.position + 1) || '.' || g, m.id, g - 1, m.company_id
  FROM modules m JOIN courses c ON c.id = m.course_id CROSS JOIN generate_series(1, ${shape.chaptersPerModule}) g
 WHERE c.title LIKE 'Parcours de mesure %'`);
  // Published as the publish action does: the courses' trigger writes each live version.
  await db.exec(
    `UPDATE courses SET status = 'published', published_at = now() WHERE title LIKE 'Parcours de mesure %'`,
  );
  const courses = (
    await db
      .scoped(PLATFORM)
      .query<{ id: number }>(`SELECT id FROM courses WHERE title LIKE 'Parcours de mesure %' ORDER BY id`)
  ).map((row) => Number(row.id));
  // Each learner in `enrolmentsPerUser` courses, enrolled over the last year, due from 60 days ago to 60
  // days ahead (some late, some at risk), some without a due date.
  await db.exec(`CREATE TEMP TABLE bench_courses AS
SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM courses WHERE title LIKE 'Parcours de mesure %';
CREATE TEMP TABLE bench_users AS
SELECT row_number() OVER (ORDER BY id) - 1 AS k, id FROM users WHERE email LIKE 'apprenant.%@bench.fr';
INSERT INTO participations (user_id, course_id, company_id, status, created_at, updated_at, due_at)
SELECT u.id, c.id, ${structure}, 'invited', e.at, e.at,
       CASE WHEN (u.k + j) % 10 = 0 THEN NULL ELSE now() + ((((u.k * 7 + j * 13) % 121) - 60) || ' days')::interval END
  FROM bench_users u CROSS JOIN generate_series(0, ${shape.enrolmentsPerUser - 1}) j
  JOIN bench_courses c ON c.k = (u.k * ${shape.enrolmentsPerUser} + j * 37) % ${shape.courses}
  CROSS JOIN LATERAL (SELECT now() - (((u.k * 31 + j * 11) % 365) || ' days')::interval - interval '1 hour' AS at) e`);
  // A participation validated its first chapters in order: one in twenty all of them, the others 0 to 4;
  // the rows cut at the number asked for.
  await db.exec(`CREATE TEMP TABLE bench_places AS
SELECT c.course_id, c.chapter_id, c.place FROM (
  SELECT m.course_id, ch.id AS chapter_id,
         row_number() OVER (PARTITION BY m.course_id ORDER BY m.position, ch.position) AS place
    FROM modules m JOIN chapters ch ON ch.module_id = m.id JOIN bench_courses b ON b.id = m.course_id) c;
INSERT INTO chapter_validations (chapter_id, user_id, company_id, validated_at, created_at, updated_at, cycle)
SELECT x.chapter_id, x.user_id, ${structure}, x.at, x.at, x.at, 1 FROM (
  SELECT b.chapter_id, p.user_id, least(now(), p.created_at + (b.place || ' days')::interval) AS at
    FROM participations p
    JOIN bench_places b ON b.course_id = p.course_id
     AND b.place <= CASE WHEN p.id % 20 = 0 THEN ${chapters} ELSE p.id % 5 END
   WHERE p.course_id IN (SELECT id FROM bench_courses)
   ORDER BY p.id, b.place
   LIMIT ${shape.validations}) x;
DROP TABLE bench_courses, bench_users, bench_places`);
  await db.exec(TABLES.map((table) => toggleTriggersSql(table, true)).join(';\n'));
  await db.exec('ANALYZE');
  const load = (performance.now() - started) / 1000;
  // What the triggers would have done row by row, done once: the product's recount of every participation.
  const recountStarted = performance.now();
  await db
    .scoped(PLATFORM)
    .query(`SELECT learning_recount(array_agg(user_id), array_agg(course_id)) FROM participations`);
  await db.exec('ANALYZE participations');
  const recount = (performance.now() - recountStarted) / 1000;
  const aggregatesStarted = performance.now();
  await refreshLearningAggregates(db);
  const aggregates = (performance.now() - aggregatesStarted) / 1000;
  return { structure, courses, seconds: { load, recount, aggregates } };
}
