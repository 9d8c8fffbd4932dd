import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIVE_STREAMS_PER_USER, STREAM_SLOT_STALE_SECONDS } from '../../server/live/streamSlots.ts';
import { createTestApp, type TestApp, type TestProcess } from '../api/support/testApp.ts';
import { openStream, type Stream } from './support/eventStream.ts';

/**
 * One user holds at most LIVE_STREAMS_PER_USER live event streams at once, over every server process (the
 * slots are PostgreSQL's); one more is a 429 with Retry-After. A stream that ends gives its slot back, and
 * the slot of a process that died is free once it is no longer renewed. 400 streams of one user were open.
 */
let t: TestApp;
let other: TestProcess;
const bases: string[] = [];
const opened: Stream[] = [];

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  t = await createTestApp();
  other = await t.anotherProcess();
  bases.push(await listen(t.app), await listen(other.app));
});
afterAll(async () => {
  for (const stream of opened) stream.close();
  await t?.close();
});

/** A stream ticket of `token`'s, asked for on one process. */
async function ticketOf(token: string): Promise<string> {
  const answer = await t.request('POST', '/api/events/ticket', { token });
  expect(answer.status, answer.body).toBe(200);
  return answer.json.ticket as string;
}

const streamUrl = (base: string, ticket: string) => `${base}/api/events?ticket=${encodeURIComponent(ticket)}`;

async function open(token: string, base: string): Promise<Stream> {
  const stream = await openStream(streamUrl(base, await ticketOf(token)));
  opened.push(stream);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

/** What the stream's URL answers when it does not open: its status and headers. */
async function refused(token: string, base: string) {
  const response = await fetch(streamUrl(base, await ticketOf(token)));
  const body = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body };
}

describe('live streams of one user', () => {
  it(`opens ${DEFAULT_LIVE_STREAMS_PER_USER} over two processes, then answers 429 on either`, async () => {
    const token = await t.tokenFor('admin');
    const streams: Stream[] = [];
    for (let n = 0; n < DEFAULT_LIVE_STREAMS_PER_USER; n++) streams.push(await open(token, bases[n % 2]));
    for (const base of bases) {
      const answer = await refused(token, base);
      expect(answer.status, answer.body).toBe(429);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(answer.body).detail).toContain(`Au plus ${DEFAULT_LIVE_STREAMS_PER_USER} flux`);
    }
    // Another user is not held back.
    await open(await t.tokenFor('contributor'), bases[0]);

    // A stream that ends gives its slot back, on whichever process.
    streams[0].close();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      const answer = await fetch(streamUrl(bases[1], await ticketOf(token)));
      status = answer.status;
      if (status === 200) await answer.body?.cancel();
      else {
        await answer.text();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    expect(status).toBe(200);
  });

  it('counts no slot a dead process left once it is no longer renewed', async () => {
    const token = await t.tokenFor('superadmin');
    const user = t.users.superadmin.id;
    // Slots of a process that died: rows nobody renews or deletes.
    await t.db.query(
      `INSERT INTO live_streams (id, user_id, seen_at)
       SELECT gen_random_uuid(), $1, now() - make_interval(secs => $3::int) FROM generate_series(1, $2::int)`,
      [user, DEFAULT_LIVE_STREAMS_PER_USER, STREAM_SLOT_STALE_SECONDS + 5],
    );
    await open(token, bases[0]);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM live_streams WHERE user_id = $1', [
      user,
    ]);
    expect(n).toBe(1);
  });
});
