import { API_URL } from './httpClient';
import { routes } from './routes';
import { PRESENCE_TOPIC, type PresenceEvent } from '../domain/presence';

/** What a ticket event says (server: migration 0005, `live_ticket_event`). */
export interface TicketEvent {
  kind: 'created' | 'message' | 'changed' | 'note' | 'notification';
  ticket: number;
  type: number;
  status: string;
}

export interface LiveEventsOptions {
  /** A fresh stream ticket (`POST /api/events/ticket`, with the bearer token and its refresh). */
  fetchTicket: () => Promise<string>;
  onTicketEvent: (event: TicketEvent) => void;
  /** A note mentioned the session's user (the server sends it to them alone). */
  onMentionEvent?: () => void;
  /** Someone else opened, typed in or left a ticket's panel (events without an id: never replayed). */
  onPresenceEvent?: (event: PresenceEvent) => void;
  /** The server could not replay all that was missed: everything shown may be stale. */
  onReset: () => void;
  /** The stream is open and receives every event (again, after a reconnection). */
  onReady?: () => void;
  createEventSource?: (url: string) => EventSource;
}

/** Waits before reconnecting, doubling from the first up to the last. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

/**
 * The back-office's one event stream. EventSource sends no header, so each connection
 * starts with a short-lived stream ticket asked for with the bearer token. EventSource's own retry would
 * reuse a spent ticket: on an error the stream is closed and opened again with a new ticket, carrying the
 * last event id it had (`lastEventId=`), and the server replays what came meanwhile. Answers the stop.
 */
export function openLiveEvents({
  fetchTicket,
  onTicketEvent,
  onMentionEvent,
  onPresenceEvent,
  onReset,
  onReady,
  createEventSource = (url) => new EventSource(url),
}: LiveEventsOptions): () => void {
  let source: EventSource | undefined;
  let lastEventId: string | undefined;
  let stopped = false;
  let delay = RETRY_MIN_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;

  function scheduleReconnect() {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  }

  async function connect() {
    let ticket: string;
    try {
      ticket = await fetchTicket();
    } catch {
      scheduleReconnect();
      return;
    }
    if (stopped) return;
    const query = new URLSearchParams({ ticket });
    if (lastEventId) query.set('lastEventId', lastEventId);
    const stream = createEventSource(`${API_URL}${routes.events}?${query.toString()}`);
    source = stream;
    stream.addEventListener('tickets', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      try {
        onTicketEvent(JSON.parse(message.data) as TicketEvent);
      } catch {
        // A malformed event is skipped; the next one refreshes the same screens.
      }
    });
    stream.addEventListener('mentions', (event) => {
      const message = event as MessageEvent<string>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      onMentionEvent?.();
    });
    stream.addEventListener(PRESENCE_TOPIC, (event) => {
      try {
        onPresenceEvent?.(JSON.parse((event as MessageEvent<string>).data) as PresenceEvent);
      } catch {
        // As above: the next heartbeat says it again.
      }
    });
    stream.addEventListener('reset', () => onReset());
    stream.addEventListener('ready', () => {
      delay = RETRY_MIN_MS;
      onReady?.();
    });
    stream.addEventListener('error', () => {
      stream.close();
      if (source === stream) source = undefined;
      scheduleReconnect();
    });
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
