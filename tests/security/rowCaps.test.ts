import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROW_CAPS } from '../../server/bounds/rowCaps.ts';
import { SAVED_VIEWS_PER_LIST } from '../../src/domain/savedViews.ts';
import { ATTACHMENTS_PER_MESSAGE } from '../../src/domain/ticketAttachments.ts';
import { multipartBody } from '../api/support/multipart.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * "At most N" rules hold however the writes arrive: the count is the database's (server/bounds/rowCaps.ts),
 * so that parallel requests (over several connections on PostgreSQL; three processes in
 * tests/scale/rowCaps.scale.test.ts) and a statement that skips the route's own check alike stop at N.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);

/** What PostgreSQL answered to a statement of `userId`'s, from the app's own role on the platform's scope. */
async function refusal(
  userId: number,
  sql: string,
  params: unknown[],
): Promise<{ code?: string; constraint?: string } | undefined> {
  try {
    await t.appDb.scoped({ structure: null, platform: true, userId }).query(sql, params);
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    return { code, constraint };
  }
  return undefined;
}

describe('caps held by the database', () => {
  it('has a trigger on its table for every cap', async () => {
    const triggers = await t.db.query<{ table: string; name: string }>(
      `SELECT c.relname AS table, g.tgname AS name FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
        WHERE g.tgname LIKE '%\\_row\\_cap\\_%'`,
    );
    expect(triggers.map((row) => `${row.table}.${row.name}`).sort()).toEqual(
      ROW_CAPS.map((cap) => `${cap.table}.${cap.table}_row_cap_${cap.name}`).sort(),
    );
  });

  it(`keeps ${SAVED_VIEWS_PER_LIST} views of a list out of 200 created at once`, async () => {
    const token = await t.tokenFor('contributor');
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        t.request('POST', '/api/saved-views', {
          token,
          body: { resource: 'courses', name: `Vue parallèle ${n}`, params: { filter: {} } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_VIEWS_PER_LIST);
    expect(statuses.filter((status) => status === 422)).toHaveLength(200 - SAVED_VIEWS_PER_LIST);
    expect(answers.find((answer) => answer.status === 422)!.json.violations).toEqual([
      { propertyPath: 'name', code: 'too_many', message: expect.stringContaining(`${SAVED_VIEWS_PER_LIST} vues`) },
    ]);
    const user = t.users.contributor.id;
    const [{ n }] = await t.appDb
      .scoped({ structure: null, platform: true, userId: user })
      .query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_views WHERE user_id = $1 AND resource = 'courses'`, [
        user,
      ]);
    expect(n).toBe(SAVED_VIEWS_PER_LIST);
  });

  it('refuses a view beyond the cap written past the route', async () => {
    const user = t.users.admin.id;
    const insert = `INSERT INTO saved_views (user_id, company_id, resource, name, params)
                    VALUES ($1, (SELECT company_id FROM users WHERE id = $1), 'tickets', $2, '{}')`;
    for (let n = 0; n < SAVED_VIEWS_PER_LIST; n++)
      expect(await refusal(user, insert, [user, `Directe ${n}`])).toBeUndefined();
    expect(await refusal(user, insert, [user, 'Une de trop'])).toEqual({
      code: '23514',
      constraint: 'row_cap_saved_views_per_list',
    });
    // Another list of the same user is a group of its own.
    expect(await refusal(user, insert.replace("'tickets'", "'documents'"), [user, 'Autre liste'])).toBeUndefined();
  });

  it(`keeps ${ATTACHMENTS_PER_MESSAGE} pending uploads of a writer on a ticket out of 40 sent at once`, async () => {
    const created = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { type: 1, subject: 'Plusieurs captures' },
    });
    expect(created.status).toBe(201);
    const ticket = created.json.id as number;
    const authorization = `Bearer ${await t.tokenFor('admin')}`;
    const statuses = await Promise.all(
      Array.from({ length: 40 }, async (_, n) => {
        const { payload, contentType } = multipartBody({ name: `capture-${n}.png`, type: 'image/png', bytes: PNG });
        const answer = await t.app.inject({
          method: 'POST',
          url: `/api/tickets/${ticket}/attachments`,
          payload,
          headers: { 'content-type': contentType, authorization },
        });
        return answer.statusCode;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(ATTACHMENTS_PER_MESSAGE);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40 - ATTACHMENTS_PER_MESSAGE);
    const [{ n }] = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM ticket_attachments WHERE ticket_id = $1',
      [ticket],
    );
    expect(n).toBe(ATTACHMENTS_PER_MESSAGE);
  });

  it('refuses a pending upload beyond the cap written past the route', async () => {
    const [ticket] = await t.db.query<{ id: number }>('SELECT id FROM tickets ORDER BY id LIMIT 1');
    const insert = `INSERT INTO ticket_attachments (ticket_id, uploader_id, name, mime_type, size, storage_key)
                    VALUES ($1, $2, 'x.png', 'image/png', 1, $3)`;
    const user = t.users.superadmin.id;
    for (let n = 0; n < ATTACHMENTS_PER_MESSAGE; n++)
      expect(await refusal(user, insert, [ticket.id, user, `cap/${n}.png`])).toBeUndefined();
    expect(await refusal(user, insert, [ticket.id, user, 'cap/extra.png'])).toEqual({
      code: '23514',
      constraint: 'row_cap_pending_attachments_per_ticket',
    });
  });
});
