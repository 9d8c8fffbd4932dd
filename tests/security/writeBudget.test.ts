import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
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
    for (let n = 0; n < DEFAULT.burst - 20; n++) expect((await write(n % 2 ? other : t, 'contributor')).status).toBe(200);
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

    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    expect((await write(other, 'contributor')).status).toBe(200);
    expect((await write(t, 'contributor')).status).toBe(429);
  });
});
