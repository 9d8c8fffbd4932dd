import type { ChapterPartType } from '../../src/domain/chapterParts.ts';
import { documentIdOf } from '../../src/domain/chapterPartContent.ts';
import { documentKeysOf } from '../../src/domain/partContentShape.ts';
import type { Queryable } from '../db/database.ts';
import { newStorageKey, type FileStorage } from '../storage/fileStorage.ts';

/**
 * The documents a course names (its cover, its parts' files) duplicated, files and rows, and the course
 * pointed at the duplicates: a new session owns its files, which the former session's authors may then
 * replace or delete without touching it. The new documents are `ownerId`'s. The new files' keys are pushed
 * on `written` as they are stored, for the caller to remove them when the transaction fails.
 */
export async function duplicateCourseDocuments(
  tx: Queryable,
  files: FileStorage,
  courseId: number,
  ownerId: number | null,
  written: string[],
): Promise<void> {
  const [course] = await tx.query<{ cover_id: number | null }>('SELECT cover_id FROM courses WHERE id = $1', [
    courseId,
  ]);
  const parts = await tx.query<{ id: number; type: ChapterPartType; content: Record<string, unknown> }>(
    `SELECT p.id, p.type, p.content
       FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1`,
    [courseId],
  );
  const named = new Set<number>(course?.cover_id ? [Number(course.cover_id)] : []);
  for (const part of parts)
    for (const key of documentKeysOf(part.type)) {
      const id = documentIdOf(part.content[key]);
      if (id !== undefined) named.add(id);
    }
  if (named.size === 0) return;
  const documents = await tx.query<{
    id: number;
    name: string;
    mime_type: string;
    context: string | null;
    storage_key: string | null;
  }>('SELECT id, name, mime_type, context, storage_key FROM documents WHERE id = ANY($1::int4[]) ORDER BY id', [
    [...named],
  ]);
  const copies = new Map<number, number>();
  for (const document of documents) {
    const body = document.storage_key ? await files.read(document.storage_key) : undefined;
    // A document without its file stays shared: there is nothing to duplicate.
    if (!body || !document.storage_key) continue;
    const key = newStorageKey(/\.([a-z0-9]+)$/i.exec(document.storage_key)?.[1] ?? '');
    written.push(key);
    const { size } = await files.write(key, body, document.mime_type);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO documents (name, mime_type, size, context, owner_id, storage_key)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [document.name, document.mime_type, size, document.context, ownerId, key],
    );
    copies.set(Number(document.id), Number(row.id));
  }
  if (course?.cover_id && copies.has(Number(course.cover_id)))
    await tx.query('UPDATE courses SET cover_id = $2 WHERE id = $1', [courseId, copies.get(Number(course.cover_id))]);
  const changed = parts.flatMap((part) => {
    const content = { ...part.content };
    let touched = false;
    for (const key of documentKeysOf(part.type)) {
      const copy = copies.get(documentIdOf(content[key]) ?? 0);
      if (copy === undefined) continue;
      content[key] = `/api/documents/${copy}`;
      touched = true;
    }
    return touched ? [{ id: part.id, content }] : [];
  });
  if (changed.length)
    await tx.query(
      `UPDATE chapter_parts p SET content = c.content
         FROM unnest($1::int4[], $2::jsonb[]) AS c(id, content) WHERE p.id = c.id`,
      [changed.map((part) => part.id), changed.map((part) => JSON.stringify(part.content))],
    );
}
