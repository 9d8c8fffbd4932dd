import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/database';
import { LiveHub, type Audience, type LiveEvent } from '../../server/live/liveHub';

/** The database as the hub sees it: who listens on which channel, and the newest event's id. */
function fakeDatabase(newestId = 0) {
  const listeners = new Map<string, (payload: string) => void>();
  const calls: string[] = [];
  const db = {
    listen: async (channel: string, onNotify: (payload: string) => void) => {
      calls.push(`LISTEN ${channel}`);
      listeners.set(channel, onNotify);
      return async () => {
        calls.push(`UNLISTEN ${channel}`);
        listeners.delete(channel);
      };
    },
    query: async () => [{ id: newestId }],
  } as unknown as Database;
  const notify = (event: Partial<LiveEvent> & { id: number }) =>
    listeners.get('live_events')?.(
      JSON.stringify({ topic: 'tickets', owner: null, internal: false, structure: 1, data: {}, ...event }),
    );
  return { db, calls, notify, listening: () => listeners.has('live_events') };
}

const staff: Audience = { userId: 1, staff: true, structure: { structure: 1, allStructures: false } };

describe('LiveHub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('listens only while a stream is open, and a minute after the last one closed', async () => {
    const database = fakeDatabase(40);
    const hub = new LiveHub(database.db, 60_000);
    await hub.start();
    // A process without streams is not woken by other processes' events.
    expect(database.listening()).toBe(false);

    const received: number[] = [];
    const unsubscribe = hub.subscribe(staff, (event) => received.push(event.id!));
    await hub.ready();
    expect(database.calls).toEqual(['LISTEN live_events']);
    database.notify({ id: 41 });
    expect(received).toEqual([41]);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(59_000);
    expect(database.listening()).toBe(true);
    // A stream opened within the minute keeps the same LISTEN.
    const again = hub.subscribe(staff, (event) => received.push(event.id!));
    await hub.ready();
    again();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(database.listening()).toBe(false);
    expect(database.calls).toEqual(['LISTEN live_events', 'UNLISTEN live_events']);

    // The next stream listens again, after the UNLISTEN, and gets what is committed from then on.
    hub.subscribe(staff, (event) => received.push(event.id!));
    await hub.ready();
    database.notify({ id: 42 });
    expect(received).toEqual([41, 42]);
    expect(database.calls).toEqual(['LISTEN live_events', 'UNLISTEN live_events', 'LISTEN live_events']);
    await hub.stop();
    expect(database.listening()).toBe(false);
  });

  it('hands each listener the events of its structure only', async () => {
    const database = fakeDatabase();
    const hub = new LiveHub(database.db);
    const received: number[] = [];
    hub.subscribe(staff, (event) => received.push(event.id!));
    await hub.ready();
    database.notify({ id: 1, structure: 2 });
    database.notify({ id: 2, structure: 1 });
    expect(received).toEqual([2]);
    await hub.stop();
  });
});
