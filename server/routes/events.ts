import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { SessionVersions } from '../auth/sessionVersions.ts';
import { hasRole } from '../../src/domain/roles.ts';
import { forbidden, tooMany, unauthorized } from '../shared/errors.ts';
import { noBody, queryOf, typedRoutes } from '../http/routeSchema.ts';
import { requireRole } from '../http/session.ts';
import type { LiveEvent, LiveHub } from '../live/liveHub.ts';
import { STREAM_SLOT_RENEW_SECONDS, type StreamSlots } from '../live/streamSlots.ts';
import type { StreamTickets } from '../live/streamTickets.ts';
import { closedObject, streamed } from '../http/answers.ts';
import { LIVE_EVENT_ID_MAX_LENGTH, LIVE_TICKETS_MAX_LENGTH } from '../../src/domain/queryBounds.ts';

/** A comment line now and then keeps proxies and load balancers from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** EventSource waits this long before reconnecting on its own. */
const RETRY_MS = 2_000;

// An event without an id (presence) leaves the client's last event id as it was.
const frame = (event: LiveEvent) =>
  `${event.id === null ? '' : `id: ${event.id}\n`}event: ${event.topic}\ndata: ${JSON.stringify(event.data)}\n\n`;

const streamTicket = closedObject(
  'A single-use ticket that opens the event stream (GET /api/events?ticket=), and its lifetime in seconds.',
  { ticket: { type: 'string' }, expiresIn: { type: 'integer' } },
  ['ticket', 'expiresIn'],
);

/**
 * Server-sent events: `POST /api/events/ticket` trades the bearer token for a stream
 * ticket, `GET /api/events?ticket=…` streams the changes of tickets the session may see. A client coming
 * back sends `Last-Event-ID` (EventSource does, on its own reconnections) or `lastEventId=` (a new
 * EventSource, after asking for a new ticket): what it missed is replayed first.
 */
export async function eventRoutes(
  fastify: FastifyInstance,
  {
    hub,
    tickets,
    versions,
    slots,
  }: { hub: LiveHub; tickets: StreamTickets; versions: SessionVersions; slots: StreamSlots },
) {
  const app = typedRoutes(fastify);
  // A stream never ends by itself: the server's close would wait for every open one. When the process
  // stops, each stream is told to come back soon, spread over a second and a half so that the streams of
  // a stopped process do not all land on the others at once (behind a load balancer, they reconnect there).
  const open = new Set<ServerResponse>();
  app.addHook('preClose', async () => {
    for (const response of open) response.end(`retry: ${500 + Math.floor(Math.random() * 1500)}\n\n`);
  });
  // The slots of this process's open streams (streamSlots.ts), renewed together: one statement a period
  // whatever the number of streams.
  const slotsHeld = new Map<ServerResponse, string>();
  const renewal = setInterval(() => {
    if (slotsHeld.size > 0)
      slots.renew([...slotsHeld.values()]).catch((error: unknown) => app.log.warn({ err: error }, 'stream slots'));
  }, STREAM_SLOT_RENEW_SECONDS * 1000);
  renewal.unref();
  app.addHook('onClose', async () => clearInterval(renewal));

  app.post('/api/events/ticket', { schema: { body: noBody, response: { 200: streamTicket } } }, async (request) => {
    const session = requireRole(request, 'ROLE_USER', 'Listening to live events');
    if (session.scope !== 'full') throw forbidden('Listening to live events requires a full session.');
    return tickets.issue({
      userId: session.userId,
      roles: session.roles,
      sid: session.family,
      sv: session.sessionVersion,
      structure: session.structure,
    });
  });

  app.get(
    '/api/events',
    {
      schema: {
        querystring: queryOf({
          ticket: { type: 'string', maxLength: LIVE_TICKETS_MAX_LENGTH },
          lastEventId: { type: 'string', maxLength: LIVE_EVENT_ID_MAX_LENGTH },
        }),
        response: { 200: streamed('text/event-stream', 'Server-sent events, until the session ends.') },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const grant = typeof query.ticket === 'string' ? await tickets.redeem(query.ticket) : undefined;
      if (!grant || !(await versions.stands({ userId: grant.userId, version: grant.sv, family: grant.sid })))
        throw unauthorized('Invalid JWT Token');
      // A slot among the user's streams of every process, before anything is kept for this one.
      const slot = await slots.take(grant.userId);
      if (!slot)
        throw tooMany(
          STREAM_SLOT_RENEW_SECONDS,
          `Au plus ${slots.perUser} flux d’événements ouverts à la fois pour un compte : fermez un onglet.`,
        );
      const audience = { userId: grant.userId, staff: hasRole(grant.roles, 'ROLE_ADMIN'), structure: grant.structure };
      const lastHeader = request.headers['last-event-id'];
      const last = Number((typeof lastHeader === 'string' ? lastHeader : undefined) ?? query.lastEventId ?? NaN);

      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise hold the events back in its buffer.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${RETRY_MS}\n\n`);
      open.add(response);
      slotsHeld.set(response, slot);

      // Subscribed before the replay is read, so that nothing committed in between is lost; what arrives
      // meanwhile waits, and is sent after the replay unless the replay had it.
      let pending: LiveEvent[] | undefined = [];
      const unsubscribe = hub.subscribe(audience, (event) => {
        if (pending) pending.push(event);
        else response.write(frame(event));
      });
      const heartbeat = setInterval(() => response.write(': ping\n\n'), HEARTBEAT_MS);
      // A stream ends with its session: a demotion, a disable, a new password... (docs/SECURITY.md).
      const unwatch = versions.watch((userId) => {
        if (userId !== undefined && userId !== grant.userId) return;
        void versions.stands({ userId: grant.userId, version: grant.sv, family: grant.sid }).then((stands) => {
          if (!stands) response.end();
        });
      });
      const stop = () => {
        if (slotsHeld.delete(response))
          slots.release(slot).catch((error: unknown) => request.log.warn({ err: error }, 'stream slot'));
        open.delete(response);
        clearInterval(heartbeat);
        unsubscribe();
        unwatch();
      };
      request.raw.on('close', stop);
      response.on('close', stop);
      // A client gone while its slot was being taken has no close left to tell.
      if (request.raw.destroyed || response.destroyed) return stop();

      try {
        await hub.ready();
      } catch (error) {
        // Without LISTEN nothing would reach this stream: the client comes back after `retry`.
        request.log.error(error);
        response.end();
        return;
      }
      let replayedUpTo = 0;
      if (Number.isSafeInteger(last) && last >= 0) {
        try {
          const { events, complete } = await hub.replay(last, audience);
          for (const event of events) response.write(frame(event));
          replayedUpTo = events.at(-1)?.id ?? 0;
          // Too much was missed to replay: the client reloads what it shows.
          if (!complete) response.write('event: reset\ndata: {}\n\n');
        } catch (error) {
          request.log.error(error);
          response.write('event: reset\ndata: {}\n\n');
        }
      }
      for (const event of pending) if (event.id === null || event.id > replayedUpTo) response.write(frame(event));
      pending = undefined;
      // Tells the client (and the bench) that it now receives every event.
      response.write('event: ready\ndata: {}\n\n');
    },
  );
}
