import {
  COURSE_ARCHIVE_FIELD,
  COURSE_ARCHIVE_MAX_ENTRIES,
  COURSE_IMPORT_PROBLEMS,
  COURSE_MANIFEST,
  COURSE_MANIFEST_MAX_MB,
  type CourseFile,
} from '../../src/domain/courseFormat.ts';
import { documentKeysOf } from '../../src/domain/partContentShape.ts';
import type { Queryable } from '../db/database.ts';
import { ZipArchive, ZipError } from '../imports/zipArchive.ts';
import type { Violation } from '../shared/errors.ts';
import { newStorageKey, removeAll, type FileStorage } from '../storage/fileStorage.ts';
import { ALLOWED_TYPES, sanitizeFileName, sniff } from '../storage/sniff.ts';

/** An import refused: every problem found, as violations (src/domain/courseFormat.ts words them). */
export class CourseImportError extends Error {
  constructor(readonly violations: Violation[]) {
    super(violations.map((v) => v.message).join('\n'));
  }
}

const refused = (propertyPath: string, code: 'not_a_zip' | 'no_manifest' | 'invalid_json' | 'too_large', detail = '') =>
  new CourseImportError([{ propertyPath, code, message: COURSE_IMPORT_PROBLEMS[code](detail) }]);

const MB = 1024 * 1024;

/** What an archive may unpack to: each file (the upload limit), and all of them together. */
export interface ArchiveBounds {
  entryMaxMb: number;
  totalMaxMb: number;
}

export interface CourseArchive {
  manifest: unknown;
  /** The archive's files (not its folders), by path. */
  paths: ReadonlySet<string>;
  /**
   * Streams the file at `path` into `files` under `key`, unpacked within the bounds (what is left of the
   * total, and the entry's own); answers what the store answers. Past a bound, a CourseImportError
   * `too_large` and nothing kept under `key`.
   */
  store(path: string, files: FileStorage, key: string, mimeType: string): Promise<{ size: number; head: Buffer }>;
}

/** A zip error as the import words it; `total`: the bound that held the entry was what is left of the total. */
function importError(error: unknown, path: string, total: boolean, totalMaxMb: number): unknown {
  if (!(error instanceof ZipError)) return error;
  if (error.reason === 'damaged') return refused(COURSE_ARCHIVE_FIELD, 'not_a_zip');
  return total
    ? refused(COURSE_ARCHIVE_FIELD, 'too_large', `l'archive décompressée dépasse ${totalMaxMb} Mo`)
    : refused(path, 'too_large', `« ${path} » décompressé dépasse ${Math.round(error.limit / MB)} Mo`);
}

/** The zip's `course.json`, parsed, and its other files; refused when it is no zip or unpacks too far. */
export async function openCourseArchive(content: Buffer, bounds: ArchiveBounds): Promise<CourseArchive> {
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(content);
  } catch {
    throw refused(COURSE_ARCHIVE_FIELD, 'not_a_zip');
  }
  const names = zip.names;
  if (names.length > COURSE_ARCHIVE_MAX_ENTRIES)
    throw refused(COURSE_ARCHIVE_FIELD, 'too_large', `plus de ${COURSE_ARCHIVE_MAX_ENTRIES} fichiers dans l'archive`);
  if (!zip.has(COURSE_MANIFEST)) throw refused(COURSE_MANIFEST, 'no_manifest');
  // Every byte unpacked counts against the total, whatever becomes of it.
  let left = bounds.totalMaxMb * MB;
  const manifestMax = Math.min(COURSE_MANIFEST_MAX_MB * MB, bounds.entryMaxMb * MB);
  const manifestBytes = await zip
    .read(COURSE_MANIFEST, Math.min(manifestMax, left))
    .catch((error: unknown) =>
      Promise.reject(importError(error, COURSE_MANIFEST, left < manifestMax, bounds.totalMaxMb)),
    );
  left -= manifestBytes.length;
  let manifest: unknown;
  try {
    manifest = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw refused(COURSE_MANIFEST, 'invalid_json');
  }
  return {
    manifest,
    paths: new Set(names),
    async store(path, files, key, mimeType) {
      const entryMax = bounds.entryMaxMb * MB;
      try {
        const written = await files.write(key, zip.stream(path, Math.min(entryMax, left)), mimeType);
        left -= written.size;
        return written;
      } catch (error) {
        await files.remove(key).catch(() => undefined);
        throw importError(error, path, left < entryMax, bounds.totalMaxMb);
      }
    },
  };
}

export interface StoredDocument {
  ref: string;
  name: string;
  mimeType: string;
  key: string;
  size: number;
}

/**
 * The documents' files streamed from the archive into the store under fresh keys, one after the other, each
 * checked as an upload is (an accepted type, checked before anything is unpacked, whose first bytes agree
 * with it); their problems are violations like the file's others, and nothing is kept when there is one.
 * `stored` is told each file kept (the writes it costs are paid there, and may refuse the import). A file
 * named by two documents is refused by the file's check (readCourseFile): each entry is unpacked once.
 * On any failure, what was stored is removed before the error goes up.
 */
export async function storeDocuments(
  archive: CourseArchive,
  file: CourseFile,
  files: FileStorage,
  stored: (size: number) => Promise<void>,
): Promise<{ documents: StoredDocument[]; violations: Violation[] }> {
  const violations: Violation[] = [];
  const documents: StoredDocument[] = [];
  const keys: string[] = [];
  try {
    for (const [index, document] of file.documents.entries()) {
      const mimeType = document.mimeType.toLowerCase();
      const allowed = ALLOWED_TYPES[mimeType];
      const refuse = (detail: string) =>
        violations.push({
          propertyPath: `documents[${index}].file`,
          code: 'invalid_file',
          message: COURSE_IMPORT_PROBLEMS.invalid_file(detail),
        });
      if (!allowed) {
        refuse(`« ${document.name} » est d'un type non accepté (${mimeType})`);
        continue;
      }
      const key = newStorageKey(allowed.extensions[0]);
      const written = await archive.store(document.file, files, key, mimeType);
      keys.push(key);
      await stored(written.size);
      if (!sniff(mimeType, written.head).ok) {
        refuse(`« ${document.name} » n'a pas le contenu d'un fichier ${mimeType}`);
        continue;
      }
      const name = sanitizeFileName(document.name) || document.ref;
      documents.push({ ref: document.ref, name, mimeType, key, size: written.size });
    }
  } catch (error) {
    await removeAll(files, keys).catch(() => undefined);
    throw error;
  }
  if (violations.length) await removeAll(files, keys).catch(() => undefined);
  return { documents: violations.length ? [] : documents, violations };
}

/**
 * The course of a checked file written in the transaction, set-based level by level (as the copy is):
 * the course (a draft), its tags and skills (found by name among those the session reads, else created in
 * its structure), modules, chapters, parts (their document references now the new documents' IRIs) and
 * unlocks. `documentIds` maps each document `ref` to the document created for it. Answers the course's id.
 */
export async function writeCourse(
  tx: Queryable,
  file: CourseFile,
  documentIds: ReadonlyMap<string, number>,
  languageId: number | null,
  tagScope: string,
  skillScope: string,
): Promise<number> {
  const named = async (table: 'tags' | 'skills', extra: 'color' | 'description', scope: string) => {
    const entries = table === 'tags' ? file.tags : file.skills;
    const names = entries.map((entry) => entry.name);
    // The new course's structure's own first, then the catalogue's; never another structure's (platform
    // staff in every structure read them all, and their import is the catalogue's).
    const found = await tx.query<{ id: number; name: string }>(
      `SELECT DISTINCT ON (t.name) t.id, t.name FROM ${table} t
        WHERE t.name = ANY($1::text[]) AND (t.company_id IS NULL OR t.company_id = (SELECT app_structure()))${scope}
        ORDER BY t.name, t.company_id NULLS LAST`,
      [names],
    );
    const ids = new Map(found.map((row) => [row.name, Number(row.id)]));
    const missing = entries.filter((entry) => !ids.has(entry.name));
    if (missing.length) {
      const created = await tx.query<{ id: number; name: string }>(
        `INSERT INTO ${table} (name, ${extra}) SELECT * FROM unnest($1::text[], $2::text[]) RETURNING id, name`,
        [
          missing.map((entry) => entry.name),
          missing.map((entry) => ('color' in entry ? entry.color : entry.description) ?? null),
        ],
      );
      for (const row of created) ids.set(row.name, Number(row.id));
    }
    return ids;
  };
  const tagIds = await named('tags', 'color', tagScope);
  const skillIds = await named('skills', 'description', skillScope);
  const { course } = file;
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO courses (title, description, language_id, status, is_template, cover_id)
     VALUES ($1, $2, $3, 'draft', false, $4) RETURNING id`,
    [course.title, course.description, languageId, course.cover ? documentIds.get(course.cover) : null],
  );
  const courseId = Number(row.id);
  await tx.query(`INSERT INTO course_tags (course_id, tag_id) SELECT $1, unnest($2::int4[])`, [
    courseId,
    course.tags.map((name) => tagIds.get(name)),
  ]);
  await tx.query(`INSERT INTO course_skills (course_id, skill_id) SELECT $1, unnest($2::int4[])`, [
    courseId,
    course.skills.map((name) => skillIds.get(name)),
  ]);
  const modules = await tx.query<{ id: number; position: number }>(
    `INSERT INTO modules (title, description, course_id, position, is_template, release_at)
     SELECT title, description, $1, ordinal - 1, false, release_at
       FROM unnest($2::text[], $3::text[], $4::timestamptz[]) WITH ORDINALITY AS m(title, description, release_at, ordinal)
     RETURNING id, position`,
    [
      courseId,
      course.modules.map((module) => module.title),
      course.modules.map((module) => module.description),
      course.modules.map((module) => module.releaseAt ?? null),
    ],
  );
  const moduleIds = new Map(modules.map((module) => [Number(module.position), Number(module.id)]));
  await tx.query(
    `INSERT INTO module_tags (module_id, tag_id) SELECT * FROM unnest($1::int4[], $2::int4[])`,
    course.modules.reduce<[number[], number[]]>(
      ([modulesOf, tagsOf], module, index) => {
        for (const name of module.tags) {
          modulesOf.push(moduleIds.get(index)!);
          tagsOf.push(tagIds.get(name)!);
        }
        return [modulesOf, tagsOf];
      },
      [[], []],
    ),
  );
  const chapters = course.modules.flatMap((module, moduleIndex) =>
    module.chapters.map((chapter, position) => ({ ...chapter, moduleId: moduleIds.get(moduleIndex)!, position })),
  );
  const inserted = await tx.query<{ id: number; ordinal: number }>(
    `WITH source AS (
       SELECT * FROM unnest($1::int4[], $2::int4[], $3::text[], $4::text[], $5::int4[], $6::timestamptz[])
         WITH ORDINALITY AS s(module_id, position, title, description, estimated_minutes, release_at, ordinal)),
     inserted AS (
       INSERT INTO chapters (title, description, module_id, position, is_template, estimated_minutes, release_at)
       SELECT title, description, module_id, position, false, estimated_minutes, release_at FROM source ORDER BY ordinal
       RETURNING id, module_id, position)
     SELECT inserted.id, source.ordinal
       FROM inserted JOIN source ON source.module_id = inserted.module_id AND source.position = inserted.position`,
    [
      chapters.map((chapter) => chapter.moduleId),
      chapters.map((chapter) => chapter.position),
      chapters.map((chapter) => chapter.title),
      chapters.map((chapter) => chapter.description),
      chapters.map((chapter) => chapter.estimatedMinutes),
      chapters.map((chapter) => chapter.releaseAt ?? null),
    ],
  );
  const chapterIds = new Map<string, number>();
  for (const row of inserted) chapterIds.set(chapters[Number(row.ordinal) - 1].ref, Number(row.id));
  const parts = chapters.flatMap((chapter) =>
    chapter.parts.map((part, position) => {
      const content = { ...part.content };
      for (const key of documentKeysOf(part.type)) {
        const ref = content[key];
        if (typeof ref === 'string') content[key] = `/api/documents/${documentIds.get(ref)}`;
      }
      return { ...part, content, chapterId: chapterIds.get(chapter.ref)!, position };
    }),
  );
  await tx.query(
    `INSERT INTO chapter_parts (chapter_id, type, position, title, content, required, release_at)
     SELECT * FROM unnest($1::int4[], $2::text[], $3::int4[], $4::text[], $5::jsonb[], $6::bool[], $7::timestamptz[])`,
    [
      parts.map((part) => part.chapterId),
      parts.map((part) => part.type),
      parts.map((part) => part.position),
      parts.map((part) => part.title),
      parts.map((part) => JSON.stringify(part.content)),
      parts.map((part) => part.required),
      parts.map((part) => part.releaseAt ?? null),
    ],
  );
  const unlocks = chapters.flatMap((chapter) =>
    chapter.unlocks.map((required) => [chapterIds.get(chapter.ref)!, chapterIds.get(required)!]),
  );
  await tx.query(
    `INSERT INTO chapter_unlocks (chapter_id, required_chapter_id) SELECT * FROM unnest($1::int4[], $2::int4[])`,
    [unlocks.map(([chapter]) => chapter), unlocks.map(([, required]) => required)],
  );
  return courseId;
}
