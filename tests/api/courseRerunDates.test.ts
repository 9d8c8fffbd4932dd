import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A re-run's dates: the release dates of the tree (src/domain/releases.ts) are the writable datetime fields the
 * copies carry and the re-run moves by the offset, or clears, with no word of them in either.
 */

let t: TestApp;
let course: number;

beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.db.query<{ id: number }>(
    `INSERT INTO courses (title, company_id) VALUES ('Calendrier', $1) RETURNING id`,
    [t.users.admin.company],
  );
  course = row.id;
  await t.db.query(
    `INSERT INTO modules (title, course_id, position, release_at) VALUES
       ('Ouvert le 1er mars', $1, 0, '2027-03-01T08:00:00Z'), ('Sans date', $1, 1, NULL)`,
    [course],
  );
});
afterAll(async () => {
  await t?.close();
});

const releases = async (id: number) =>
  (
    await t.db.query<{ release_at: Date | null }>(
      'SELECT release_at FROM modules WHERE course_id = $1 ORDER BY position',
      [id],
    )
  ).map((row) => (row.release_at ? new Date(row.release_at).toISOString() : null));

describe("a re-run's scheduled dates", () => {
  it('moves them by the offset in days, either way', async () => {
    const later = await t.request('POST', `/api/courses/${course}/rerun`, {
      as: 'admin',
      body: { dateOffsetDays: 30 },
    });
    expect(later.status, later.body).toBe(201);
    expect(await releases(later.json.id)).toEqual(['2027-03-31T08:00:00.000Z', null]);
    const earlier = await t.request('POST', `/api/courses/${course}/rerun`, {
      as: 'admin',
      body: { dateOffsetDays: -1 },
    });
    expect(await releases(earlier.json.id)).toEqual(['2027-02-28T08:00:00.000Z', null]);
    // The source keeps its own.
    expect(await releases(course)).toEqual(['2027-03-01T08:00:00.000Z', null]);
  });

  it('clears them without an offset, and the plain copy keeps them as they are', async () => {
    const cleared = await t.request('POST', `/api/courses/${course}/rerun`, {
      as: 'admin',
      body: { dateOffsetDays: null },
    });
    expect(await releases(cleared.json.id)).toEqual([null, null]);
    const copied = await t.request('POST', `/api/courses/${course}/copy`, { as: 'admin' });
    expect(await releases(copied.json.id)).toEqual(['2027-03-01T08:00:00.000Z', null]);
  });
});
