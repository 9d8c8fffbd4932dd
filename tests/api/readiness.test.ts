import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STORAGE_FRESH_MS } from '../../server/routes/health.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * `GET /api/health/ready`: what a load balancer polls to know whether to send a process traffic. It fails
 * while the database or the file store cannot be reached, and once the process is stopping; the liveness
 * answer (`GET /api/health`) stays as it was.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Makes `SELECT 1` (the readiness check's query) answer `outcome` for the duration of `work`. */
async function withDatabaseCheck<T>(outcome: () => Promise<never>, work: () => Promise<T>): Promise<T> {
  const query = t.appDb.query.bind(t.appDb);
  const spy = vi
    .spyOn(t.appDb, 'query')
    .mockImplementation((sql, params) => (sql === 'SELECT 1' ? outcome() : query(sql, params)));
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

describe('GET /api/health/ready', () => {
  it('answers 200 without a token when the database and the file store answer', async () => {
    const response = await t.request('GET', '/api/health/ready');
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the database fails', async () => {
    const response = await withDatabaseCheck(
      () => Promise.reject(new Error('connection refused (test)')),
      () => t.request('GET', '/api/health/ready'),
    );
    expect(response.status).toBe(503);
    expect(response.json).toEqual({ status: 'unavailable', database: 'unreachable', storage: 'ok' });
  });

  it('answers 503 within seconds while the database does not answer at all', async () => {
    const started = Date.now();
    const response = await withDatabaseCheck(
      () => new Promise<never>(() => {}),
      () => t.request('GET', '/api/health/ready'),
    );
    expect(response.status).toBe(503);
    expect(response.json).toMatchObject({ database: 'unreachable' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('asks the file store at most once in STORAGE_FRESH_MS once it answered, and answers 503 while it fails', async () => {
    const check = vi.spyOn(t.files, 'check');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + STORAGE_FRESH_MS);
      await Promise.all([1, 2, 3].map(() => t.request('GET', '/api/health/ready')));
      expect((await t.request('GET', '/api/health/ready')).status).toBe(200);
      expect(check).toHaveBeenCalledTimes(1);

      check.mockRejectedValue(new Error('read-only file system (test)'));
      expect((await t.request('GET', '/api/health/ready')).status).toBe(200);
      vi.setSystemTime(Date.now() + STORAGE_FRESH_MS);
      for (let poll = 0; poll < 2; poll++) {
        const response = await t.request('GET', '/api/health/ready');
        expect(response.status).toBe(503);
        expect(response.json).toEqual({ status: 'unavailable', database: 'ok', storage: 'unreachable' });
      }
      expect(check).toHaveBeenCalledTimes(3);
    } finally {
      check.mockRestore();
      vi.useRealTimers();
    }
    expect((await t.request('GET', '/api/health/ready')).status).toBe(200);
  });

  it('answers 503 once the process is stopping, while it still serves requests', async () => {
    t.drain();
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.json).toEqual({ status: 'stopping', database: 'ok', storage: 'ok' });
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect((await t.request('GET', '/api/tags', { as: 'admin' })).status).toBe(200);
  });
});
