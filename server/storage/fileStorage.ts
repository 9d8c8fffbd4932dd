import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included (HTTP's `Range: bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live, addressed by the key the database keeps (`documents.storage_key`): a folder on
 * this machine (the embedded default) or an S3-compatible object store shared by every server process.
 * Keys are made by the server (`newStorageKey`), never taken from a request.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Stores `body` under `key`, streamed (a file is never held whole in memory). Answers its size and its
   * first bytes, so that the caller can check the content before a document names it.
   */
  write(key: string, body: Readable | Buffer, contentType?: string): Promise<{ size: number; head: Buffer }>;
  /** The file's bytes (or a range of them) as a stream; undefined when the store has no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | undefined>;
  /** The file's size; undefined when the store has no such file. */
  size(key: string): Promise<number | undefined>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes what writes cut short left behind and nothing else holds (a process killed mid-upload): the
   * local store's temporary `.part` files, the object store's multipart uploads never completed, when last
   * touched before `before`. Answers how many went.
   */
  sweepPartial(before: Date): Promise<number>;
  /** Throws when the store cannot be reached or written (the readiness answer). */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** How many first bytes `write` keeps for the content check (server/storage/sniff.ts). */
export const HEAD_BYTES = 4096;

/**
 * How long a partial upload is left alone before the sweep removes it: far longer than any upload stays
 * silent (a live one touches its file with every chunk), so that only the remains of a dead process go.
 */
export const PARTIAL_UPLOAD_GRACE_SECONDS = 24 * 3600;
/** How often the periodic job `partial-uploads-sweep` looks for them. */
export const PARTIAL_UPLOADS_SWEEP_EVERY_SECONDS = 3600;

/** Removes the partial uploads of `files` older than `graceSeconds` (the periodic job, and tests with a shorter grace). */
export function sweepPartialUploads(files: FileStorage, graceSeconds = PARTIAL_UPLOAD_GRACE_SECONDS): Promise<number> {
  return files.sweepPartial(new Date(Date.now() - graceSeconds * 1000));
}

/** A fresh key for an upload: the month (to spread a folder's entries) and a random name with an allowed extension. */
export function newStorageKey(extension: string): string {
  const month = new Date().toISOString().slice(0, 7);
  return `${month}/${randomUUID()}${extension ? `.${extension}` : ''}`;
}

/**
 * `body` as a stream that counts its bytes and keeps the first HEAD_BYTES, for the backends' `write`:
 * `result()` is read once the stream has been consumed.
 */
export function measured(body: Readable | Buffer): { stream: Readable; result(): { size: number; head: Buffer } } {
  const chunks: Buffer[] = [];
  let kept = 0;
  let size = 0;
  const tap = new PassThrough({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (kept < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - kept);
        chunks.push(part);
        kept += part.length;
      }
      done(null, chunk);
    },
  });
  const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
  source.on('error', (error) => tap.destroy(error));
  source.pipe(tap);
  return { stream: tap, result: () => ({ size, head: Buffer.concat(chunks) }) };
}

/** Removes files by key: every one is tried even when one fails, the first failure then thrown. */
export async function removeAll(files: FileStorage, keys: readonly string[]): Promise<void> {
  const removals = await Promise.allSettled(keys.map((key) => files.remove(key)));
  const failed = removals.find((removal) => removal.status === 'rejected');
  if (failed) throw failed.reason;
}
