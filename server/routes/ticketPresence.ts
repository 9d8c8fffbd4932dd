import type { FastifyInstance } from 'fastify';
import { WriteBudgets } from '../bounds/writeBudgets.ts';
import type { Database, Queryable } from '../db/database.ts';
import { closedObject, listOf } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { tooMany } from '../shared/errors.ts';
import { idParams, objectBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireRole } from '../http/session.ts';
import { TicketPresence } from '../tickets/ticketPresence.ts';
import { PRESENCE_BUDGET, PRESENCE_STATES } from '../../src/domain/presence.ts';
import { declarationOf } from './actions/support.ts';

const presenceAnswer = closedObject(
  'Who else has the ticket open now: each one by name, the seconds their presence and typing still hold.',
  {
    present: listOf(
      'The other staff on the ticket, by name.',
      closedObject(
        'One of them.',
        {
          user: closedObject('Who.', { id: { type: 'integer' }, name: { type: 'string' } }, ['id', 'name']),
          expiresIn: { type: 'integer' },
          typingExpiresIn: { type: ['integer', 'null'] },
        },
        ['user', 'expiresIn', 'typingExpiresIn'],
      ),
    ),
  },
  ['present'],
);

/**
 * `POST /api/tickets/{id}/presence`: a ticket panel's heartbeat (`viewing`), its reply box's `typing`, and its
 * closing (`left`). Support staff only, on the tickets their reading reaches; the signals spend from a budget
 * of their own (PRESENCE_BUDGET), not from the user's writes. The others on the ticket are told live.
 */
export async function ticketPresenceRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const tickets = declarationOf('tickets');
  const presence = new TicketPresence(db);
  const budgets = new WriteBudgets(db, PRESENCE_BUDGET, 'presence_budgets');
  const staffOnly = (request: Parameters<typeof requireRole>[0]) =>
    requireRole(request, 'ROLE_ADMIN', "A ticket's presence");

  app.post(
    '/api/tickets/:id/presence',
    {
      config: { ownWriteBudget: true },
      schema: {
        params: idParams,
        body: objectBody({ state: { enum: PRESENCE_STATES } }, ['state']),
        response: { 200: presenceAnswer },
      },
      ...rightsFirst(staffOnly),
    },
    async (request) => {
      staffOnly(request);
      const { session, scope } = authorize(request, tickets, 'get');
      const spend = async (tx: Queryable) => {
        const wait = await budgets.spend(session.userId, 1, tx);
        if (wait > 0) throw tooMany(wait, `Too many presence signals; try again in ${wait} s.`);
      };
      return { present: await presence.signal(pathId(request), session.userId, request.body.state, scope, spend) };
    },
  );
}
