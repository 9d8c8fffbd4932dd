import { isIPv6 } from 'node:net';
import multipart, { type MultipartFile } from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PublicUploadLimits } from '../shared/settings.ts';
import type { Database } from '../db/database.ts';
import { PLATFORM, runAsAction, runInScope } from '../db/scope.ts';
import { ApiError, notFound, problem, unprocessable, violation } from '../shared/errors.ts';
import { sendStoredFile } from '../http/fileDownload.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { authorize } from '../resources/authorize.ts';
import { formatOf, sendItem } from '../resources/envelope.ts';
import { documentFile, JSON_REFERENCES, jsonDocumentIdSql, readableDocuments } from '../resources/documentReads.ts';
import { removeUnheldFiles } from '../storage/fileRemovals.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { storeUpload } from '../storage/storeUpload.ts';
import { sharedRateLimits } from '../http/rateLimits.ts';
import { idParams, multipartBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { declarationOf } from './actions/support.ts';
import { noContent, refusal, resourceItem, streamed } from '../http/answers.ts';
import { documents as documentsContract, maxLengthOf } from '../../src/domain/contracts/index.ts';

/** Contexts an unauthenticated visitor may upload into (onboarding documents, support attachments). */
export const PUBLIC_UPLOAD_CONTEXTS = ['onboarding', 'support'] as const;
const PUBLIC_MAX_MB = 10;
/** How often unattached anonymous uploads are looked for, by one process of all (server/jobs/scheduler.ts). */
export const SWEEP_EVERY_SECONDS = 3600;

export interface DocumentOptions {
  db: Database;
  engine: ResourceEngine;
  files: FileStorage;
  uploadMaxMb: number;
  publicUploads: PublicUploadLimits;
}

/**
 * What the per-address cap counts: an IPv4 address (also when IPv4-mapped), or the /64 of an IPv6 one,
 * since a single host is commonly handed a whole /64 and could otherwise use a new address per upload.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (!isIPv6(address)) return address;
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const [head, tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function tooMany(detail: string, retryAfter: number): ApiError {
  const error = problem(429, detail);
  return new ApiError(429, error.body, error.contentType, { 'Retry-After': String(Math.max(1, retryAfter)) });
}

/**
 * Takes one anonymous upload slot for an address, or answers 429: at most `perAddressPerDay` from one
 * address over 24 hours and `perHour` from everyone over the last hour. The lock makes the count and the
 * insert one step, so concurrent uploads cannot all slip under a cap. Answers the slot's id.
 */
async function reserveSlot(db: Database, address: string, limits: PublicUploadLimits): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('public_uploads'))`);
    const [usage] = await tx.query<{
      mine: number;
      mine_free_in: number | null;
      everyone: number;
      everyone_free_in: number | null;
    }>(
      `SELECT count(*) FILTER (WHERE address = $1)::int AS mine,
              ceil(extract(epoch FROM min(created_at) FILTER (WHERE address = $1) + interval '1 day' - now()))::int AS mine_free_in,
              count(*) FILTER (WHERE created_at > now() - interval '1 hour')::int AS everyone,
              ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 hour') + interval '1 hour' - now()))::int AS everyone_free_in
         FROM public_uploads WHERE created_at > now() - interval '1 day'`,
      [address],
    );
    if (usage.mine >= limits.perAddressPerDay)
      throw tooMany(
        `At most ${limits.perAddressPerDay} uploads a day from one address.`,
        usage.mine_free_in ?? 24 * 3600,
      );
    if (usage.everyone >= limits.perHour)
      throw tooMany('Too many uploads right now; try again later.', usage.everyone_free_in ?? 3600);
    const [slot] = await tx.query<{ id: number }>('INSERT INTO public_uploads (address) VALUES ($1) RETURNING id', [
      address,
    ]);
    return Number(slot.id);
  });
}

export { JSON_REFERENCES, jsonDocumentIdSql };

/** Whether a row of `table` names the document `documentId` (an SQL expression) in its JSON column. */
const namedInJson = ([table, column]: (typeof JSON_REFERENCES)[number], documentId: string) =>
  `EXISTS (SELECT 1 FROM ${table} r WHERE ${jsonDocumentIdSql('r', column)} = ${documentId})`;

/**
 * Deletes anonymous uploads (no owner, a public context) older than `ttlSeconds` that nothing references,
 * with their files, and forgets upload addresses older than the caps' day. Every foreign key to documents
 * is read from the catalogue, so a reference added by a later migration keeps its documents too.
 * Answers how many documents went.
 */
export async function sweepAnonymousUploads(db: Database, files: FileStorage, ttlSeconds: number): Promise<number> {
  const foreignKeys = await db.query<{ source: string; column_name: string }>(
    `SELECT c.conrelid::regclass::text AS source, quote_ident(a.attname) AS column_name
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND c.confrelid = 'documents'::regclass`,
  );
  const unreferenced = [
    ...foreignKeys.map(
      ({ source, column_name }) => `NOT EXISTS (SELECT 1 FROM ${source} r WHERE r.${column_name} = d.id)`,
    ),
    ...JSON_REFERENCES.map((reference) => `NOT ${namedInJson(reference, 'd.id')}`),
  ];
  const deleted = await db.query(
    `DELETE FROM documents d
      WHERE d.anonymous AND d.owner_id IS NULL AND d.context = ANY($1::text[])
        AND d.created_at < now() - make_interval(secs => $2)
        ${unreferenced.map((condition) => `AND ${condition}`).join('\n        ')}
      RETURNING d.id`,
    [[...PUBLIC_UPLOAD_CONTEXTS], ttlSeconds],
  );
  await db.query(`DELETE FROM public_uploads WHERE created_at < now() - interval '1 day'`);
  // Their keys were queued by the delete: their files go now rather than at the queue's next run.
  await removeUnheldFiles(db, files);
  return deleted.length;
}

const fieldValue = (file: MultipartFile, name: string): string | undefined => {
  const field = file.fields[name];
  const single = Array.isArray(field) ? field[0] : field;
  return single && 'value' in single && typeof single.value === 'string' ? single.value : undefined;
};

export async function documentRoutes(fastify: FastifyInstance, options: DocumentOptions) {
  const app = typedRoutes(fastify);
  const { db, engine, files, publicUploads } = options;
  const documents = declarationOf('documents');
  await app.register(multipart, { limits: { fileSize: options.uploadMaxMb * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(rateLimit, sharedRateLimits(db));

  /**
   * `context`: a fixed context (public uploads), or null to take the optional multipart field "context".
   * No owner: an anonymous upload, which the sweep deletes unless something comes to reference it.
   */
  async function receive(
    request: FastifyRequest,
    reply: FastifyReply,
    context: string | null,
    ownerId: number | null,
    maxBytes: number,
  ) {
    const file = await request.file({ limits: { fileSize: maxBytes } }).catch(() => undefined);
    if (!file) throw unprocessable([violation('file', 'blank', 'A file must be sent in the multipart field "file".')]);
    const stored = await storeUpload(files, file, maxBytes);
    if ('refused' in stored) throw problem(stored.refused === 'size' ? 413 : 415, stored.detail);
    const key = stored.key;
    try {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO documents (name, mime_type, size, context, owner_id, storage_key, anonymous)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          stored.name,
          stored.mimeType,
          stored.size,
          context ?? fieldValue(file, 'context')?.slice(0, maxLengthOf(documentsContract, 'context')) ?? null,
          ownerId,
          key,
          ownerId === null,
        ],
      );
      const format = formatOf(request);
      reply.header('Location', `/api/documents/${row.id}`);
      return sendItem(reply, format, documents, await engine.get(documents, row.id, format), 201);
    } catch (error) {
      await files.remove(key);
      throw error;
    }
  }

  // The uploader owns what they upload (and so may read it), whatever context they give it.
  const upload = multipartBody({
    file: 'The file (one part).',
    context: 'Where the document is used (text, 50 characters at most).',
    name: 'Its name, if not the file name.',
  });
  const uploaded = {
    201: resourceItem(documents.type),
    422: refusal('No file, or one of a type or size a document may not have.'),
  };
  app.post('/api/documents/upload', { schema: { body: upload, response: uploaded } }, async (request, reply) => {
    const { session } = authorize(request, documents, 'create');
    return runAsAction('upload', { resource: 'documents' }, () =>
      receive(request, reply, null, session.userId, options.uploadMaxMb * 1024 * 1024),
    );
  });

  app.post(
    '/api/public/documents/:context/upload',
    {
      schema: {
        params: {
          type: 'object',
          properties: { context: { enum: [...PUBLIC_UPLOAD_CONTEXTS] } },
          required: ['context'],
        },
        body: upload,
        response: uploaded,
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { context } = request.params;
      // Checked before the body is read: an upload over a cap costs neither bandwidth nor disk.
      const slot = await reserveSlot(db, addressKey(request.ip), publicUploads);
      try {
        // Nobody's yet: the platform's own document until a structure's row refers to it (a sign-up's logo).
        return await runInScope(PLATFORM, () =>
          runAsAction('upload', { resource: 'documents' }, () =>
            receive(request, reply, context, null, Math.min(options.uploadMaxMb, PUBLIC_MAX_MB) * 1024 * 1024),
          ),
        );
      } catch (error) {
        // Only stored files count against the caps.
        await db.query('DELETE FROM public_uploads WHERE id = $1', [slot]);
        throw error;
      }
    },
  );

  app.get(
    '/api/documents/:id/download',
    {
      // The stored bytes as they are, so that a range or a HEAD describes them (sendStoredFile).
      compress: false,
      schema: {
        params: idParams,
        response: {
          200: streamed('*/*', 'The file, with the media type it was stored with.'),
          206: streamed('*/*', 'The byte range asked for (Range).'),
        },
      },
      ...rightsFirst((request) => authorize(request, documents, 'get')),
    },
    async (request, reply) => {
      const { session } = authorize(request, documents, 'get');
      const id = pathId(request);
      // The one read rule of a document's bytes: what the session's own reading of documents reaches.
      const document = (await readableDocuments(db, session, [id])).get(id);
      const missing = `Document ${id} has no file.`;
      const file = document && documentFile(files, document);
      if (!file?.present) throw notFound(missing);
      return sendStoredFile(request, reply, file, `document-${id}`, missing);
    },
  );

  app.delete(
    '/api/documents/:id',
    {
      schema: {
        params: idParams,
        response: { 204: noContent('The document goes to the recycle bin, its file kept until the bin is emptied.') },
      },
      ...rightsFirst((request) => authorize(request, documents, 'delete')),
    },
    async (request, reply) => {
      const { session, scope } = authorize(request, documents, 'delete');
      const id = pathId(request);
      const scopeSql = scope.map((c) => ` AND ${c}`).join('');
      // A part's image or file and a learner's uploaded answer name their document inside JSON, where no
      // foreign key guards it: the delete is refused like one a foreign key refuses (pgErrors.ts). The
      // document goes to the recycle bin, its file kept until the bin erases it for good.
      await db.transaction(async (tx) => {
        const [target] = await tx.query<{ referenced: boolean }>(
          `SELECT ${JSON_REFERENCES.map((reference) => namedInJson(reference, 't.id')).join(' OR ')} AS referenced
             FROM documents t WHERE t.id = $1${scopeSql} FOR UPDATE`,
          [id],
        );
        if (!target) throw notFound(`Document ${id} not found.`);
        if (target.referenced)
          throw problem(409, 'This document is still named by a chapter part or an answer; remove it there first.', {
            reason: 'referenced',
          });
        await engine.bin.keep(tx, documents, id, scope, session.userId);
        await tx.query(`DELETE FROM documents t WHERE t.id = $1${scopeSql}`, [id]);
      });
      return reply.status(204).send();
    },
  );
}
