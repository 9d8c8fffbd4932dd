import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/** A write from a stale read is refused and overwrites nothing (API.md's 409). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function freshCourse() {
  const created = await t.request('POST', '/api/courses', { as: 'admin', body: { title: 'Course lue deux fois' } });
  const read = await t.request('GET', `/api/courses/${created.json.id}`, { as: 'admin' });
  return { id: created.json.id as number, read };
}

describe('stale writes', () => {
  it('answers 409 to a PUT carrying an older updatedAt, and writes nothing', async () => {
    const { id, read } = await freshCourse();
    const first = await t.request('PUT', `/api/courses/${id}`, {
      as: 'admin',
      body: { title: 'Premier', updatedAt: read.json.updatedAt },
    });
    expect(first.status).toBe(200);
    const second = await t.request('PUT', `/api/courses/${id}`, {
      as: 'contributor',
      body: { description: 'Second', updatedAt: read.json.updatedAt },
    });
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ status: 409, reason: 'stale' });
    const now = await t.request('GET', `/api/courses/${id}`, { as: 'admin' });
    expect(now.json).toMatchObject({ title: 'Premier', updatedAt: first.json.updatedAt });
    expect(now.json.description ?? null).toBeNull();
    // Saved again from the version just read, it goes through.
    expect(
      (
        await t.request('PUT', `/api/courses/${id}`, {
          as: 'contributor',
          body: { description: 'Second', updatedAt: now.json.updatedAt },
        })
      ).status,
    ).toBe(200);
  });

  it('reads the ETag of a GET back from If-Match', async () => {
    const { id, read } = await freshCourse();
    const etag = read.headers.etag as string;
    expect(etag).toMatch(/^W\/"\d+"$/);
    const first = await t.request('PUT', `/api/courses/${id}`, {
      as: 'admin',
      body: { title: 'Un' },
      headers: { 'if-match': etag },
    });
    expect(first.status).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    const stale = await t.request('PUT', `/api/courses/${id}`, {
      as: 'admin',
      body: { title: 'Deux' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(409);
    expect(
      (
        await t.request('PUT', `/api/courses/${id}`, {
          as: 'admin',
          body: { title: 'Deux' },
          headers: { 'if-match': first.headers.etag as string },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('PUT', `/api/courses/${id}`, {
          as: 'admin',
          body: { title: 'Trois' },
          headers: { 'if-match': 'pas une etag' },
        })
      ).status,
    ).toBe(400);
  });

  it('lets only one of two concurrent saves from the same read win', async () => {
    const { id, read } = await freshCourse();
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D'].map((title) =>
        t.request('PUT', `/api/courses/${id}`, { as: 'admin', body: { title, updatedAt: read.json.updatedAt } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
  });

  it('refuses an updatedAt that is not a date with a 422 on the field, and leaves unchecked a PUT without one', async () => {
    const { id } = await freshCourse();
    const bad = await t.request('PUT', `/api/courses/${id}`, { as: 'admin', body: { title: 'X', updatedAt: 'hier' } });
    expect(bad.status).toBe(422);
    expect(bad.json.violations[0].propertyPath).toBe('updatedAt');
    expect((await t.request('PUT', `/api/courses/${id}`, { as: 'admin', body: { title: 'Y' } })).status).toBe(200);
  });
});
