import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound, unprocessable, violation, type Violation } from '../../http/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { requireRole } from '../../http/session.ts';
import { authorize, sendCollection } from '../../resources/plugin.ts';
import type { TicketNotifier } from '../../tickets/ticketNotifier.ts';
import { bodyOf, declarationOf, idOf, replyWithRecord } from './support.ts';

const STATUSES = ['created', 'treated', 'canceled', 'closed'];

export async function ticketRoutes(
  app: FastifyInstance,
  { db, engine, ticketNotifier }: { db: Database; engine: ResourceEngine; ticketNotifier?: TicketNotifier },
) {
  const tickets = declarationOf('tickets');

  app.put('/api/tickets/:id/add-message', async (request, reply) => {
    const { session, scope } = authorize(request, tickets, 'update');
    const id = idOf(request);
    const { message, status } = bodyOf(request);
    const problems: Violation[] = [];
    if (typeof message !== 'string' || message.trim() === '') problems.push(violation('message', 'blank', 'This value should not be blank.'));
    else if (message.length > 20_000) problems.push(violation('message', 'length', 'This value is too long. It should have 20000 characters or less.'));
    if (status !== undefined && !STATUSES.includes(status as string))
      problems.push(violation('status', 'choice', 'The value you selected is not a valid choice.'));
    if (problems.length > 0) throw unprocessable(problems);
    const scopeSql = scope.map((condition) => ` AND ${condition}`).join('');
    const body = (message as string).trim();
    const written = await db.transaction(async (tx) => {
      await tx.query(`SELECT set_config('app.user_id', $1, true)`, [String(session.userId)]);
      const [ticket] = await tx.query<{ status: string }>(`SELECT t.status FROM tickets t WHERE t.id = $1${scopeSql} FOR UPDATE`, [id]);
      if (!ticket) throw notFound(`Ticket ${id} not found.`);
      // Only support staff set a status; an author writing on their own bug ticket puts it back in the queue.
      const next = scope.length > 0 ? 'created' : ((status as string | undefined) ?? ticket.status);
      const [row] = await tx.query<{ id: number }>('INSERT INTO ticket_messages (ticket_id, author_id, body, status) VALUES ($1, $2, $3, $4) RETURNING id', [
        id, session.userId, body, next,
      ]);
      await tx.query('UPDATE tickets SET status = $2, updated_at = now() WHERE id = $1', [id, next]);
      return { messageId: row.id, status: next };
    });
    // After the commit: the author is told of a reply that exists. Its delivery is recorded, sent or not.
    await ticketNotifier
      ?.afterMessage({ ticketId: id, messageId: written.messageId, status: written.status, agentId: session.userId, message: body })
      .catch((error: unknown) => request.log.error(error));
    return replyWithRecord(engine, request, reply, tickets, id);
  });

  // The session's own tickets (the contributor's bug reports): a list scoped to its author.
  app.get('/api/tickets/user', async (request, reply) => {
    const session = requireRole(request, 'ROLE_USER', 'Listing your own tickets');
    return sendCollection(request, reply, engine, tickets, '/api/tickets/user', [`t.author_id = ${session.userId}`]);
  });
}
