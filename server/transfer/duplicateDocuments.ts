import type { Queryable } from '../db/database.ts';
import { documentBytes, readableDocumentsOfCourse } from '../resources/documentReads.ts';
import type { Reader } from '../resources/reach.ts';
import { newStorageKey, type FileStorage } from '../storage/fileStorage.ts';

/**
 * The documents a course names (its cover, its parts' files) duplicated, files and rows, and the course
 * pointed at the duplicates: a new session owns its files, which the former session's authors may then
 * replace or delete without touching it. The new documents are `reader`'s, and only documents `reader` may
 * read are duplicated: a course naming another is refused whole (the document read rule). The new files'
 * keys are pushed on `written` as they are stored, for the caller to remove them when the transaction fails.
 */
export async function duplicateCourseDocuments(
  tx: Queryable,
  files: FileStorage,
  courseId: number,
  reader: Reader,
  written: string[],
): Promise<void> {
  const { named, readable } = await readableDocumentsOfCourse(tx, reader, courseId, 'rerun');
  if (named.length === 0) return;
  const copies = new Map<number, number>();
  for (const document of readable.values()) {
    const body = await documentBytes(files, document);
    // A document without its file stays shared: there is nothing to duplicate.
    if (!body || !document.storageKey) continue;
    const key = newStorageKey(/\.([a-z0-9]+)$/i.exec(document.storageKey)?.[1] ?? '');
    written.push(key);
    const { size } = await files.write(key, body, document.mimeType);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO documents (name, mime_type, size, context, owner_id, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [document.name, document.mimeType, size, document.context, reader.userId, key],
    );
    copies.set(document.id, Number(row.id));
  }
  const cover = named.find(({ place }) => 'cover' in place);
  if (cover && copies.has(cover.id))
    await tx.query('UPDATE courses SET cover_id = $2 WHERE id = $1', [courseId, copies.get(cover.id)]);
  // Each part's content with its document keys pointed at the duplicates.
  const changed = new Map<number, Record<string, string>>();
  for (const { id, place } of named) {
    const copy = copies.get(id);
    if ('cover' in place || copy === undefined) continue;
    changed.set(place.partId, { ...changed.get(place.partId), [place.key]: `/api/documents/${copy}` });
  }
  if (changed.size)
    await tx.query(
      `UPDATE chapter_parts p SET content = p.content || c.keys
         FROM unnest($1::int4[], $2::jsonb[]) AS c(id, keys) WHERE p.id = c.id`,
      [[...changed.keys()], [...changed.values()].map((keys) => JSON.stringify(keys))],
    );
}
