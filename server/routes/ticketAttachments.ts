import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound, unprocessable, violation } from '../shared/errors.ts';
import { authorize } from '../resources/authorize.ts';
import { sendStoredFile } from '../http/fileDownload.ts';
import { idParams, multipartBody, objectBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { listOf, noContent, refusal, closedObject, streamed } from '../http/answers.ts';
import type { ByteRange, FileStorage } from '../storage/fileStorage.ts';
import { storeUpload, type UploadRefusal } from '../storage/storeUpload.ts';
import { ATTACHMENT_COLUMNS, attachmentIds, takeAttachments, type AttachmentSummary } from '../tickets/attachments.ts';
import { reach } from '../../src/domain/rights.ts';
import { ATTACHMENT_MAX_MB, ATTACHMENT_TYPES, ATTACHMENTS_PER_MESSAGE } from '../../src/domain/ticketAttachments.ts';
import { declarationOf } from './actions/support.ts';

export interface TicketAttachmentOptions {
  db: Database;
  files: FileStorage;
  /** The server's general upload limit (UPLOAD_MAX_MB): an attachment is held to the lower of it and ATTACHMENT_MAX_MB. */
  uploadMaxMb: number;
}

const attachment = closedObject(
  'A file on a reply or a note: its message or note (both null while it waits to be sent), name, type and size.',
  {
    id: { type: 'integer' },
    ticket: { type: 'integer' },
    message: { type: ['integer', 'null'] },
    note: { type: ['integer', 'null'] },
    name: { type: 'string' },
    mimeType: { type: 'string' },
    size: { type: 'number' },
    createdAt: { type: 'string' },
  },
  ['id', 'ticket', 'message', 'note', 'name', 'mimeType', 'size', 'createdAt'],
);
const attachments = listOf('Attachments, oldest first.', attachment);

/** The refusal of a file, in French, on the field `file`: what the reply box shows on the file's chip. */
function refusalOf(refusal: UploadRefusal, maxMb: number) {
  const message = {
    type: `Ce type de fichier (${refusal.mimeType || 'inconnu'}) n'est pas accepté en pièce jointe.`,
    size: `Le fichier dépasse la taille maximale de ${maxMb} Mo.`,
    content: `Le contenu du fichier ne correspond pas à son type (${refusal.mimeType}).`,
  }[refusal.refused];
  const code = { type: 'choice', size: 'range', content: 'format' }[refusal.refused];
  return unprocessable([violation('file', code, message)]);
}

/**
 * Files on a ticket's replies and internal notes. A file is uploaded on its own first (pending, its
 * uploader's only), then taken by the reply (add-message's `attachments`) or the note that carries it.
 * Who reads one is who reads what carries it: a reply's files, whoever reads the ticket (its author
 * included); a note's, support staff only; a pending one, its uploader. Anything else is a 404.
 */
export async function ticketAttachmentRoutes(fastify: FastifyInstance, options: TicketAttachmentOptions) {
  const app = typedRoutes(fastify);
  const { db, files } = options;
  const tickets = declarationOf('tickets');
  const notes = declarationOf('notes-bo');
  const maxMb = Math.min(options.uploadMaxMb, ATTACHMENT_MAX_MB);
  await app.register(multipart, { limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 5 } });

  const scoped = (conditions: string[]) => conditions.map((condition) => ` AND ${condition}`).join('');

  /** The attachment `id` if the session may read it, else a 404 (a stranger learns nothing of it). */
  async function readable(request: FastifyRequest, id: number) {
    const { session, scope } = authorize(request, tickets, 'get');
    const staff = reach(session.roles, 'notes-bo', 'get', session.grants) === 'all';
    const [row] = await db.query<AttachmentSummary & { storage_key: string; mime_type: string }>(
      `SELECT ${ATTACHMENT_COLUMNS}, a.storage_key, a.mime_type
         FROM ticket_attachments a JOIN tickets t ON t.id = a.ticket_id
        WHERE a.id = $1${scoped(scope)}
          AND (a.message_id IS NOT NULL OR (a.note_id IS NOT NULL AND $2)
               OR (a.message_id IS NULL AND a.note_id IS NULL AND a.uploader_id = $3))`,
      [id, staff, session.userId],
    );
    if (!row) throw notFound(`Attachment ${id} not found.`);
    return row;
  }

  app.post(
    '/api/tickets/:id/attachments',
    {
      schema: {
        params: idParams,
        body: multipartBody({ file: 'The file (one part).' }),
        response: { 201: attachment, 422: refusal('No file, or one of a type or size an attachment may not have.') },
      },
      ...rightsFirst((request) => authorize(request, tickets, 'update')),
    },
    async (request, reply) => {
      const { session, scope } = authorize(request, tickets, 'update');
      const id = pathId(request);
      const [ticket] = await db.query<{ pending: number }>(
        `SELECT (SELECT count(*) FROM ticket_attachments a
                  WHERE a.ticket_id = t.id AND a.uploader_id = $2 AND a.message_id IS NULL AND a.note_id IS NULL)::int AS pending
           FROM tickets t WHERE t.id = $1${scoped(scope)}`,
        [id, session.userId],
      );
      if (!ticket) throw notFound(`Ticket ${id} not found.`);
      // Checked before the body is read: files nobody sends cannot pile up beyond one message's worth.
      if (ticket.pending >= ATTACHMENTS_PER_MESSAGE)
        throw unprocessable([
          violation(
            'file',
            'range',
            `Au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par message : envoyez ou retirez ceux en attente.`,
          ),
        ]);
      const file = await request.file({ limits: { fileSize: maxMb * 1024 * 1024 } }).catch(() => undefined);
      if (!file)
        throw unprocessable([violation('file', 'blank', 'Un fichier doit être envoyé dans le champ « file ».')]);
      const stored = await storeUpload(files, file, maxMb * 1024 * 1024, (type) =>
        (ATTACHMENT_TYPES as readonly string[]).includes(type),
      );
      if ('refused' in stored) throw refusalOf(stored, maxMb);
      try {
        const [row] = await db.query<AttachmentSummary>(
          `INSERT INTO ticket_attachments AS a (ticket_id, uploader_id, name, mime_type, size, storage_key)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${ATTACHMENT_COLUMNS}`,
          [id, session.userId, stored.name, stored.mimeType, stored.size, stored.key],
        );
        reply.header('Location', `/api/ticket-attachments/${row.id}`);
        return reply.status(201).send(row);
      } catch (error) {
        await files.remove(stored.key);
        throw error;
      }
    },
  );

  app.get(
    '/api/tickets/:id/attachments',
    {
      schema: { params: idParams, response: { 200: attachments } },
      ...rightsFirst((request) => authorize(request, tickets, 'get')),
    },
    async (request) => {
      const { session, scope } = authorize(request, tickets, 'get');
      const id = pathId(request);
      const [ticket] = await db.query(`SELECT 1 FROM tickets t WHERE t.id = $1${scoped(scope)}`, [id]);
      if (!ticket) throw notFound(`Ticket ${id} not found.`);
      const staff = reach(session.roles, 'notes-bo', 'get', session.grants) === 'all';
      return db.query<AttachmentSummary>(
        `SELECT ${ATTACHMENT_COLUMNS} FROM ticket_attachments a
          WHERE a.ticket_id = $1 AND (a.message_id IS NOT NULL OR (a.note_id IS NOT NULL AND $2))
          ORDER BY a.id`,
        [id, staff],
      );
    },
  );

  app.get(
    '/api/ticket-attachments/:id',
    {
      schema: { params: idParams, response: { 200: attachment } },
      ...rightsFirst((request) => authorize(request, tickets, 'get')),
    },
    async (request) => {
      const { storage_key: _key, mime_type: _type, ...summary } = await readable(request, pathId(request));
      return summary;
    },
  );

  app.get(
    '/api/ticket-attachments/:id/download',
    {
      // The stored bytes as they are, so that a range or a HEAD describes them (sendStoredFile).
      compress: false,
      schema: {
        params: idParams,
        response: {
          200: streamed('*/*', 'The file, with the media type it was checked as.'),
          206: streamed('*/*', 'The byte range asked for (Range).'),
        },
      },
      ...rightsFirst((request) => authorize(request, tickets, 'get')),
    },
    async (request, reply) => {
      const id = pathId(request);
      const row = await readable(request, id);
      // Read past the attachment's own rule only (`readable`, its ticket's): the store is reached here.
      const file = {
        name: row.name,
        mimeType: row.mime_type,
        size: row.size,
        read: (range?: ByteRange) => files.read(row.storage_key, range),
        exists: async () => (await files.size(row.storage_key)) !== undefined,
      };
      return sendStoredFile(request, reply, file, `piece-jointe-${id}`, `Attachment ${id} has no file.`);
    },
  );

  // A file removed from the reply box before sending: its uploader's pending upload only.
  app.delete(
    '/api/ticket-attachments/:id',
    {
      schema: { params: idParams, response: { 204: noContent('The file is removed from the message or the draft.') } },
      ...rightsFirst((request) => authorize(request, tickets, 'update')),
    },
    async (request, reply) => {
      const { session, scope } = authorize(request, tickets, 'update');
      const id = pathId(request);
      const [gone] = await db.query<{ storage_key: string }>(
        `DELETE FROM ticket_attachments a USING tickets t
          WHERE a.id = $1 AND t.id = a.ticket_id${scoped(scope)}
            AND a.uploader_id = $2 AND a.message_id IS NULL AND a.note_id IS NULL
          RETURNING a.storage_key`,
        [id, session.userId],
      );
      if (!gone) throw notFound(`Attachment ${id} not found.`);
      // The row is gone: a file the store fails to remove now is no one's, and only takes space.
      await files.remove(gone.storage_key).catch((error: unknown) => request.log.error(error));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/notes-bo/:id/attachments',
    {
      schema: {
        params: idParams,
        body: objectBody({ attachments: attachmentIds }),
        response: { 200: attachments },
      },
      ...rightsFirst((request) => authorize(request, notes, 'update')),
    },
    async (request) => {
      // Whoever may change the note may add to it, as they may change its text; only their own uploads.
      const { session, scope } = authorize(request, notes, 'update');
      const id = pathId(request);
      const ids = request.body.attachments ?? [];
      return db.transaction(async (tx) => {
        const [note] = await tx.query<{ ticket_id: number | null; count: number }>(
          `SELECT t.ticket_id, (SELECT count(*) FROM ticket_attachments a WHERE a.note_id = t.id)::int AS count
             FROM notes t WHERE t.id = $1${scoped(scope)} FOR UPDATE`,
          [id],
        );
        if (!note) throw notFound(`Note ${id} not found.`);
        if (ids.length === 0) return [];
        if (note.ticket_id === null)
          throw unprocessable([
            violation('attachments', 'constraint', 'Seules les notes d’un ticket peuvent porter des fichiers.'),
          ]);
        if (note.count + new Set(ids).size > ATTACHMENTS_PER_MESSAGE)
          throw unprocessable([
            violation('attachments', 'range', `Au plus ${ATTACHMENTS_PER_MESSAGE} fichiers par note.`),
          ]);
        return takeAttachments(tx, {
          ticketId: note.ticket_id,
          writerId: session.userId,
          ids,
          carrier: { note: id },
        });
      });
    },
  );
}
