import type { Readable } from 'node:stream';
import { newStorageKey, type FileStorage } from './fileStorage.ts';
import { ALLOWED_TYPES, sanitizeFileName, sniff } from './sniff.ts';

/** An uploaded file as a multipart parser hands it: its stream (cut at the size limit), declared type and name. */
export interface IncomingFile {
  file: Readable & { truncated?: boolean };
  mimetype: string;
  filename: string;
}

export interface StoredUpload {
  key: string;
  name: string;
  mimeType: string;
  size: number;
}

/** Why a file was not kept: a type off the list, a file over the limit, or bytes that are not their type. */
export type UploadRefusal = { refused: 'type' | 'size' | 'content'; mimeType: string; detail: string };

/**
 * Stores an upload under a fresh key once it passes every upload rule: its declared type is on the
 * allow-list (and on `accepted`, when the caller takes fewer), it is no larger than `maxBytes`, and its
 * first bytes are what the type says. A refused file is not kept. Until a row names the key, nobody can read it.
 */
export async function storeUpload(
  files: FileStorage,
  incoming: IncomingFile,
  maxBytes: number,
  accepted: (mimeType: string) => boolean = () => true,
): Promise<StoredUpload | UploadRefusal> {
  const mimeType = incoming.mimetype.toLowerCase().split(';')[0].trim();
  const name = sanitizeFileName(incoming.filename);
  const allowed = ALLOWED_TYPES[mimeType];
  if (!allowed || !accepted(mimeType)) {
    incoming.file.resume();
    return { refused: 'type', mimeType, detail: `The type ${mimeType || '(none)'} is not accepted.` };
  }
  const extension = name.includes('.') ? (name.split('.').pop()?.toLowerCase() ?? '') : '';
  const key = newStorageKey(allowed.extensions.includes(extension) ? extension : allowed.extensions[0]);
  const stored = await files.write(key, incoming.file, mimeType);
  if (incoming.file.truncated) {
    await files.remove(key);
    return { refused: 'size', mimeType, detail: `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.` };
  }
  const verdict = sniff(mimeType, stored.head);
  if (!verdict.ok) {
    await files.remove(key);
    return { refused: 'content', mimeType, detail: verdict.reason };
  }
  return { key, name, mimeType, size: stored.size };
}
