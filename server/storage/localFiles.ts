import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, open, opendir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { measured, type ByteRange, type FileStorage } from './fileStorage.ts';

const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/** The temporary name `write` gives a file until it is whole: only these are partial uploads. */
const PARTIAL = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/**
 * Files under DATA_DIR/files, the key as their path: the embedded default, for one server process (several
 * processes on several machines need the object store, server/storage/s3Files.ts).
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local';
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'files');
  }

  pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the store: ${key}`);
    return path;
  }

  /** Written under a temporary name then renamed: a file is there whole or not at all. */
  async write(key: string, body: Readable | Buffer): Promise<{ size: number; head: Buffer }> {
    const path = this.pathOf(key);
    // PARTIAL's shape: what a process killed here leaves is found by sweepPartial.
    const temporary = `${path}.${randomUUID()}.part`;
    await mkdir(dirname(path), { recursive: true });
    const { stream, result } = measured(body);
    try {
      await pipeline(stream, createWriteStream(temporary, { flags: 'wx' }));
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return result();
  }

  async read(key: string, range?: ByteRange): Promise<Readable | undefined> {
    // Opened first, so that a missing file is an answer here rather than an error once streaming began.
    const handle = await open(this.pathOf(key), 'r').catch((error: unknown) => {
      if (missing(error)) return undefined;
      throw error;
    });
    return handle?.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async size(key: string): Promise<number | undefined> {
    return stat(this.pathOf(key)).then(
      (stats) => stats.size,
      (error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      },
    );
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /**
   * Walks the store (a folder at a time, never listing it whole) for temporary files last written before
   * `before`: a live upload writes its file with every chunk, a dead process's stays as it was.
   */
  async sweepPartial(before: Date): Promise<number> {
    let removed = 0;
    const walk = async (folder: string): Promise<void> => {
      const entries = await opendir(folder).catch((error: unknown) => {
        if (missing(error)) return undefined;
        throw error;
      });
      if (!entries) return;
      for await (const entry of entries) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.isFile() && PARTIAL.test(entry.name)) {
          const stats = await stat(path).catch(() => undefined);
          if (stats && stats.mtime < before) {
            await rm(path, { force: true });
            removed++;
          }
        }
      }
    };
    await walk(this.root);
    return removed;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async close(): Promise<void> {}
}
