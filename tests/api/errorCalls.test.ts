import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** API.md, "Error reports": a failure is one row counting its repeats; a refusal the user can fix, a day's count. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const report = (status: number, endpoint: string, method = 'GET', extra: Record<string, unknown> = {}) => ({
  details: { detail: `échec ${endpoint}` },
  status,
  timestamp: Date.now(),
  url: 'https://bo.exemple.fr/#/tags',
  companyId: 999,
  employeeId: 999,
  endpoint,
  protocol: 'https:',
  method,
  ...extra,
});

async function send(body: unknown, as?: 'admin' | 'superadmin' | 'contributor', headers: Record<string, string> = {}) {
  const answer = await t.request('POST', '/api/errorCall', { as, body, headers });
  expect(answer.status).toBe(204);
}

async function rows(filter = '') {
  const list = await t.request('GET', `/api/error-calls?itemsPerPage=100${filter}`, {
    as: 'superadmin',
    accept: 'application/json',
  });
  expect(list.status).toBe(200);
  return list.json as Record<string, unknown>[];
}

const byRoute = async (route: string, status: number) =>
  (await rows()).filter((row) => row.route === route && row.status === status);

describe('a failure is one row, its repeats counted', () => {
  it('names the route template, the structure, the person and the times', async () => {
    const before = Date.now();
    await send(report(500, '/api/tags/25'), 'admin');
    const [row] = await byRoute('/api/tags/{id}', 500);
    expect(row).toMatchObject({
      route: '/api/tags/{id}',
      method: 'GET',
      endpoint: '/api/tags/25',
      occurrences: 1,
      expected: false,
      company: { id: t.users.admin.company },
      employee: { id: t.users.admin.id },
      details: { detail: 'échec /api/tags/25' },
    });
    expect(Date.parse(row.firstAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.lastAt).toBe(row.firstAt);
  });

  it('counts a repeat on another record of the same route in the same row, keeping the last report', async () => {
    await send(report(500, '/api/tags/31?x=1'), 'admin');
    const found = await byRoute('/api/tags/{id}', 500);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ occurrences: 2, endpoint: '/api/tags/31?x=1' });
    expect(Date.parse(found[0].lastAt as string)).toBeGreaterThanOrEqual(Date.parse(found[0].firstAt as string));
    // Another method or status of the same route is another failure.
    await send(report(500, '/api/tags/31', 'PUT'), 'admin');
    await send(report(503, '/api/tags/31'), 'admin');
    expect((await byRoute('/api/tags/{id}', 500)).map((row) => row.method).sort()).toEqual(['GET', 'PUT']);
    expect(await byRoute('/api/tags/{id}', 503)).toHaveLength(1);
  });

  it("counts every report of many sent at once (several processes' worth)", async () => {
    const other = await t.anotherProcess();
    const token = await t.tokenFor('admin');
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        (index % 2 ? other : t).request('POST', '/api/errorCall', {
          token,
          body: report(502, `/api/courses/${index + 1}`),
        }),
      ),
    );
    const [row] = await byRoute('/api/courses/{id}', 502);
    expect(row.occurrences).toBe(12);
  });

  it('prefers a static route to a parameter, and names no route for a path no route serves', async () => {
    await send(report(500, '/api/tickets/views'), 'admin');
    await send(report(500, '/api/nowhere/7'), 'admin');
    const found = await rows('&status=500');
    expect(found.some((row) => row.route === '/api/tickets/views')).toBe(true);
    expect(found.find((row) => row.endpoint === '/api/nowhere/7')).toMatchObject({ route: null });
  });

  it("puts platform staff's report in the structure they work in, an anonymous one in the platform's", async () => {
    const B = (
      await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [
        t.users.admin.company,
      ])
    )[0].id;
    await send(report(500, '/api/skills/4'), 'superadmin', { 'X-Structure': String(B) });
    await send(report(500, '/api/languages/4'));
    expect((await byRoute('/api/skills/{id}', 500))[0]).toMatchObject({
      company: { id: B },
      employee: { id: t.users.superadmin.id },
    });
    expect((await byRoute('/api/languages/{id}', 500))[0]).toMatchObject({ company: null, employee: null });
  });
});

describe('a refusal the user can fix is counted, not kept', () => {
  it('keeps one count a route, status, structure and day, with no details nor person', async () => {
    for (let i = 0; i < 3; i++) await send(report(422, `/api/tags/${i + 1}`, 'PUT'), 'admin');
    await send(report(409, '/api/tags/9', 'PUT'), 'contributor');
    const counted = (await rows('&expected=true')).filter((row) => row.route === '/api/tags/{id}');
    expect(counted.map((row) => [row.status, row.occurrences]).sort()).toEqual([
      [409, 1],
      [422, 3],
    ]);
    for (const row of counted)
      expect(row).toMatchObject({
        expected: true,
        method: 'PUT',
        company: { id: t.users.admin.company },
        employee: null,
        details: null,
        endpoint: null,
        url: null,
      });
    // The failures' list is without them.
    expect((await rows('&expected=false')).some((row) => row.status === 422)).toBe(false);
  });

  it('starts a new count on a new day', async () => {
    await t.db.query(`UPDATE error_calls SET day = day - 1 WHERE status = 422 AND route = '/api/tags/{id}'`);
    await send(report(422, '/api/tags/1', 'PUT'), 'admin');
    const counted = (await rows('&expected=true')).filter(
      (row) => row.route === '/api/tags/{id}' && row.status === 422,
    );
    expect(counted.map((row) => row.occurrences).sort()).toEqual([1, 3]);
  });

  it('lists the latest first, and orders by count', async () => {
    const latest = await rows();
    const times = latest.map((row) => Date.parse(row.lastAt as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const counts = (await rows('&order[occurrences]=desc')).map((row) => row.occurrences as number);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });
});
