import multipart, { type MultipartFile } from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { notFound, problem, unprocessable, violation } from '../http/errors.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { authorize, formatOf, sendItem } from '../resources/plugin.ts';
import type { FileStore } from '../storage/fileStore.ts';
import { ALLOWED_TYPES, sanitizeFileName, sniff } from '../storage/sniff.ts';
import { declarationOf, idOf } from './actions/support.ts';

/** Contexts an unauthenticated visitor may upload into (onboarding documents, support attachments). */
export const PUBLIC_UPLOAD_CONTEXTS = ['onboarding', 'support'] as const;
const PUBLIC_MAX_MB = 10;

export interface DocumentOptions {
  db: Database;
  engine: ResourceEngine;
  files: FileStore;
  uploadMaxMb: number;
}

const fieldValue = (file: MultipartFile, name: string): string | undefined => {
  const field = file.fields[name];
  const single = Array.isArray(field) ? field[0] : field;
  return single && 'value' in single && typeof single.value === 'string' ? single.value : undefined;
};

/** `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function documentRoutes(app: FastifyInstance, options: DocumentOptions) {
  const { db, engine, files } = options;
  const documents = declarationOf('documents');
  await app.register(multipart, { limits: { fileSize: options.uploadMaxMb * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(rateLimit, { global: false });

  /** `context`: a fixed context (public uploads), or null to take the optional multipart field "context". */
  async function receive(request: FastifyRequest, reply: FastifyReply, context: string | null, ownerId: number | null, maxBytes: number) {
    const file = await request.file({ limits: { fileSize: maxBytes } }).catch(() => undefined);
    if (!file) throw unprocessable([violation('file', 'blank', 'A file must be sent in the multipart field "file".')]);
    const declared = file.mimetype.toLowerCase().split(';')[0].trim();
    const name = sanitizeFileName(file.filename);
    if (!ALLOWED_TYPES[declared]) {
      file.file.resume();
      throw problem(415, `The type ${declared || '(none)'} is not accepted.`);
    }
    const extension = name.includes('.') ? name.split('.').pop()?.toLowerCase() ?? '' : '';
    const stored = await files.receive(file.file, ALLOWED_TYPES[declared].extensions.includes(extension) ? extension : ALLOWED_TYPES[declared].extensions[0]);
    if (file.file.truncated) {
      await files.discard(stored.key);
      throw problem(413, `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }
    const verdict = sniff(declared, stored.head);
    if (!verdict.ok) {
      await files.discard(stored.key);
      throw problem(verdict.status, verdict.reason);
    }
    await files.keep(stored.key);
    try {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO documents (name, mime_type, size, context, owner_id, storage_key)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [name, declared, stored.size, context ?? fieldValue(file, 'context')?.slice(0, 50) ?? null, ownerId, stored.key],
      );
      const format = formatOf(request);
      reply.header('Location', `/api/documents/${row.id}`);
      return sendItem(reply, format, documents, await engine.get(documents, row.id, format), 201);
    } catch (error) {
      await files.remove(stored.key);
      throw error;
    }
  }

  app.post('/api/documents/upload', async (request, reply) => {
    const { session } = authorize(request, documents, 'update');
    return receive(request, reply, null, session.userId, options.uploadMaxMb * 1024 * 1024);
  });

  app.post(
    '/api/public/documents/:context/upload',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { context } = request.params as { context: string };
      if (!(PUBLIC_UPLOAD_CONTEXTS as readonly string[]).includes(context)) throw notFound(`No public upload for "${context}".`);
      return receive(request, reply, context, null, Math.min(options.uploadMaxMb, PUBLIC_MAX_MB) * 1024 * 1024);
    },
  );

  app.get('/api/documents/:id/download', async (request, reply) => {
    const { scope } = authorize(request, documents, 'get');
    const id = idOf(request);
    const [document] = await db.query<{ name: string; mime_type: string; size: number; storage_key: string | null }>(
      `SELECT t.name, t.mime_type, t.size, t.storage_key FROM documents t WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')}`,
      [id],
    );
    if (!document?.storage_key || !(await files.exists(document.storage_key))) throw notFound(`Document ${id} has no file.`);
    return reply
      .header('Content-Type', document.mime_type)
      .header('Content-Length', String(document.size))
      .header('Content-Disposition', contentDisposition(document.name || `document-${id}`))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(files.read(document.storage_key));
  });

  app.delete('/api/documents/:id', async (request, reply) => {
    const { scope } = authorize(request, documents, 'delete');
    const id = idOf(request);
    const [deleted] = await db.query<{ storage_key: string | null }>(
      `DELETE FROM documents t WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')} RETURNING storage_key`,
      [id],
    );
    if (!deleted) throw notFound(`Document ${id} not found.`);
    if (deleted.storage_key) await files.remove(deleted.storage_key);
    return reply.status(204).send();
  });
}
