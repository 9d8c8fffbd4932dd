/**
 * `npm run bench:menu`: what a learner waits for on a large published course, read from its live version: the
 * course's menu (`GET /api/courses/{id}/menu`) and one of its chapters as shown
 * (`GET /api/chapters/{id}/displayable`), on a course of 30 modules × 20 chapters × 10 parts (6,000 parts, each
 * with a small content), published; and the authors' list of the courses with unpublished changes, before and
 * after an edit of that course. The real app in this process (`app.inject`, no network), on embedded
 * PGlite and on a throw-away PostgreSQL cluster when one is installed. Prints p50 and max over the rounds,
 * after a few warm-up requests.
 *
 * Environment: BENCH_ROUNDS (20), BENCH_DATABASES (`pglite,postgresql`).
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DEMO_PASSWORD, seedDemo } from '../../server/seed/demo.ts';
import { prepareDatabase } from '../../server/prepareDatabase.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { onEachDatabase } from '../support/databases.ts';
import { LARGE_COURSE_PARTS, seedLargeCourse } from '../support/largeCourse.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const WARM_UP = 3;

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(1)} ms`;

const results = await onEachDatabase('menu', async (name, db, dataDir) => {
  await prepareDatabase(db);
  await seedDemo(db, { files: new LocalFileStorage(dataDir) });
  const { course, lastChapter: chapter } = await seedLargeCourse(db, {
    description: 'Le menu de ses apprenants.',
    markdown: 'Un paragraphe de cours. '.repeat(20),
    published: true,
  });
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn', WRITE_BUDGET: '100000' });
  const { app } = await buildApp(config, db, { logger: false });
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { login: 'admin@demo.fr', password: DEMO_PASSWORD },
    });
    const token = (signIn.json() as { token: string }).token;
    const measure = async (url: string, label = url) => {
      const times: number[] = [];
      let bytes = 0;
      for (let round = -WARM_UP; round < ROUNDS; round++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
        bytes = response.rawPayload.length;
        if (round >= 0) times.push(elapsed);
      }
      return { url: label, p50Ms: p50(times), maxMs: Math.max(...times), bytes };
    };
    const measures = [
      await measure(`/api/courses/${course}/menu`),
      await measure(`/api/chapters/${chapter}/displayable`),
      // The authors' preview of the draft, from the tables: the same statements' other source.
      await measure(`/api/courses/${course}/menu?version=draft`),
      await measure(`/api/chapters/${chapter}/displayable?version=draft`),
      // The authors' home page: the published courses with unpublished changes. The large course, unedited
      // since its publish, is not compared; once a chapter is renamed, its draft and live trees are.
      await measure('/api/courses?unpublishedChanges=true', 'unpublishedChanges, none edited'),
    ];
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/chapters/${chapter}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Chapitre renommé' },
    });
    if (renamed.statusCode !== 200) throw new Error(`The rename answered ${renamed.statusCode}: ${renamed.body}`);
    measures.push(await measure('/api/courses?unpublishedChanges=true', 'unpublishedChanges, the large one edited'));
    console.log(`\n${name}: a published course of ${LARGE_COURSE_PARTS} parts, ${ROUNDS} rounds`);
    for (const m of measures)
      console.log(
        `  ${m.url.padEnd(50)} p50 ${ms(m.p50Ms).padStart(9)}   max ${ms(m.maxMs).padStart(9)}   ${m.bytes} bytes`,
      );
    return { database: name, measures };
  } finally {
    await app.close();
  }
});
console.log(`\n${JSON.stringify(results.map((r) => ({ database: r.database, p50: r.measures.map((m) => m.p50Ms) })))}`);
process.exit(0);
