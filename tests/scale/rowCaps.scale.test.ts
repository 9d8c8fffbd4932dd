import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { SAVED_VIEWS_PER_LIST } from '../../src/domain/savedViews.ts';
import { ATTACHMENTS_PER_MESSAGE } from '../../src/domain/ticketAttachments.ts';
import { multipartBody } from '../api/support/multipart.ts';
import { call, expectOk, signIn } from './support/client.ts';
import { startCluster, type ScaleCluster } from './support/cluster.ts';

/**
 * The "at most N" rules of server/bounds/rowCaps.ts on three server processes behind HAProxy: 200 creations
 * sent at once, spread over the processes, keep exactly N rows. Counted before the insert in each process,
 * they kept 45 views of 30.
 */
let cluster: ScaleCluster;

beforeAll(async () => {
  cluster = await startCluster({ env: { WRITE_BUDGET: '1000' } });
});
afterAll(async () => {
  await cluster?.stop();
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);

/** Each process answered some of `statuses`' requests: the proxy spread them. */
async function spread<T>(work: () => Promise<T>): Promise<T> {
  const before = await cluster.proxy.answered();
  const result = await work();
  const after = await cluster.proxy.answered();
  for (const { name } of cluster.processes)
    expect(after[name] - before[name], `${name} answered none`).toBeGreaterThan(0);
  return result;
}

describe('caps over three processes', () => {
  it(`keeps ${SAVED_VIEWS_PER_LIST} views of a list out of 200 created at once`, async () => {
    const { token } = await signIn(cluster.url, 'contributeur@demo.fr', DEMO_PASSWORD);
    const statuses = await spread(() =>
      Promise.all(
        Array.from({ length: 200 }, async (_, n) => {
          const answer = await call(cluster.url, 'POST', '/api/saved-views', {
            token,
            body: { resource: 'courses', name: `Vue ${n}`, params: { filter: {} } },
          });
          return answer.status;
        }),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(SAVED_VIEWS_PER_LIST);
    expect(statuses.filter((status) => status === 422)).toHaveLength(200 - SAVED_VIEWS_PER_LIST);
    const [{ n }] = await cluster.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM saved_views v JOIN users u ON u.id = v.user_id
        WHERE u.email = 'contributeur@demo.fr' AND v.resource = 'courses'`,
    );
    expect(n).toBe(SAVED_VIEWS_PER_LIST);
  });

  it(`keeps ${ATTACHMENTS_PER_MESSAGE} pending uploads of a writer on a ticket out of 200 sent at once`, async () => {
    const { token } = await signIn(cluster.url, 'admin@demo.fr', DEMO_PASSWORD);
    const created = await call(cluster.url, 'POST', '/api/tickets', {
      token,
      body: { type: 1, subject: 'Captures en rafale' },
    });
    expectOk(created, 'the ticket');
    const ticket = created.json.id as number;
    const statuses = await spread(() =>
      Promise.all(
        Array.from({ length: 200 }, async (_, n) => {
          const { payload, contentType } = multipartBody({ name: `capture-${n}.png`, type: 'image/png', bytes: PNG });
          const response = await fetch(`${cluster.url}/api/tickets/${ticket}/attachments`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': contentType, accept: 'application/json' },
            body: new Uint8Array(payload),
          });
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(ATTACHMENTS_PER_MESSAGE);
    expect(statuses.filter((status) => status === 422)).toHaveLength(200 - ATTACHMENTS_PER_MESSAGE);
    const [{ n }] = await cluster.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM ticket_attachments WHERE ticket_id = $1',
      [ticket],
    );
    expect(n).toBe(ATTACHMENTS_PER_MESSAGE);
  });
});
