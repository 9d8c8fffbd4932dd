import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Uploaded files under DATA_DIR/files, addressed by a key the database keeps (`documents.storage_key`). */
export class FileStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the store: ${key}`);
    return path;
  }

  /**
   * Streams an upload to a temporary file while keeping its first bytes, so the caller can check the
   * content before the file is kept. Answers the temporary key, the size and the head.
   */
  async receive(stream: Readable, extension: string): Promise<{ key: string; size: number; head: Buffer }> {
    const month = new Date().toISOString().slice(0, 7);
    const key = `${month}/${randomUUID()}${extension ? `.${extension}` : ''}`;
    const temporary = `${this.pathOf(key)}.part`;
    await mkdir(dirname(temporary), { recursive: true });
    const chunks: Buffer[] = [];
    let kept = 0;
    stream.on('data', (chunk: Buffer) => {
      if (kept < 4096) {
        chunks.push(chunk.subarray(0, 4096 - kept));
        kept += Math.min(chunk.length, 4096 - kept);
      }
    });
    try {
      await pipeline(stream, createWriteStream(temporary, { flags: 'wx' }));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    const { size } = await stat(temporary);
    return { key, size, head: Buffer.concat(chunks) };
  }

  async keep(key: string): Promise<void> {
    await rename(`${this.pathOf(key)}.part`, this.pathOf(key));
  }

  async discard(key: string): Promise<void> {
    await rm(`${this.pathOf(key)}.part`, { force: true });
  }

  read(key: string) {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(() => true, () => false);
  }
}

