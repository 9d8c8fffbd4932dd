import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../db/database.ts';
import { PLATFORM, runAsAction } from '../db/scope.ts';
import { listOf, noContent, resourceItem, closedObject } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { notFound, unprocessable, violation } from '../shared/errors.ts';
import {
  filledText,
  idParams,
  noBody,
  objectBody,
  pathId,
  queryOf,
  referencePattern,
  refusedAs,
  rightsFirst,
  typedRoutes,
} from '../http/routeSchema.ts';
import { requireRole } from '../http/session.ts';
import type { MentionMails } from '../notify/mentionMails.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { idFromReference } from '../resources/iri.ts';
import { mapPgError } from '../resources/pgErrors.ts';
import {
  MENTION_CANDIDATES,
  MENTIONABLE_ROLES,
  MENTIONS_LISTED,
  MENTIONS_PER_NOTE,
  mentionExcerpt,
  PLATFORM_STAFF_ROLES,
  type MentionCandidate,
  type MentionInbox,
} from '../../src/domain/mentions.ts';
import { andAll, declarationOf, replyWithRecord } from './actions/support.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../src/domain/search.ts';
import { frenchOrder } from '../shared/sql.ts';

const candidate = closedObject(
  'A colleague who may be mentioned on the ticket.',
  { id: { type: 'integer' }, name: { type: 'string' } },
  ['id', 'name'],
);
const summary = (description: string, extra: Record<string, unknown> = {}) =>
  closedObject(description, { id: { type: 'integer' }, ...extra }, ['id']);
const inbox = closedObject(
  "The session's mentions: how many are unread, and the newest first.",
  {
    unread: { type: 'integer' },
    items: listOf(
      'What mentioned the user, newest first.',
      closedObject(
        'One mention: the ticket, the note and who wrote it, an excerpt, when, and when it was read.',
        {
          id: { type: 'integer' },
          ticket: summary('The ticket.', { subject: { type: 'string' } }),
          note: { type: 'integer' },
          author: {
            ...summary('Who wrote the note (null once their account is gone).', { name: { type: 'string' } }),
            type: ['object', 'null'],
          },
          excerpt: { type: 'string' },
          createdAt: { type: 'string' },
          readAt: { type: ['string', 'null'] },
        },
        ['id', 'ticket', 'note', 'author', 'excerpt', 'createdAt', 'readAt'],
      ),
    ),
  },
  ['unread', 'items'],
);

/** The mentioned users' ids (or IRIs), beside the note's text. */
const mentions = refusedAs(
  {
    type: 'array',
    maxItems: MENTIONS_PER_NOTE,
    items: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', pattern: referencePattern('users') },
      ],
    },
  },
  'count',
  `Au plus ${MENTIONS_PER_NOTE} mentions, chacune l’identifiant d’un utilisateur.`,
);

interface TicketFacts {
  company_id: number | null;
  author_id: number | null;
  subject: string;
}

const isoSql = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const nameSql = (alias: string) => `${alias}.first_name || ' ' || ${alias}.last_name`;

/**
 * Who may be mentioned on a ticket, read on the platform's scope (platform staff are not a structure's rows):
 * enabled users whose roles read internal notes, of the ticket's structure or platform staff, never the
 * ticket's author nor the session's user. `only` narrows to those ids; `q` searches the name.
 */
function mentionable(
  db: Database,
  ticket: TicketFacts,
  self: number,
  { only, q }: { only?: readonly number[]; q?: string },
): Promise<MentionCandidate[]> {
  return db.scoped(PLATFORM).query<MentionCandidate>(
    `SELECT u.id, ${nameSql('u')} AS name FROM users u
      WHERE u.enabled AND u.roles && $1::text[]
        AND (u.roles && $2::text[] OR u.company_id = $3::integer)
        AND u.id IS DISTINCT FROM $4::integer AND u.id <> $5
        AND ($6::int4[] IS NULL OR u.id = ANY($6::int4[]))
        AND ($7::text = '' OR strpos(lower(${nameSql('u')}), lower($7::text)) > 0)
      ORDER BY ${frenchOrder('u.last_name')}, ${frenchOrder('u.first_name')}, u.id LIMIT ${only ? MENTIONS_PER_NOTE : MENTION_CANDIDATES}`,
    [MENTIONABLE_ROLES, PLATFORM_STAFF_ROLES, ticket.company_id, ticket.author_id, self, only ?? null, q ?? ''],
  );
}

/**
 * Mentions in a ticket's internal notes and each user's bell. A note with mentions is written by
 * `POST /api/tickets/{id}/notes` (the note, and one notification per mentioned colleague, in one
 * transaction); the mentions are ids beside the text, never read from it. Every statement starts from the
 * session's reading of the ticket (rights, structure); the bell's rows are the session's user's alone.
 */
export async function mentionRoutes(
  fastify: FastifyInstance,
  { db, engine, mails }: { db: Database; engine: ResourceEngine; mails: MentionMails },
) {
  const app = typedRoutes(fastify);
  const tickets = declarationOf('tickets');
  const notes = declarationOf('notes-bo');

  /** The ticket as the session reads it, or a 404. */
  async function ticketOf(request: FastifyRequest, tx: Queryable = db): Promise<TicketFacts> {
    const { scope } = authorize(request, tickets, 'get');
    const id = pathId(request);
    const [ticket] = await tx.query<TicketFacts>(
      `SELECT t.company_id, t.author_id, t.subject FROM tickets t WHERE t.id = $1${andAll(scope)}`,
      [id],
    );
    if (!ticket) throw notFound(`Ticket ${id} not found.`);
    return ticket;
  }

  app.get(
    '/api/tickets/:id/mention-candidates',
    {
      schema: {
        params: idParams,
        querystring: queryOf({ q: { type: 'string', maxLength: SEARCH_QUERY_MAX_LENGTH } }),
        response: { 200: listOf('Who may be mentioned in a note on this ticket, by name.', candidate) },
      },
      ...rightsFirst((request) => {
        authorize(request, notes, 'create');
        authorize(request, tickets, 'get');
      }),
    },
    async (request) => {
      const { session } = authorize(request, notes, 'create');
      const ticket = await ticketOf(request);
      return mentionable(db, ticket, session.userId, { q: request.query.q?.trim() });
    },
  );

  app.post(
    '/api/tickets/:id/notes',
    {
      schema: {
        params: idParams,
        body: objectBody({ content: filledText(), mentions }, ['content']),
        response: { 201: resourceItem(notes.type) },
      },
      ...rightsFirst((request) => {
        authorize(request, notes, 'create');
        authorize(request, tickets, 'get');
      }),
    },
    async (request, reply) => {
      const { session } = authorize(request, notes, 'create');
      const id = pathId(request);
      // The note's other fields are the note's create's to check, as on POST /api/notes-bo.
      const { mentions: mentioned = [], ...fields } = request.body;
      const content = fields.content;
      const wanted = new Set<number>();
      for (const reference of mentioned) {
        const user = idFromReference(reference, 'users');
        if (user === undefined)
          throw unprocessable([violation('mentions', 'reference', 'Cette mention ne désigne personne.')]);
        wanted.add(user);
      }
      // Mentioning oneself tells nobody anything.
      wanted.delete(session.userId);
      const ticket = await ticketOf(request);
      const allowed = wanted.size
        ? await mentionable(db, ticket, session.userId, { only: [...wanted] })
        : ([] as MentionCandidate[]);
      if (allowed.length < wanted.size)
        throw unprocessable([
          violation(
            'mentions',
            'not_mentionable',
            'Seuls les membres du support qui voient ce ticket peuvent être mentionnés.',
          ),
        ]);
      const plan = await engine.planCreate(notes, { ...fields, ticket: id }, session);
      const recipients = allowed.map((user) => user.id);
      const excerpt = mentionExcerpt(content);
      let noteId: number;
      try {
        noteId = await runAsAction('create', { resource: notes.name }, () =>
          db.transaction(async (tx) => {
            // Still the session's to read, now in the transaction that writes the note.
            const facts = await ticketOf(request, tx);
            const note = await engine.insertPlanned(tx, notes, plan, session);
            if (recipients.length > 0)
              // No RETURNING: the rows are their recipients' to read, not the writer's.
              await tx.query(
                `INSERT INTO mention_notifications (user_id, company_id, note_id, ticket_id, author_id, excerpt)
                 SELECT recipient, $2, $3, $4, $5, $6 FROM unnest($1::int4[]) AS recipient`,
                [recipients, facts.company_id, note, id, session.userId, excerpt],
              );
            return note;
          }),
        );
      } catch (error) {
        throw mapPgError(error, notes, 'write');
      }
      if (recipients.length > 0) {
        const [author] = await db
          .scoped(PLATFORM)
          .query<{ name: string }>(`SELECT ${nameSql('u')} AS name FROM users u WHERE u.id = $1`, [session.userId]);
        await mails
          .send({
            ticketId: id,
            ticketSubject: ticket.subject,
            authorName: author?.name ?? '',
            excerpt,
            recipients,
          })
          .catch((error: unknown) => request.log.error(error));
      }
      reply.header('Location', `/api/notes-bo/${noteId}`);
      return replyWithRecord(engine, request, reply, notes, noteId, 201);
    },
  );

  // The bell: whoever is signed in has one; a session still in its first connection does not.
  const userOf = (request: FastifyRequest) => requireRole(request, 'ROLE_USER', 'Mentions');
  const guard = rightsFirst(userOf);

  app.get(
    '/api/mentions',
    { schema: { response: { 200: inbox } }, ...guard },
    async (request): Promise<MentionInbox> => {
      const session = userOf(request);
      const [counted] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mention_notifications WHERE user_id = $1 AND read_at IS NULL',
        [session.userId],
      );
      const items = await db.query<MentionInbox['items'][number]>(
        `SELECT m.id, json_build_object('id', m.ticket_id, 'subject', t.subject) AS ticket, m.note_id AS note,
              CASE WHEN m.author_id IS NULL THEN NULL
                   ELSE json_build_object('id', m.author_id, 'name', user_display_name(m.author_id)) END AS author,
              m.excerpt, ${isoSql('m.created_at')} AS "createdAt", ${isoSql('m.read_at')} AS "readAt"
         FROM mention_notifications m JOIN tickets t ON t.id = m.ticket_id
        WHERE m.user_id = $1
        ORDER BY m.created_at DESC, m.id DESC LIMIT ${MENTIONS_LISTED}`,
        [session.userId],
      );
      return { unread: Number(counted.n), items };
    },
  );

  app.put(
    '/api/mentions/:id/read',
    {
      schema: { params: idParams, body: noBody, response: { 204: noContent('The mention is marked read.') } },
      ...guard,
    },
    async (request, reply) => {
      const session = userOf(request);
      const rows = await db.query(
        'UPDATE mention_notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
        [pathId(request), session.userId],
      );
      if (rows.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/mentions/read-all',
    {
      schema: { body: noBody, response: { 204: noContent('Every mention of the session is marked read.') } },
      ...guard,
    },
    async (request, reply) => {
      const session = userOf(request);
      await db.query('UPDATE mention_notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [
        session.userId,
      ]);
      return reply.status(204).send();
    },
  );
}
