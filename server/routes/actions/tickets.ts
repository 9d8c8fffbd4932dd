import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { notFound, problem, unprocessable, violation } from '../../shared/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { requireRole } from '../../http/session.ts';
import { authorize } from '../../resources/authorize.ts';
import { sendCollection } from '../../resources/envelope.ts';
import { querySchema } from '../../resources/routeSchemas.ts';
import type { TicketNotifier } from '../../tickets/ticketNotifier.ts';
import { attachmentIds, takeAttachments } from '../../tickets/attachments.ts';
import { filledText, idParams, objectBody, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { TICKET_STATUSES } from '../../../src/domain/contracts/tickets.ts';
import { mayWriteField } from '../../../src/domain/rights.ts';
import { structureScope } from '../../resources/tenancy.ts';
import { summarySql } from '../../resources/serialize.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';
import { idFromReference } from '../../resources/iri.ts';
import { handlesTickets } from '../../resources/definitions/tickets.ts';
import { resourceCollection, resourceItem } from '../../http/answers.ts';
import { TICKET_MESSAGE_MAX_LENGTH } from '../../../src/domain/helpdesk.ts';
import { REFERENCE_MAX_LENGTH } from '../../../src/domain/queryBounds.ts';

/** At most this many of the newer messages come back with the 409: enough to read what changed. */
const NEWER_MESSAGES_SHOWN = 20;

/**
 * Two agents answering at once: a reply started before someone else's message arrived is sent only once its
 * writer saw that message (`force`). Their own messages (another tab) are no surprise.
 */
async function refuseOverNewerMessages(tx: Queryable, ticketId: number, lastMessage: number, userId: number) {
  const newer = await tx.query(
    `SELECT m.id, ${summarySql('users', 'm.author_id', 'json')} AS author, m.body, m.created_at AS "createdAt", m.status
       FROM ticket_messages m
      WHERE m.ticket_id = $1 AND m.id > $2 AND m.author_id IS DISTINCT FROM $3
      ORDER BY m.created_at, m.id LIMIT ${NEWER_MESSAGES_SHOWN}`,
    [ticketId, lastMessage, userId],
  );
  if (newer.length > 0)
    throw problem(409, 'A newer message arrived since this reply was started: read it, or send again with "force".', {
      newerMessages: newer,
    });
}

export async function ticketRoutes(
  fastify: FastifyInstance,
  { db, engine, ticketNotifier }: { db: Database; engine: ResourceEngine; ticketNotifier?: TicketNotifier },
) {
  const app = typedRoutes(fastify);
  const tickets = declarationOf('tickets');

  const schema = {
    params: idParams,
    body: objectBody(
      {
        message: filledText(TICKET_MESSAGE_MAX_LENGTH),
        status: { enum: TICKET_STATUSES },
        attachments: attachmentIds,
        // The newest message the writer had when they started typing, and whether to send past newer ones.
        lastMessage: { type: 'integer', minimum: 0 },
        force: { type: 'boolean' },
        // A macro: the canned reply (IRI or id) whose status, priority, assignee and follow-up go with it.
        cannedReply: { type: ['string', 'integer'], maxLength: REFERENCE_MAX_LENGTH },
      },
      ['message'],
    ),
    response: { 200: resourceItem(tickets.type) },
  };
  app.put(
    '/api/tickets/:id/add-message',
    { schema, ...rightsFirst((request) => authorize(request, tickets, 'update')) },
    async (request, reply) => {
      const { session, scope } = authorize(request, tickets, 'update');
      const id = pathId(request);
      const { message, status, attachments = [], lastMessage, force, cannedReply } = request.body;
      const macro = cannedReply === undefined ? undefined : macroReference(request, cannedReply);
      const scopeSql = scope.map((condition) => ` AND ${condition}`).join('');
      const body = message.trim();
      const written = await runAsAction('add-message', { resource: 'tickets', id }, () =>
        db.transaction(async (tx) => {
          const [ticket] = await tx.query<{ status: string; company_id: number | null }>(
            `SELECT t.status, t.company_id FROM tickets t WHERE t.id = $1${scopeSql} FOR UPDATE`,
            [id],
          );
          if (!ticket) throw notFound(`Ticket ${id} not found.`);
          if (lastMessage !== undefined && !force) await refuseOverNewerMessages(tx, id, lastMessage, session.userId);
          const sets = macro ? await macroSettings(tx, macro, ticket.company_id, session) : undefined;
          // Only support staff set a status; an author writing on their own bug ticket puts it back in the queue.
          const next = mayWriteField(session.roles, 'tickets', 'status')
            ? (sets?.status ?? status ?? ticket.status)
            : 'created';
          const [row] = await tx.query<{ id: number }>(
            'INSERT INTO ticket_messages (ticket_id, author_id, body, status) VALUES ($1, $2, $3, $4) RETURNING id',
            [id, session.userId, body, next],
          );
          // One statement: the reply's status and the macro's settings are one change of the ticket.
          await tx.query(
            `UPDATE tickets SET status = $2, priority = coalesce($3, priority),
                    assignee_id = coalesce($4, assignee_id),
                    follow_up_at = coalesce(now() + make_interval(days => $5), follow_up_at), updated_at = now()
              WHERE id = $1`,
            [id, next, sets?.priority ?? null, sets?.assignee ?? null, sets?.followUpDays ?? null],
          );
          const files = await takeAttachments(tx, {
            ticketId: id,
            writerId: session.userId,
            ids: attachments,
            carrier: { message: row.id },
          });
          return { messageId: row.id, status: next, files };
        }),
      );
      // After the commit: the author is told of a reply that exists. Its delivery is recorded, sent or not.
      await ticketNotifier
        ?.afterMessage({
          ticketId: id,
          messageId: written.messageId,
          status: written.status,
          agentId: session.userId,
          message: body,
          attachments: written.files,
        })
        .catch((error: unknown) => request.log.error(error));
      return replyWithRecord(engine, request, reply, tickets, id);
    },
  );

  // The session's own tickets (the contributor's bug reports): a list scoped to its author.
  app.get(
    '/api/tickets/user',
    { schema: { querystring: querySchema(tickets), response: { 200: resourceCollection(tickets.type) } } },
    async (request, reply) => {
      const session = requireRole(request, 'ROLE_USER', 'Listing your own tickets');
      const scope = structureScope(tickets, 'list', session.structure);
      return sendCollection(request, reply, engine, tickets, '/api/tickets/user', [
        ...scope,
        `t.author_id = ${session.userId}`,
      ]);
    },
  );
}

/** The canned reply a message names as its macro, read with the canned replies' own reading right. */
function macroReference(request: FastifyRequest, value: string | number): { id: number; scope: string[] } {
  const { scope } = authorize(request, declarationOf('canned-replies'), 'get');
  const id = idFromReference(value, 'canned-replies');
  if (id === undefined)
    throw unprocessable([violation('cannedReply', 'reference', 'Indiquez une réponse type (son IRI ou son numéro).')]);
  return { id, scope };
}

/**
 * What a macro sets on the ticket, checked against it now: its assignee must still handle the ticket's structure.
 * A reply the session does not reach is a 422 on `cannedReply`, as any unknown reference.
 */
async function macroSettings(
  tx: Queryable,
  macro: { id: number; scope: string[] },
  structure: number | null,
  session: { userId: number; roles: readonly string[] },
) {
  const [row] = await tx.query<{
    status: string | null;
    priority: string | null;
    assignee: number | null;
    followUpDays: number | null;
  }>(
    `SELECT t.status, t.priority, t.assignee_id AS assignee, t.follow_up_days AS "followUpDays"
       FROM canned_replies t WHERE t.id = $1${andAll(macro.scope)}`,
    [macro.id],
  );
  if (!row) throw unprocessable([violation('cannedReply', 'reference', 'Cette réponse type est introuvable.')]);
  if (row.assignee !== null && !(await handlesTickets(tx, row.assignee, structure, session)))
    throw unprocessable([
      violation(
        'cannedReply',
        'not_staff',
        'La personne à qui cette réponse type attribue le ticket ne traite plus les tickets de sa structure.',
      ),
    ]);
  return row;
}
