/**
 * `npm run bench:learning`: following learning at scale. On embedded PGlite and on a throw-away PostgreSQL
 * cluster (when installed), 100,000 learners, 200 published courses of 20 chapters, 400,000 enrolments and
 * 1,000,000 chapter validations (bench/learning/dataset.ts), then, through the real API in-process
 * (`app.inject`) as the structure's administrator: a course's learners page 1 as the back-office asks for it,
 * the course's funnel, the report (completion chart), enrolments and completions over a year, the home page's
 * late and at-risk learners. Prints p50/p95 of each after warm-up; target p95 ≤ 300 ms on PostgreSQL (PGlite's
 * figures are informative). Then a chapter validation's write cost with the learning triggers on and off.
 *
 * Environment: BENCH_SCALE (1: the data set's size factor), BENCH_RUNS (20), BENCH_WARMUP (5), BENCH_WRITES
 * (200 validations each way), BENCH_DATABASES (`pglite,postgresql`).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { PLATFORM } from '../../server/db/scope.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { onEachDatabase } from '../support/databases.ts';
import { loadDataset, shapeAt } from './dataset.ts';
import { measureWrites, nextValidations, sqlWrite, WRITE_TARGET_RATIO } from './writes.ts';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_P95_MS = 300;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** The calls measured, each given the run's course (they go round the courses, as managers do). */
const CALLS: { name: string; url: (course: number) => string }[] = [
  {
    name: "a course's learners, page 1",
    url: (course) => `/api/participations?course=${course}&order%5BdueAt%5D=asc&page=1&itemsPerPage=25`,
  },
  { name: "a course's funnel", url: (course) => `/api/learning/courses/${course}/funnel` },
  { name: 'completion report', url: () => '/api/learning/report' },
  { name: 'enrolments/completions, a year', url: () => `/api/learning/report?from=${day(-364)}&to=${day(0)}` },
  {
    name: "one course's report, a year",
    url: (course) => `/api/learning/report?course=${course}&from=${day(-364)}&to=${day(0)}`,
  },
  { name: 'home: late and at-risk', url: () => '/api/learning/overview' },
];

async function measure(name: string, db: Database, dataDir: string) {
  await prepareDatabase(db);
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  const shape = shapeAt(SCALE);
  const loaded = await loadDataset(db, shape);
  const [counts] = await db.scoped(PLATFORM).query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM users WHERE company_id = $1)::int AS users,
            (SELECT count(*) FROM participations WHERE company_id = $1)::int AS participations,
            (SELECT count(*) FROM chapter_validations)::int AS validations,
            (SELECT count(*) FROM participations WHERE company_id = $1 AND status = 'completed')::int AS completed,
            (SELECT count(*) FROM participations WHERE company_id = $1 AND status <> 'completed' AND due_at < now())::int AS late`,
    [loaded.structure],
  );
  const { load, recount, aggregates } = loaded.seconds;
  console.log(
    `${name}: loaded in ${load.toFixed(1)} s, recounted in ${recount.toFixed(1)} s, aggregates in ${aggregates.toFixed(1)} s: ` +
      `${counts.users} learners of the structure, ${loaded.courses.length} courses, ${counts.participations} participations ` +
      `(${counts.completed} completed, ${counts.late} late), ${counts.validations} validations`,
  );
  // The periodic jobs would start at once (reminders to thousands of late learners, the aggregates again):
  // they are not what is measured, so each is first due tomorrow, in this throw-away database only.
  await db.exec(`CREATE FUNCTION bench_jobs_later() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN NEW.due_at := now() + interval '1 day'; RETURN NEW; END $$;
CREATE TRIGGER bench_jobs_later BEFORE INSERT ON scheduled_jobs FOR EACH ROW EXECUTE FUNCTION bench_jobs_later();
UPDATE scheduled_jobs SET due_at = now() + interval '1 day'`);
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn', WRITE_BUDGET: '1000000' });
  const { app } = await buildApp({ ...config, databaseUrl: undefined }, db, { serveApp: false, logger: false });
  await app.ready();
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/token',
    payload: { login: 'admin@demo.fr', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${signIn.json().token}`, accept: 'application/ld+json' };
  const figures: Record<string, { p50: number; p95: number; max: number; pass: boolean }> = {};
  for (const call of CALLS) {
    const timings: number[] = [];
    for (let run = 0; run < WARMUP + RUNS; run++) {
      const course = loaded.courses[(run * 7) % loaded.courses.length];
      const started = performance.now();
      const answer = await app.inject({ method: 'GET', url: call.url(course), headers });
      const ms = performance.now() - started;
      if (answer.statusCode !== 200) throw new Error(`${call.name}: ${answer.statusCode} ${answer.body}`);
      if (run >= WARMUP) timings.push(ms);
    }
    const sorted = timings.sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    figures[call.name] = {
      p50: percentile(sorted, 0.5),
      p95,
      max: sorted[sorted.length - 1],
      pass: p95 <= TARGET_P95_MS,
    };
    const verdict = name === 'PostgreSQL' ? (p95 <= TARGET_P95_MS ? 'PASS' : 'FAIL') : 'informative';
    console.log(
      `  ${call.name.padEnd(34)} p50 ${figures[call.name].p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms` +
        `  (${RUNS} runs; target p95 ≤ ${TARGET_P95_MS} ms: ${verdict})`,
    );
  }
  // A validation's write as a manager's back-office makes it (the API's whole path: the session, the scope,
  // the rights, the audit, the answer), then the bare SQL statement: the first is the target, the second
  // says how much of the write the learning triggers are.
  const validations = await nextValidations(db, loaded.structure);
  const apiWrites = await measureWrites(db, validations.slice(0, validations.length / 2), async (validation) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/chapter-validations',
      headers: { ...headers, 'content-type': 'application/ld+json' },
      payload: { chapter: `/api/chapters/${validation.chapter_id}`, user: `/api/users/${validation.user_id}` },
    });
    if (answer.statusCode !== 201) throw new Error(`a validation's write: ${answer.statusCode} ${answer.body}`);
  });
  await app.close();
  const sqlWrites = await measureWrites(db, validations.slice(validations.length / 2), sqlWrite(db));
  const writes = { api: apiWrites, sql: sqlWrites };
  for (const [label, figures, target] of [
    ['through the API', apiWrites, true],
    ['its SQL alone', sqlWrites, false],
  ] as const) {
    const verdict = target ? (figures.ratio <= WRITE_TARGET_RATIO ? 'PASS' : 'FAIL') : 'informative';
    console.log(
      `  a validation's write, ${label}, ${figures.count} each way: triggers on ${figures.onMs.toFixed(2)} ms, ` +
        `off ${figures.offMs.toFixed(2)} ms (medians) = ${figures.ratio.toFixed(2)}× (target ≤ ${WRITE_TARGET_RATIO}×: ${verdict})`,
    );
  }
  return { database: name, scale: SCALE, shape, counts, seconds: loaded.seconds, figures, writes };
}

await onEachDatabase('learning', measure);
