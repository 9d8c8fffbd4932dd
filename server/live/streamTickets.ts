import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionStructure } from '../../src/domain/tenancy.ts';
import { Counters } from '../bounds/counters.ts';
import type { Queryable } from '../db/database.ts';

/** What a stream ticket lets its holder open: one event stream, as this session. */
export interface StreamGrant {
  userId: number;
  roles: string[];
  /** The session (refresh-token family) it was asked for. */
  sid: string;
  /** The user's session version then: the stream ends when it moves. */
  sv: number;
  /** The structures whose events the stream carries: the session's, as it was when the ticket was asked for. */
  structure: SessionStructure;
}

/** A ticket is good for this long: EventSource opens the stream at once, a reconnection asks for a new one. */
export const STREAM_TICKET_TTL_SECONDS = 60;

interface Payload extends StreamGrant {
  exp: number;
  jti: string;
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Short-lived, single-purpose tickets for EventSource, which sends no Authorization header: the client
 * trades its bearer token for one (`POST /api/events/ticket`) and puts it in the stream's URL, where the
 * long-lived access token must never be (logs, history). Signed with a key derived from the JWT secret, so
 * that any process behind a load balancer accepts it and it can never pass for an access token. Each one
 * opens one stream, on whichever process: its use is a bound of one (server/bounds/counters.ts), kept in
 * PostgreSQL until the ticket has expired.
 */
export class StreamTickets {
  private readonly key: Buffer;
  private readonly uses: Counters;

  constructor(
    secret: Uint8Array,
    db: Queryable,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.key = createHmac('sha256', secret).update('lms-backoffice/live-events-stream-ticket/v1').digest();
    this.uses = new Counters(db);
  }

  issue(grant: StreamGrant): { ticket: string; expiresIn: number } {
    const payload: Payload = {
      ...grant,
      exp: Math.floor(this.now() / 1000) + STREAM_TICKET_TTL_SECONDS,
      jti: randomBytes(12).toString('base64url'),
    };
    const body = encode(payload);
    return { ticket: `${body}.${this.sign(body)}`, expiresIn: STREAM_TICKET_TTL_SECONDS };
  }

  /** The grant of a valid, unexpired, not yet used ticket; undefined otherwise. */
  async redeem(ticket: string): Promise<StreamGrant | undefined> {
    const [body, signature, extra] = ticket.split('.');
    if (!body || !signature || extra !== undefined) return undefined;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let payload: Payload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    } catch {
      return undefined;
    }
    const nowSeconds = this.now() / 1000;
    if (typeof payload.exp !== 'number' || payload.exp < nowSeconds || typeof payload.jti !== 'string')
      return undefined;
    if (!payload.structure || typeof payload.structure !== 'object') return undefined;
    // A ticket lives at most its TTL: its use is remembered as long.
    const reused = await this.uses.take([
      { key: `stream-ticket:${payload.jti}`, max: 1, windowSeconds: STREAM_TICKET_TTL_SECONDS },
    ]);
    if (reused > 0) return undefined;
    return {
      userId: payload.userId,
      roles: payload.roles,
      sid: payload.sid,
      sv: Number(payload.sv ?? 0),
      structure: payload.structure,
    };
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
