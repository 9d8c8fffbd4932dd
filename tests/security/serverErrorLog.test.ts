import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * The server's log is what an operator has when a user reports an error: every 5xx must be there with its
 * stack, whether or not request logging (LOG_REQUESTS) is on, and client mistakes must not look like faults.
 */

interface LogLine {
  level: number;
  msg: string;
  err?: { message?: string; stack?: string; code?: string };
}

function captureLog() {
  const lines: LogLine[] = [];
  return { lines, stream: { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) } };
}

/** Makes the database fail `SELECT 1` (the health check's only query) with `failure`, for one call of `work`. */
async function withFailingHealthQuery<T>(db: Database, failure: Error, work: () => Promise<T>): Promise<T> {
  const query = db.query.bind(db);
  const spy = vi
    .spyOn(db, 'query')
    .mockImplementation((sql, params) => (sql === 'SELECT 1' ? Promise.reject(failure) : query(sql, params)));
  try {
    return await work();
  } finally {
    spy.mockRestore();
  }
}

describe('the server log, request logging off (the default)', () => {
  const log = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a 500 at level error (50) with the error and its stack, and tells the client nothing of it', async () => {
    log.lines.length = 0;
    const response = await withFailingHealthQuery(t.appDb, new Error('connection to the database lost (test)'), () =>
      t.request('GET', '/api/health'),
    );
    expect(response.status).toBe(500);
    expect(response.json).toMatchObject({ status: 500, detail: 'Internal Server Error' });
    expect(response.body).not.toContain('connection to the database lost');

    const errors = log.lines.filter((line) => line.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].level).toBe(50);
    expect(errors[0].msg).toBe('GET /api/health failed');
    expect(errors[0].err?.message).toBe('connection to the database lost (test)');
    expect(errors[0].err?.stack).toMatch(/^Error: connection to the database lost \(test\)\n\s+at /);
    // No per-request lines unless LOG_REQUESTS=1.
    expect(log.lines.filter((line) => line.msg === 'incoming request' || line.msg === 'request completed')).toEqual([]);
  });

  it('answers a value the database refused (SQLSTATE class 22) 400 and logs it as a warning (40), not an error', async () => {
    log.lines.length = 0;
    const outOfRange = Object.assign(new Error('value "1099511627776" is out of range for type integer'), {
      code: '22003',
    });
    const response = await withFailingHealthQuery(t.appDb, outOfRange, () => t.request('GET', '/api/health'));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ status: 400, detail: 'A value has the wrong format or is out of range.' });
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
    const warnings = log.lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].err).toMatchObject({ code: '22003' });
    expect(warnings[0].err?.stack).toContain('at ');
  });

  it('logs nothing at error level for client mistakes (401, 404, 422)', async () => {
    log.lines.length = 0;
    expect((await t.request('GET', '/api/courses')).status).toBe(401);
    expect((await t.request('GET', '/api/courses/999999', { as: 'superadmin' })).status).toBe(404);
    expect((await t.request('POST', '/api/courses', { as: 'superadmin', body: { title: 42 } })).status).toBe(422);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('the server log with LOG_REQUESTS=1', () => {
  const log = captureLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logStream: log.stream, logRequests: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds one line per request and per response, and still logs a 500 with its stack', async () => {
    expect((await t.request('GET', '/api/health')).status).toBe(200);
    expect(log.lines.filter((line) => line.msg === 'incoming request')).toHaveLength(1);
    expect(log.lines.filter((line) => line.msg === 'request completed')).toHaveLength(1);

    const response = await withFailingHealthQuery(t.appDb, new Error('disk full (test)'), () =>
      t.request('GET', '/api/health'),
    );
    expect(response.status).toBe(500);
    const errors = log.lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0].err?.stack).toMatch(/^Error: disk full \(test\)\n\s+at /);
  });
});
