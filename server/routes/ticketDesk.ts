import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound } from '../shared/errors.ts';
import { requireRole } from '../http/session.ts';
import { idParams, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { summarySql } from '../resources/serialize.ts';
import { structureScope } from '../resources/tenancy.ts';
import { declarationOf } from './actions/support.ts';
import { closedObject, listOf, orNull, summaryOrNull } from '../http/answers.ts';
import { DELIVERY_STATUSES } from '../../src/domain/helpdesk.ts';

const agenda = listOf(
  'The ticket’s timeline, newest first.',
  closedObject(
    'One event: its kind, its row, when, the statuses it moved between, its text and who.',
    {
      kind: { type: 'string', enum: ['opened', 'message', 'status', 'follow_up', 'note', 'notification'] },
      id: { type: 'integer', description: 'The row of the event, in the table of its kind.' },
      at: { type: 'string', format: 'date-time' },
      status: orNull('string', { description: 'The status (or follow-up date) it set; a delivery’s status.' }),
      previous: orNull('string'),
      text: orNull('string'),
      actor: summaryOrNull('Who (null for a notification, or once their account is gone).'),
    },
    ['kind', 'id', 'at', 'status', 'previous', 'text', 'actor'],
  ),
);
const notifications = listOf(
  'The notifications sent to the ticket’s author, newest first.',
  closedObject(
    'A notification and its delivery.',
    {
      id: { type: 'integer' },
      template: { type: 'string', description: 'The template’s code.' },
      templateName: orNull('string', {
        description: 'The template’s name, as its list shows it (null when it is gone).',
      }),
      channel: { type: 'string' },
      to: orNull('string'),
      subject: orNull('string'),
      status: { type: 'string', enum: [...DELIVERY_STATUSES] },
      error: orNull('string'),
      createdAt: { type: 'string', format: 'date-time' },
    },
    ['id', 'template', 'templateName', 'channel', 'to', 'subject', 'status', 'error', 'createdAt'],
  ),
);

/**
 * What support staff see of a ticket beyond the ticket itself: its timeline and the notifications sent to
 * its author. Both hold internal matters (notes, addresses): staff only, of the structures they work on.
 */
export async function ticketDeskRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const tickets = declarationOf('tickets');
  async function ticketExists(request: FastifyRequest, id: number) {
    const session = requireRole(request, 'ROLE_ADMIN', "A ticket's desk");
    const scope = structureScope(tickets, 'get', session.structure)
      .map((condition) => ` AND ${condition}`)
      .join('');
    const [row] = await db.query(`SELECT 1 FROM tickets t WHERE t.id = $1${scope}`, [id]);
    if (!row) throw notFound(`Ticket ${id} not found.`);
  }

  // Newest first: the opening, each message, each change of status and of follow-up date (whichever call
  // made it), each internal note, each notification sent; who and when.
  app.get(
    '/api/tickets/:id/agenda',
    {
      schema: { params: idParams, response: { 200: agenda } },
      ...rightsFirst((request) => requireRole(request, 'ROLE_ADMIN', "A ticket's agenda")),
    },
    async (request) => {
      const id = pathId(request);
      await ticketExists(request, id);
      return db.query(
        `SELECT e.kind, e.ref AS id, to_json(e.at) AS at, e.status, e.previous, e.text,
              ${summarySql('users', 'e.actor', 'json')} AS actor
         FROM (
           SELECT 'opened' AS kind, t.id AS ref, t.created_at AS at, t.author_id AS actor, NULL::text AS status, NULL::text AS previous, t.subject AS text, 0 AS rank
             FROM tickets t WHERE t.id = $1
           UNION ALL SELECT 'message', m.id, m.created_at, m.author_id, m.status, NULL, m.body, 1
             FROM ticket_messages m WHERE m.ticket_id = $1
           UNION ALL SELECT CASE c.field WHEN 'status' THEN 'status' ELSE 'follow_up' END, c.id, c.created_at, c.actor_id,
                            c.value, c.previous, NULL, 2
             FROM ticket_changes c WHERE c.ticket_id = $1
           UNION ALL SELECT 'note', n.id, n.created_at, n.author_id, NULL, NULL, n.content, 3 FROM notes n WHERE n.ticket_id = $1
           UNION ALL SELECT 'notification', d.id, d.created_at, NULL, d.status, NULL, coalesce(d.subject, d.template), 4
             FROM ticket_notifications d WHERE d.ticket_id = $1
         ) e
        ORDER BY e.at DESC, e.rank DESC, e.ref DESC`,
        [id],
      );
    },
  );

  app.get(
    '/api/tickets/:id/notifications',
    {
      schema: { params: idParams, response: { 200: notifications } },
      ...rightsFirst((request) => requireRole(request, 'ROLE_ADMIN', "A ticket's notifications")),
    },
    async (request) => {
      const id = pathId(request);
      await ticketExists(request, id);
      return db.query(
        // The template by its name, never its code: the structure's own first, then the catalogue's.
        `SELECT d.id, d.template,
                (SELECT nt.name FROM notification_templates nt WHERE nt.code = d.template
                  ORDER BY nt.company_id NULLS LAST LIMIT 1) AS "templateName",
                d.channel, d.recipient AS "to", d.subject, d.status, d.error, to_json(d.created_at) AS "createdAt"
         FROM ticket_notifications d WHERE d.ticket_id = $1 ORDER BY d.created_at DESC, d.id DESC`,
        [id],
      );
    },
  );
}
