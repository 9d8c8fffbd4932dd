import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Every answer names its request (`X-Request-Id`): the load balancer's id when it sent a sound one, the
 * server's own otherwise. Log lines carry it, and an error report keeps the failed call's, so a user's
 * report, a log line and a trace name the same request.
 */
const lines: Record<string, unknown>[] = [];
let t: TestApp;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ logStream, logRequests: true });
});
afterAll(async () => {
  await t?.close();
});

describe('request ids', () => {
  it("keeps the load balancer's id, names the answer with it, and logs the request under it", async () => {
    const id = 'haproxy-0a1b2c3d4e5f';
    const answer = await t.request('GET', '/api/tags', { as: 'admin', headers: { 'x-request-id': id } });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    await expect.poll(() => lines.some((line) => line.requestId === id)).toBe(true);
  });

  it('makes its own id for a request without one, or with one that could forge a log line', async () => {
    const plain = await t.request('GET', '/api/health', {});
    expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    for (const forged of ['short', 'a b c d e f g h', 'x'.repeat(200), 'abc\u00e9defghij']) {
      const answer = await t.request('GET', '/api/health', { headers: { 'x-request-id': forged } });
      expect(answer.headers['x-request-id']).not.toBe(forged);
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const other = await t.request('GET', '/api/health', {});
    expect(other.headers['x-request-id']).not.toBe(plain.headers['x-request-id']);
  });

  it("keeps the failed call's id in its error report, and only a sound one", async () => {
    const send = (requestId: unknown, endpoint: string) =>
      t.request('POST', '/api/errorCall', {
        as: 'admin',
        body: { status: 500, endpoint, method: 'GET', timestamp: Date.now(), details: {}, requestId },
      });
    expect((await send('0f3e2d1c-aaaa-4bbb-8ccc-123456789abc', '/api/skills/31')).status).toBe(204);
    expect((await send('not a request id; DROP', '/api/languages/32')).status).toBe(204);
    const list = await t.request('GET', '/api/error-calls?itemsPerPage=100', {
      as: 'superadmin',
      accept: 'application/json',
    });
    const rows = list.json as { route: string; requestId: string | null }[];
    expect(rows.find((row) => row.route === '/api/skills/{id}')?.requestId).toBe(
      '0f3e2d1c-aaaa-4bbb-8ccc-123456789abc',
    );
    expect(rows.find((row) => row.route === '/api/languages/{id}')?.requestId).toBeNull();
  });
});
