import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { FileStorage } from './fileStorage.ts';
import type { LocalFileStorage } from './localFiles.ts';

/** Files copied at once: the object store takes parallel uploads well, a disk reads them well. */
const PARALLEL = 4;

export interface CopySummary {
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size. */
  present: number;
  failed: { key: string; error: string }[];
}

/** Every file of a local store, as keys (temporary `.part` files of unfinished writes left out). */
async function keysOf(source: LocalFileStorage): Promise<string[]> {
  const entries = await readdir(source.root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.part'))
    .map((entry) => relative(source.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Copies a local folder's files into another store under the same keys (what `documents.storage_key`
 * names), skipping those already there with the same size: run again, it copies only what is missing.
 * `report` is told each file copied or failed.
 */
export async function copyFiles(
  source: LocalFileStorage,
  target: FileStorage,
  report: (line: string) => void,
): Promise<CopySummary> {
  const keys = await keysOf(source);
  const summary: CopySummary = { copied: 0, copiedBytes: 0, present: 0, failed: [] };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++];
      try {
        const size = await source.size(key);
        if (size === undefined) continue;
        if ((await target.size(key)) === size) {
          summary.present++;
          continue;
        }
        const body = await source.read(key);
        if (!body) continue;
        await target.write(key, body);
        summary.copied++;
        summary.copiedBytes += size;
        report(`copié   ${key} (${size} octets)`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        summary.failed.push({ key, error: message });
        report(`ÉCHEC   ${key} : ${message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return summary;
}
