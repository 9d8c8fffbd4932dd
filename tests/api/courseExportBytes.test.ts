import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** A course exported twice, seconds apart, is the same file byte for byte (nothing dated by the clock). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

it('exports the same bytes for the same course, whenever it is exported', async () => {
  const [course] = await t.db.query<{ id: number }>(
    'SELECT c.id FROM courses c WHERE c.company_id = $1 ORDER BY c.id LIMIT 1',
    [t.users.admin.company],
  );
  const exported = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/courses/${course.id}/export`,
        headers: { authorization: `Bearer ${await t.tokenFor('admin')}` },
      })
    ).rawPayload;
  const first = await exported();
  // The demo's first course names documents: their files are in the zip.
  expect(first.includes('files/d1')).toBe(true);
  // A zip dates its entries to two seconds.
  await new Promise((resolve) => setTimeout(resolve, 2100));
  expect(Buffer.compare(first, await exported())).toBe(0);
});
