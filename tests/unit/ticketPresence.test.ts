import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { presenceKey, presenceOf, presentAt, receivePresence } from '../../src/custom/tickets/presence/presenceStore';
import type { PresenceEvent } from '../../src/domain/presence';
import { openLiveEvents } from '../../src/providers/liveEvents';

/** A ticket panel's picture of who else is there: the server's answers, the live events, expiry, oneself left out. */

const claire = { id: 12, name: 'Claire Moreau' };
const paul = { id: 13, name: 'Paul Roux' };
const event = (state: PresenceEvent['state'], extra: Partial<PresenceEvent> = {}): PresenceEvent => ({
  ticket: 7,
  state,
  user: claire,
  expiresIn: state === 'left' ? 0 : 40,
  typingExpiresIn: state === 'typing' ? 8 : null,
  ...extra,
});

describe('ticket presence in the panel', () => {
  it('follows the events of an open panel: arrivals, typing kept by heartbeats, departures', () => {
    const client = new QueryClient();
    const at = 1_000_000;
    // A closed panel keeps nothing.
    receivePresence(client, event('viewing'), at);
    expect(client.getQueryData(presenceKey(7))).toBeUndefined();

    client.setQueryData(presenceKey(7), presenceOf([], at));
    receivePresence(client, event('typing'), at);
    receivePresence(client, event('viewing', { user: paul }), at);
    // A heartbeat while typing keeps the typing.
    receivePresence(client, event('viewing'), at + 2_000);
    let seen = presentAt(client.getQueryData(presenceKey(7)), at + 3_000, undefined);
    expect(seen.present.map((person) => person.name)).toEqual(['Claire Moreau', 'Paul Roux']);
    expect(seen.typing.map((person) => person.name)).toEqual(['Claire Moreau']);
    expect(seen.nextChange).toBe(at + 8_000);

    // The typing lapses, then Paul's presence; Claire leaves.
    seen = presentAt(client.getQueryData(presenceKey(7)), at + 9_000, undefined);
    expect(seen.typing).toEqual([]);
    seen = presentAt(client.getQueryData(presenceKey(7)), at + 41_000, undefined);
    expect(seen.present.map((person) => person.name)).toEqual(['Claire Moreau']);
    receivePresence(client, event('left'), at + 41_000);
    expect(presentAt(client.getQueryData(presenceKey(7)), at + 41_000, undefined).present).toEqual([]);
  });

  it('leaves the session’s own user out', () => {
    const state = presenceOf([{ user: claire, expiresIn: 40, typingExpiresIn: 5 }], 0);
    expect(presentAt(state, 1_000, 12).present).toEqual([]);
    expect(presentAt(state, 1_000, '13').present).toHaveLength(1);
  });

  it('receives presence events from the stream, apart from ticket events', async () => {
    let source: EventTarget | undefined;
    const received: PresenceEvent[] = [];
    const stop = openLiveEvents({
      fetchTicket: async () => 'ticket',
      onTicketEvent: () => {
        throw new Error('A presence event is no ticket event.');
      },
      onPresenceEvent: (presence) => received.push(presence),
      onReset: () => undefined,
      createEventSource: () => {
        source = Object.assign(new EventTarget(), { close: () => undefined });
        return source as unknown as EventSource;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    source!.dispatchEvent(new MessageEvent('presence', { data: JSON.stringify(event('typing')) }));
    expect(received).toEqual([event('typing')]);
    stop();
  });
});
