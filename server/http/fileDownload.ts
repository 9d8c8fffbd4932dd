import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../storage/fileStorage.ts';
import { requestedRange } from './byteRange.ts';
import { ApiError, notFound, problem } from '../shared/errors.ts';
import { CACHE } from './wire.ts';

/** `attachment; filename="..."; filename*=UTF-8''...`: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(name: string): string {
  const fallback = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * A stored file as a download sends it: its name, the type it was checked as, its size, and how to read its
 * bytes (a byte range of them) or learn that the store still holds it. Made only by the rule of what carries
 * it (a document's read rule, an attachment's ticket), which is how the store is reached.
 */
export interface StoredFile {
  name: string;
  mimeType: string;
  size: number | string;
  read(range?: ByteRange): Promise<Readable | undefined>;
  exists(): Promise<boolean>;
}

/**
 * Streams a stored file the one way every download goes: as an attachment under its own name (`fallback`
 * when it has none), never sniffed nor run by the browser (nosniff, a sandboxing CSP), byte ranges honoured;
 * a 404 saying `missing` when the store has lost it. Its route is declared with `compress: false`: the bytes
 * go as stored, so that ranges and HEAD describe them.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  fallback: string,
  missing: string,
) {
  const noFile = notFound(missing);
  const size = Number(file.size);
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const range = requestedRange(header('range'), header('if-range'), size);
  if (range === 'unsatisfiable') {
    const refused = problem(416, `The file has ${size} bytes.`);
    throw new ApiError(416, refused.body, refused.contentType, { 'Content-Range': `bytes */${size}` });
  }
  // A HEAD answers from the store's metadata: streaming the file only to drop it would read it whole.
  const body =
    request.method === 'HEAD' ? ((await file.exists()) ? Readable.from([]) : undefined) : await file.read(range);
  if (!body) throw noFile;
  reply
    .header('Content-Type', file.mimeType)
    .header('Accept-Ranges', 'bytes')
    .header('Content-Disposition', contentDisposition(file.name || fallback))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', CACHE.userFile);
  if (!range) return reply.header('Content-Length', String(size)).send(body);
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', String(range.end - range.start + 1))
    .send(body);
}
