import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openLiveEvents, type TicketEvent } from '../../src/providers/liveEvents';

/** A stand-in for EventSource: the test emits its events and errors by hand. */
class FakeSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  emit(type: string, data: string, lastEventId = '') {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
  close() {
    this.closed = true;
  }
}

describe('openLiveEvents', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream with a fresh ticket, and after an error reconnects with a new one and the last event id', async () => {
    const sources: FakeSource[] = [];
    const tickets = ['first', 'second'];
    const events: TicketEvent[] = [];
    const stop = openLiveEvents({
      fetchTicket: async () => tickets.shift()!,
      onTicketEvent: (event) => events.push(event),
      onReset: () => undefined,
      createEventSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(1);
    expect(sources[0].url).toBe('/api/events?ticket=first');

    sources[0].emit('tickets', JSON.stringify({ kind: 'message', ticket: 7, type: 2, status: 'created' }), '41');
    expect(events).toEqual([{ kind: 'message', ticket: 7, type: 2, status: 'created' }]);

    // EventSource would retry with the spent ticket: closed, and opened again a second later with a new one.
    sources[0].dispatchEvent(new Event('error'));
    expect(sources[0].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(sources[1].url).toBe('/api/events?ticket=second&lastEventId=41');

    stop();
    expect(sources[1].closed).toBe(true);
  });

  it('tries again later when no ticket can be had, and tells of a reset', async () => {
    let calls = 0;
    const resets = vi.fn();
    const sources: FakeSource[] = [];
    const stop = openLiveEvents({
      fetchTicket: async () => {
        calls += 1;
        if (calls === 1) throw new Error('offline');
        return 'ok';
      },
      onTicketEvent: () => undefined,
      onReset: resets,
      createEventSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sources).toHaveLength(1);
    sources[0].emit('reset', '{}');
    expect(resets).toHaveBeenCalledOnce();
    stop();
  });
});
