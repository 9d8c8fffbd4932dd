import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { COPY_MAX_ROWS, copyCost } from '../../src/domain/copies.ts';
import { createTestApp, type Persona, type TestApp, type TestProcess } from '../api/support/testApp.ts';

/**
 * Every write made with a session spends from its user's budget (docs/SECURITY.md): the default one, shared
 * by every process, lets a person work and stops a script. The other suites raise it; this one keeps it.
 */
const DEFAULT = loadConfig({}).writeBudget;
let t: TestApp;
let other: TestProcess;

beforeAll(async () => {
  t = await createTestApp({ config: { writeBudget: DEFAULT } });
  other = await t.anotherProcess();
});
afterAll(async () => {
  await t?.close();
});

/** A write that costs the server nothing else: a stream ticket. */
const write = (to: TestProcess, as: Persona) => to.request('POST', '/api/events/ticket', { as });

describe('the write budget', () => {
  it('lets a user write a burst from any process, then answers 429 with Retry-After, then one write per refill', async () => {
    expect(DEFAULT).toEqual({ burst: 300, perHour: 1800 });
    const secondsPerWrite = 3600 / DEFAULT.perHour;
    const started = Date.now();
    for (let n = 0; n < DEFAULT.burst - 20; n++)
      expect((await write(n % 2 ? other : t, 'contributor')).status).toBe(200);
    // The end of the burst, asked for 60 times at once on both processes: the budget refills meanwhile, at
    // one write every two seconds, and no more passes.
    const racing = await Promise.all(Array.from({ length: 60 }, (_, n) => write(n % 2 ? other : t, 'contributor')));
    const refilled = Math.floor((Date.now() - started) / 1000 / secondsPerWrite) + 1;
    const passed = racing.filter((answer) => answer.status === 200).length;
    expect(passed).toBeGreaterThanOrEqual(20);
    expect(passed).toBeLessThanOrEqual(20 + refilled);
    const refused = racing.find((answer) => answer.status === 429);
    expect(refused?.json.detail).toMatch(/Too many writes/);
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(secondsPerWrite);

    // Reading goes on, and so do other users' writes.
    expect((await t.request('GET', '/api/courses?itemsPerPage=1', { as: 'contributor' })).status).toBe(200);
    expect((await write(other, 'admin')).status).toBe(200);

    // Retry-After, asked now (the race may have spent what refilled meanwhile), is when a write passes again.
    let now = await write(t, 'contributor');
    while (now.status === 200) now = await write(t, 'contributor');
    await new Promise((resolve) => setTimeout(resolve, Number(now.headers['retry-after']) * 1000));
    const allowedAt = Date.now();
    expect((await write(other, 'contributor')).status).toBe(200);
    const next = await write(t, 'contributor');
    if (Date.now() - allowedAt < secondsPerWrite * 1000) expect(next.status).toBe(429);
  });

  it('counts a copy as one write per 100 rows it writes', async () => {
    const [{ id: course }] = await t.db.query<{ id: number }>('SELECT id FROM courses ORDER BY id LIMIT 1');
    const created = await t.request('POST', '/api/modules', {
      as: 'superadmin',
      body: { title: 'Module à copier', course: `/api/courses/${course}` },
    });
    expect(created.status).toBe(201);
    const [{ id: chapter }] = await t.db.query<{ id: number }>(
      `INSERT INTO chapters (title, module_id) VALUES ('Chapitre', $1) RETURNING id`,
      [created.json.id],
    );
    // The module, its chapter and its parts: the largest copy allowed.
    await t.db.query(
      `INSERT INTO chapter_parts (chapter_id, type, position, content) SELECT $1, 'notes', n, '{"text": "Note"}' FROM generate_series(0, $2 - 1) AS n`,
      [chapter, COPY_MAX_ROWS - 2],
    );
    const cost = copyCost(COPY_MAX_ROWS);
    expect(cost).toBe(20);
    const started = Date.now();
    // Cheap writes first, so that what is left of the burst pays for a few copies only: each copy writes
    // 2,000 rows, and fifteen of them make the test slow without proving more.
    const spentCheaply = DEFAULT.burst - 1 - 2 * cost - 10;
    for (let n = 0; n < spentCheaply; n++) expect((await write(n % 2 ? other : t, 'superadmin')).status).toBe(200);
    let copies = 0;
    let refused: { status: number; headers: Record<string, unknown> } | undefined;
    while (!refused && copies < 100) {
      const answer = await (copies % 2 ? other : t).request('POST', `/api/modules/${created.json.id}/copy`, {
        as: 'superadmin',
        body: {},
      });
      if (answer.status === 201) copies++;
      else refused = answer;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    const refilled = Math.floor((Date.now() - started) / 1000 / (3600 / DEFAULT.perHour)) + 1;
    // The burst, less the module's creation and the cheap writes, in copies of 20 writes; a refused copy
    // wrote nothing.
    const left = DEFAULT.burst - 1 - spentCheaply;
    expect(copies).toBeGreaterThanOrEqual(Math.floor(left / cost));
    expect(copies).toBeLessThanOrEqual(Math.floor((left + refilled) / cost));
    const [{ modules }] = await t.db.query<{ modules: number }>(
      `SELECT count(*)::int AS modules FROM modules WHERE title = 'Module à copier'`,
    );
    expect(modules).toBe(copies + 1);
  });
});
