import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { PLATFORM } from '../db/scope.ts';
import { authorize } from '../resources/authorize.ts';
import { notFound } from '../shared/errors.ts';
import { idParams, pathId, queryOf, referencePattern, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { closedObject } from '../http/answers.ts';
import { idFromReference } from '../resources/iri.ts';
import { renderTemplate } from '../../src/domain/templateVariables.ts';
import {
  OPEN_TICKET_STATUS,
  TICKET_PRIORITIES,
  TICKET_VIEWS,
  type CannedReplyVariable,
} from '../../src/domain/helpdesk.ts';
import { literal } from '../shared/sql.ts';
import { andAll, declarationOf } from './actions/support.ts';

const openByPriority = closedObject(
  'How many tickets waiting for support each priority holds.',
  Object.fromEntries(TICKET_PRIORITIES.map((priority) => [priority, { type: 'integer' }])),
  [...TICKET_PRIORITIES],
);
const viewCounts = closedObject(
  'How many tickets each built-in view of the list holds, and the open ones by priority.',
  { ...Object.fromEntries(TICKET_VIEWS.map((view) => [view, { type: 'integer' }])), open: openByPriority },
  [...TICKET_VIEWS, 'open'],
);

// The open tickets by priority, in the same pass as the views (the home page's "by urgency").
const openByPrioritySql = `json_build_object(${TICKET_PRIORITIES.map(
  (priority) =>
    `${literal(priority)}, count(*) FILTER (WHERE t.status = ${literal(OPEN_TICKET_STATUS)} AND t.priority = ${literal(priority)})::int`,
).join(', ')}) AS open`;
const rendered = closedObject('A canned reply with its variables filled.', { text: { type: 'string' } }, ['text']);

/**
 * The support desk's calls beyond CRUD: the counts of the ticket list's built-in views (one statement for
 * the four, with the open tickets by priority), and a canned reply rendered for a ticket. Both see only what the session's own reading of
 * tickets and canned replies reaches (rights, structure).
 */
export async function helpdeskRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const tickets = declarationOf('tickets');
  const cannedReplies = declarationOf('canned-replies');

  // The views' conditions, as the list's filters say them (assignee, assigned, dueAt[strictly_before]).
  app.get(
    '/api/tickets/views',
    {
      schema: { response: { 200: viewCounts } },
      ...rightsFirst((request) => authorize(request, tickets, 'list')),
    },
    async (request) => {
      const { session, scope } = authorize(request, tickets, 'list');
      const where = scope.length > 0 ? `WHERE ${scope.join(' AND ')}` : '';
      const [counts] = await db.query<Record<string, unknown>>(
        `SELECT count(*) FILTER (WHERE t.assignee_id = $1)::int AS mine,
                count(*) FILTER (WHERE NOT t.assigned)::int AS unassigned,
                count(*) FILTER (WHERE t.due_at < now())::int AS overdue,
                count(*)::int AS "all",
                ${openByPrioritySql}
           FROM tickets t ${where}`,
        [session.userId],
      );
      return counts;
    },
  );

  // Without a ticket (a preview of the reply), the ticket's variables are left empty.
  const ticketQuery = queryOf({ ticket: { type: 'string', pattern: referencePattern('tickets') } });
  app.get(
    '/api/canned-replies/:id/render',
    {
      schema: { params: idParams, querystring: ticketQuery, response: { 200: rendered } },
      ...rightsFirst((request) => {
        authorize(request, cannedReplies, 'get');
        authorize(request, tickets, 'get');
      }),
    },
    async (request) => {
      const { session, scope: replyScope } = authorize(request, cannedReplies, 'get');
      const { scope: ticketScope } = authorize(request, tickets, 'get');
      const id = pathId(request);
      const ticketId =
        request.query.ticket === undefined ? undefined : idFromReference(request.query.ticket, 'tickets');
      const [reply] = await db.query<{ body: string }>(
        `SELECT t.body FROM canned_replies t WHERE t.id = $1${andAll(replyScope)}`,
        [id],
      );
      if (!reply) throw notFound(`CannedReply ${id} not found.`);
      const [ticket] =
        ticketId === undefined
          ? [{ subject: '', first_name: null, last_name: null }]
          : await db.query<{ subject: string; first_name: string | null; last_name: string | null }>(
              `SELECT t.subject, u.first_name, u.last_name FROM tickets t LEFT JOIN users u ON u.id = t.author_id
                WHERE t.id = $1${andAll(ticketScope)}`,
              [ticketId],
            );
      if (!ticket) throw notFound(`Ticket ${ticketId} not found.`);
      // The agent's own name, whichever structure platform staff are working in.
      const [agent] = await db
        .scoped(PLATFORM)
        .query<{ first_name: string; last_name: string }>('SELECT first_name, last_name FROM users WHERE id = $1', [
          session.userId,
        ]);
      const fullName = (first?: string | null, last?: string | null) => [first, last].filter(Boolean).join(' ');
      const values: Record<CannedReplyVariable, string> = {
        authorFirstName: ticket.first_name ?? '',
        authorLastName: ticket.last_name ?? '',
        authorName: fullName(ticket.first_name, ticket.last_name),
        ticketSubject: ticket.subject,
        agentFirstName: agent?.first_name ?? '',
        agentName: fullName(agent?.first_name, agent?.last_name),
      };
      return { text: renderTemplate(reply.body, values) };
    },
  );
}
