import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The operator's figures, in Prometheus' format at /metrics, for whoever shows the configured token: the
 * requests by route template, method and status with their durations, the database's statements, the jobs,
 * the e-mails. No label ever holds a user's id or address, nor a path as it was sent.
 */
const TOKEN = 'metrics-token-for-the-api-tests';
let t: TestApp;
let without: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  without = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await without?.close();
});

const scrape = async () => {
  const answer = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(answer.status).toBe(200);
  expect(String(answer.headers['content-type'])).toMatch(/^text\/plain/);
  return answer.body;
};

/** The value of one series, its labels as Prometheus writes them. */
const valueOf = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((line) => line.startsWith(`${series} `))
      ?.split(' ')[1] ?? 'NaN',
  );

describe('/metrics', () => {
  it('is served to the configured token only, and not at all without one', async () => {
    expect((await t.request('GET', '/metrics', {})).status).toBe(401);
    expect((await t.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    expect((await t.request('GET', '/metrics', { as: 'superadmin' })).status).toBe(401);
    const served = await without.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(served.body).not.toContain('lms_http_requests_total');
  });

  it('counts requests by route template, method and status, with their durations', async () => {
    const series = 'lms_http_requests_total{route="/api/tags/:id",method="GET",status="200"}';
    const before = valueOf(await scrape(), series) || 0;
    const [tag] = await t.db.query<{ id: number }>('SELECT id FROM tags WHERE company_id IS NULL ORDER BY id LIMIT 1');
    for (let i = 0; i < 3; i++)
      expect((await t.request('GET', `/api/tags/${tag.id}`, { as: 'admin' })).status).toBe(200);
    expect((await t.request('GET', '/api/tags/999999', { as: 'admin' })).status).toBe(404);
    const text = await scrape();
    expect(valueOf(text, series)).toBe(before + 3);
    expect(
      valueOf(text, 'lms_http_requests_total{route="/api/tags/:id",method="GET",status="404"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /lms_http_request_duration_seconds_bucket\{le="0\.1",route="\/api\/tags\/:id",method="GET"\} \d+/,
    );
    expect(valueOf(text, 'lms_db_duration_seconds_count{kind="query",outcome="ok"}')).toBeGreaterThan(0);
    expect(text).toContain('lms_process_cpu_seconds_total');
  });

  it('never labels a series with a path as sent, a user id or an e-mail address', async () => {
    await t.request('GET', `/api/nowhere/${t.users.admin.email}`, { as: 'admin' });
    await t.request('GET', `/api/users/${t.users.contributor.id}`, { as: 'admin' });
    await t.request('POST', '/api/auth/token', { body: { login: t.users.admin.email, password: 'faux' } });
    const text = await scrape();
    expect(text).toContain('route="unmatched"');
    const labels = text
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .flatMap((line) => [...line.matchAll(/="([^"]*)"/g)].map((match) => match[1]));
    expect(labels.length).toBeGreaterThan(20);
    for (const label of labels) {
      expect(label).not.toMatch(/@/);
      expect(label).not.toMatch(new RegExp(`/${t.users.contributor.id}(\\b|$)`));
      expect(label).not.toContain('nowhere');
    }
  });
});
