import type { SessionStructure } from '../../src/domain/tenancy.ts';
import type { Database, Queryable } from '../db/database.ts';

/** One row of `live_events`, as NOTIFY carries it and SSE streams it. */
export interface LiveEvent {
  /**
   * Its row's id, the SSE event id a client comes back with; null for an event that holds only until its
   * expiry (who has a ticket open): it has no row, is never replayed and moves no client's last id.
   */
  id: number | null;
  topic: string;
  /** The one non-staff user who may see it (the author of a bug ticket), if any. */
  owner: number | null;
  /** For staff only (internal notes, deliveries). */
  internal: boolean;
  /** The structure whose ticket it is (null: the platform's own). */
  structure: number | null;
  /** The one user it is meant for (a mention), whoever else may see its ticket. */
  recipient?: number | null;
  data: Record<string, unknown>;
}

/**
 * Who listens: inside the structures they work on, staff see every event, anyone else only the
 * non-internal events of what they own.
 */
export interface Audience {
  userId: number;
  staff: boolean;
  structure: SessionStructure;
}

export type Deliver = (event: LiveEvent) => void;

export const LIVE_CHANNEL = 'live_events';
/** At most this many events are replayed to a client coming back; beyond, it is told to reload. */
export const REPLAY_LIMIT = 500;
/** Events are kept this long for replays, then pruned. */
const RETENTION = '1 day';
/** How often events past their retention are pruned, by one process of all (server/jobs/scheduler.ts). */
export const PRUNE_EVERY_SECONDS = 3600;
/** Ids of events already delivered, to drop the duplicates a catch-up after a reconnection may bring. */
const SEEN_KEPT = 2_000;
/** A process whose last stream closed stops listening this long after, unless another one opened meanwhile. */
export const IDLE_UNLISTEN_MS = 60_000;

export const canSee = (event: Pick<LiveEvent, 'owner' | 'internal' | 'structure' | 'recipient'>, audience: Audience) =>
  (audience.structure.allStructures || event.structure === audience.structure.structure) &&
  (audience.staff || (!event.internal && event.owner === audience.userId)) &&
  (event.recipient === null || event.recipient === undefined || event.recipient === audience.userId);

interface Row {
  id: number | string;
  topic: string;
  owner_id: number | null;
  internal: boolean;
  company_id: number | null;
  recipient_id: number | null;
  payload: Record<string, unknown>;
}

const COLUMNS = 'id, topic, owner_id, internal, company_id, recipient_id, payload';

const fromRow = (row: Row): LiveEvent => ({
  id: Number(row.id),
  topic: row.topic,
  owner: row.owner_id,
  internal: row.internal,
  structure: row.company_id,
  recipient: row.recipient_id,
  data: row.payload,
});

/**
 * The server's one LISTEN on `live_events` (PostgreSQL: shared by every process on the database; PGlite:
 * in process), fanned out in memory to the open event streams. Writing an event is the database's job
 * (triggers, see migration 0005): whatever path changed a ticket, the event exists once it commits. It reads
 * every structure's events (`db` is the platform's scope) and hands each listener those of its structure.
 * A process listens only while it has streams open (and a minute after the last one closed): PostgreSQL
 * wakes every listening connection for every NOTIFY, and behind a load balancer most processes may hold no
 * stream at all.
 */
export class LiveHub {
  private readonly subscribers = new Map<Deliver, Audience>();
  private readonly seen = new Set<number>();
  private lastId = 0;
  /** Settled once LISTEN is in place; undefined while not listening. */
  private listeningNow?: Promise<() => Promise<void>>;
  /** The UNLISTEN under way, which a new LISTEN waits for. */
  private unlistening: Promise<void> = Promise.resolve();
  private idleTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly idleUnlistenMs = IDLE_UNLISTEN_MS,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.subscribers.clear();
    clearTimeout(this.idleTimer);
    const listening = this.listeningNow;
    this.listeningNow = undefined;
    await listening?.then((unlisten) => unlisten()).catch(() => undefined);
  }

  get listeners(): number {
    return this.subscribers.size;
  }

  /** Whether the process is listening now (or about to): for tests and the bench. */
  get listening(): boolean {
    return this.listeningNow !== undefined;
  }

  /**
   * Adds a listener. Events reach it once `ready` settles: a stream awaits it before reading what it
   * missed, so that nothing committed in between is lost.
   */
  subscribe(audience: Audience, deliver: Deliver): () => void {
    this.subscribers.set(deliver, audience);
    void this.ready().catch(() => undefined);
    return () => {
      this.subscribers.delete(deliver);
      if (!this.subscribers.size) this.idleLater();
    };
  }

  /** Settles once every event committed from now on reaches the listeners (LISTEN in place). */
  ready(): Promise<void> {
    clearTimeout(this.idleTimer);
    if (this.stopped) return Promise.reject(new Error('The live hub is stopped.'));
    const listening = (this.listeningNow ??= this.unlistening
      .then(() =>
        this.db.listen(
          LIVE_CHANNEL,
          (payload) => this.receive(payload),
          () => void this.catchUp(),
        ),
      )
      .then(async (unlisten) => {
        // Events before the LISTEN never came as NOTIFY: a catch-up after a lost connection starts here.
        const [row] = await this.db.query<{ id: number | string }>(
          'SELECT coalesce(max(id), 0) AS id FROM live_events',
        );
        this.lastId = Math.max(this.lastId, Number(row.id));
        return unlisten;
      })
      .catch((error: unknown) => {
        if (this.listeningNow === listening) this.listeningNow = undefined;
        throw error;
      }));
    return listening.then(() => undefined);
  }

  private idleLater(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      const listening = this.listeningNow;
      if (this.subscribers.size || !listening) return;
      this.listeningNow = undefined;
      this.unlistening = listening.then((unlisten) => unlisten()).catch(() => undefined);
    }, this.idleUnlistenMs);
    this.idleTimer.unref();
  }

  /** What an audience missed after `afterId`, oldest first; `complete` is false when there was more than the limit. */
  async replay(afterId: number, audience: Audience): Promise<{ events: LiveEvent[]; complete: boolean }> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM live_events
        WHERE id > $1 AND ($2::boolean OR (NOT internal AND owner_id = $3::integer))
          AND ($4::boolean OR company_id = $5::integer)
          AND (recipient_id IS NULL OR recipient_id = $3::integer)
        ORDER BY id LIMIT ${REPLAY_LIMIT + 1}`,
      [afterId, audience.staff, audience.userId, audience.structure.allStructures, audience.structure.structure],
    );
    return { events: rows.slice(0, REPLAY_LIMIT).map(fromRow), complete: rows.length <= REPLAY_LIMIT };
  }

  private receive(payload: string): void {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    this.dispatch(event);
  }

  private dispatch(event: LiveEvent): void {
    if (event.id !== null) {
      if (this.seen.has(event.id)) return;
      this.seen.add(event.id);
      if (this.seen.size > SEEN_KEPT) this.seen.delete(this.seen.values().next().value!);
      this.lastId = Math.max(this.lastId, event.id);
    }
    for (const [deliver, audience] of this.subscribers) if (canSee(event, audience)) deliver(event);
  }

  /** After the LISTEN connection came back: what was committed meanwhile never reached us as a NOTIFY. */
  private async catchUp(): Promise<void> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM live_events WHERE id > $1 ORDER BY id LIMIT ${REPLAY_LIMIT}`,
      [this.lastId],
    );
    for (const row of rows) this.dispatch(fromRow(row));
  }
}

/** Drops the events past their retention (periodic work, one process of all). */
export async function pruneLiveEvents(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM live_events WHERE created_at < now() - interval '${RETENTION}'`);
}
