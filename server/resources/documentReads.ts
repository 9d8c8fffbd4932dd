import type { ChapterPartType } from '../../src/domain/chapterParts.ts';
import { documentIdOf } from '../../src/domain/chapterPartContent.ts';
import {
  COURSE_DOCUMENT_ACTIONS,
  UNREADABLE_DOCUMENT,
  unreadableDocumentMessage,
  type DocumentPlace,
} from '../../src/domain/documentReads.ts';
import { documentKeysOf } from '../../src/domain/partContentShape.ts';
import type { Queryable } from '../db/database.ts';
import { unprocessable, violation } from '../shared/errors.ts';
import type { StoredFile } from '../http/fileDownload.ts';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStorage } from '../storage/fileStorage.ts';
import { declarationsByName } from './definitions/index.ts';
import { reachOf, type Reader } from './reach.ts';

/**
 * The one read rule of a document (docs/SECURITY.md, "Documents: who reads what"): a document's bytes are
 * read, or copied, only for a reader whose own reading of documents reaches it: the rights table's (every
 * document for administrators; course content and one's own uploads for a contributor), within the
 * reader's structure and the catalogue's course content. Pointing at a document (a cover, a part) adds
 * nothing to it. Every path of DOCUMENT_PATHS comes here, and only here are a document's bytes read
 * (tests/security/documentPaths.test.ts holds both).
 */

/** JSON values that name a document as `{document: IRI or id}`: chapter-part contents and learners' answers. */
export const JSON_REFERENCES = [
  ['chapter_parts', 'content'],
  ['chapter_part_responses', 'value'],
] as const;

/**
 * The document a JSON value of `column` (on `alias`) names, as an SQL integer (NULL when none), with the
 * same grammar as the API takes (src/domain/chapterPartContent.ts): an IRI or a bare id.
 */
export const jsonDocumentIdSql = (alias: string, column: string) =>
  `(regexp_match(${alias}.${column} ->> 'document', '^(?:/api/documents/)?(\\d{1,9})$'))[1]::int`;

const checked: unique symbol = Symbol('readable document');

/** A document its reader may read: only `readableDocuments` makes one, and only one gives its bytes. */
export interface ReadableDocument {
  id: number;
  name: string;
  mimeType: string;
  size: number;
  context: string | null;
  storageKey: string | null;
  readonly [checked]: true;
}

const documents = () => declarationsByName.get('documents')!;

/**
 * The documents among `ids` that `reader` may read, by id; the others (another's private file, a support
 * attachment, another structure's, an unknown id) are absent alike.
 */
export async function readableDocuments(
  db: Queryable,
  reader: Reader,
  ids: readonly number[],
): Promise<Map<number, ReadableDocument>> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2147483647);
  const reached = reachOf(documents(), 'get', reader);
  if (!reached || wanted.length === 0) return new Map();
  const rows = await db.query<{
    id: number;
    name: string;
    mime_type: string;
    size: number;
    context: string | null;
    storage_key: string | null;
  }>(
    `SELECT t.id, t.name, t.mime_type, t.size, t.context, t.storage_key FROM documents t
      WHERE t.id = ANY($1::int4[])${reached.scope.map((condition) => ` AND ${condition}`).join('')}
      ORDER BY t.id`,
    [wanted],
  );
  return new Map(
    rows.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        name: row.name,
        mimeType: row.mime_type,
        size: Number(row.size),
        context: row.context,
        storageKey: row.storage_key,
        [checked]: true as const,
      },
    ]),
  );
}

/** The stored bytes of a readable document (a byte range of them), or undefined when its file is gone. */
export function documentBytes(
  files: FileStorage,
  document: ReadableDocument,
  range?: ByteRange,
): Promise<Readable | undefined> {
  return document.storageKey ? files.read(document.storageKey, range) : Promise.resolve(undefined);
}

/** A readable document as a download sends it (server/http/fileDownload.ts). */
export function documentFile(files: FileStorage, document: ReadableDocument): StoredFile & { present: boolean } {
  const key = document.storageKey;
  return {
    name: document.name,
    mimeType: document.mimeType,
    size: document.size,
    present: key !== null,
    read: (range) => documentBytes(files, document, range),
    exists: async () => key !== null && (await files.size(key)) !== undefined,
  };
}

/** A document a course names, and where. */
export interface NamedDocument {
  id: number;
  place: DocumentPlace;
}

/** The documents a course names, in the order a reader meets them: its cover, then its parts' files. */
export async function documentsOfCourse(tx: Queryable, courseId: number): Promise<NamedDocument[]> {
  const [course] = await tx.query<{ cover_id: number | null }>('SELECT cover_id FROM courses WHERE id = $1', [
    courseId,
  ]);
  const parts = await tx.query<{
    id: number;
    type: ChapterPartType;
    title: string | null;
    content: Record<string, unknown>;
  }>(
    `SELECT p.id, p.type, p.title, p.content
       FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1 ORDER BY m.position, m.id, c.position, c.id, p.position, p.id`,
    [courseId],
  );
  const named: NamedDocument[] = course?.cover_id ? [{ id: Number(course.cover_id), place: { cover: true } }] : [];
  for (const part of parts)
    for (const key of documentKeysOf(part.type)) {
      const id = documentIdOf(part.content?.[key]);
      if (id !== undefined) named.push({ id, place: { partId: Number(part.id), partTitle: part.title, key } });
    }
  return named;
}

/**
 * The documents a course names, each readable by `reader`, for `path`; a course naming one the reader may
 * not read is refused whole, a 422 naming each such document and where the course names it (a copy or an
 * export without them would be a course with holes nobody was told of; the reader learns nothing of the
 * document but that it is there, which the course already says).
 */
export async function readableDocumentsOfCourse(
  tx: Queryable,
  reader: Reader,
  courseId: number,
  path: keyof typeof COURSE_DOCUMENT_ACTIONS,
): Promise<{ named: NamedDocument[]; readable: Map<number, ReadableDocument> }> {
  const named = await documentsOfCourse(tx, courseId);
  const readable = await readableDocuments(
    tx,
    reader,
    named.map((document) => document.id),
  );
  const refused = named.filter((document) => !readable.has(document.id));
  if (refused.length)
    throw unprocessable(
      refused.map(({ id, place }) =>
        violation(
          'cover' in place ? 'cover' : `parts[${place.partId}].${place.key}`,
          UNREADABLE_DOCUMENT,
          unreadableDocumentMessage(path, id, place),
        ),
      ),
    );
  return { named, readable };
}
