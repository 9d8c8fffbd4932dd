import JSZip from 'jszip';
import type { Readable } from 'node:stream';
import type { ChapterPartType } from '../../src/domain/chapterParts.ts';
import {
  COURSE_FILES_FOLDER,
  COURSE_FORMAT_NAME,
  COURSE_FORMAT_VERSION,
  COURSE_MANIFEST,
  type CourseFile,
  type FormatChapter,
  type FormatModule,
} from '../../src/domain/courseFormat.ts';
import { documentKeysOf } from '../../src/domain/partContentShape.ts';
import type { Queryable } from '../db/database.ts';
import { documentBytes, readableDocumentsOfCourse, type ReadableDocument } from '../resources/documentReads.ts';
import type { Reader } from '../resources/reach.ts';
import type { FileStorage } from '../storage/fileStorage.ts';

/** A timestamp as the file holds it. */
const isoOrNull = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * A course described as `course.json` (src/domain/courseFormat.ts) from what the transaction's scope reads,
 * a few set-based statements, the documents it names listed with their stored files; a course naming a
 * document `reader` may not read is refused (a 422 naming it: the document read rule). Chapters and documents
 * get references of the file (`c1`, `d1`...) in the order they come; unlocks to chapters of another course
 * are left out, as the copy leaves them.
 */
export async function describeCourse(
  tx: Queryable,
  courseId: number,
  reader: Reader,
): Promise<{ file: CourseFile; files: { path: string; document: ReadableDocument | undefined }[] } | undefined> {
  const [course] = await tx.query<{
    title: string;
    description: string | null;
    language: string | null;
    cover_id: number | null;
  }>(
    `SELECT c.title, c.description, l.code AS language, c.cover_id
       FROM courses c LEFT JOIN languages l ON l.id = c.language_id WHERE c.id = $1`,
    [courseId],
  );
  if (!course) return undefined;
  const modules = await tx.query<{
    id: number;
    title: string;
    description: string | null;
    release_at: Date | null;
    tags: string[];
  }>(
    `SELECT m.id, m.title, m.description, m.release_at,
            coalesce((SELECT array_agg(g.name ORDER BY g.name) FROM module_tags j JOIN tags g ON g.id = j.tag_id
                       WHERE j.module_id = m.id), '{}') AS tags
       FROM modules m WHERE m.course_id = $1 ORDER BY m.position, m.id`,
    [courseId],
  );
  const chapters = await tx.query<{
    id: number;
    module_id: number;
    title: string;
    description: string | null;
    estimated_minutes: number | null;
    release_at: Date | null;
    unlocks: number[];
  }>(
    `SELECT c.id, c.module_id, c.title, c.description, c.estimated_minutes, c.release_at,
            coalesce((SELECT array_agg(u.required_chapter_id ORDER BY u.required_chapter_id) FROM chapter_unlocks u
                       JOIN chapters r ON r.id = u.required_chapter_id JOIN modules rm ON rm.id = r.module_id
                      WHERE u.chapter_id = c.id AND rm.course_id = $1), '{}') AS unlocks
       FROM chapters c JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1 ORDER BY m.position, m.id, c.position, c.id`,
    [courseId],
  );
  const parts = await tx.query<{
    chapter_id: number;
    type: ChapterPartType;
    title: string | null;
    required: boolean;
    content: Record<string, unknown>;
    release_at: Date | null;
  }>(
    `SELECT p.chapter_id, p.type, p.title, p.required, p.content, p.release_at
       FROM chapter_parts p JOIN chapters c ON c.id = p.chapter_id JOIN modules m ON m.id = c.module_id
      WHERE m.course_id = $1 ORDER BY p.chapter_id, p.position, p.id`,
    [courseId],
  );
  const courseTags = await tx.query<{ name: string; color: string | null }>(
    `SELECT DISTINCT g.name, g.color FROM tags g
      WHERE g.id IN (SELECT tag_id FROM course_tags WHERE course_id = $1)
         OR g.id IN (SELECT j.tag_id FROM module_tags j JOIN modules m ON m.id = j.module_id WHERE m.course_id = $1)
      ORDER BY g.name`,
    [courseId],
  );
  const [links] = await tx.query<{ tags: string[]; skills: string[] }>(
    `SELECT coalesce((SELECT array_agg(g.name ORDER BY g.name) FROM course_tags j JOIN tags g ON g.id = j.tag_id
                       WHERE j.course_id = $1), '{}') AS tags,
            coalesce((SELECT array_agg(s.name ORDER BY s.name) FROM course_skills j JOIN skills s ON s.id = j.skill_id
                       WHERE j.course_id = $1), '{}') AS skills`,
    [courseId],
  );
  const skills = await tx.query<{ name: string; description: string | null }>(
    `SELECT s.name, s.description FROM skills s JOIN course_skills j ON j.skill_id = s.id
      WHERE j.course_id = $1 ORDER BY s.name`,
    [courseId],
  );

  // Each document the course names, once, in the order it is first met.
  const documentIds: number[] = [];
  const documentRef = (value: unknown): string | null => {
    const id =
      typeof value === 'number' ? value : Number(/^(?:\/api\/documents\/)?(\d{1,9})$/.exec(String(value))?.[1]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    if (!documentIds.includes(id)) documentIds.push(id);
    return `d${documentIds.indexOf(id) + 1}`;
  };
  const cover = course.cover_id === null ? null : documentRef(course.cover_id);
  const chapterRef = new Map(chapters.map((chapter, index) => [Number(chapter.id), `c${index + 1}`]));
  const partsOf = new Map<number, FormatChapter['parts']>();
  for (const part of parts) {
    const content = { ...part.content };
    for (const key of documentKeysOf(part.type))
      if (content[key] !== undefined && content[key] !== null && content[key] !== '')
        content[key] = documentRef(content[key]);
    const list = partsOf.get(Number(part.chapter_id)) ?? [];
    list.push({
      type: part.type,
      title: part.title,
      required: part.required,
      releaseAt: isoOrNull(part.release_at),
      content,
    });
    partsOf.set(Number(part.chapter_id), list);
  }
  const formatModules: FormatModule[] = modules.map((module) => ({
    title: module.title,
    description: module.description,
    releaseAt: isoOrNull(module.release_at),
    tags: module.tags,
    chapters: chapters
      .filter((chapter) => Number(chapter.module_id) === Number(module.id))
      .map((chapter) => ({
        ref: chapterRef.get(Number(chapter.id))!,
        title: chapter.title,
        description: chapter.description,
        estimatedMinutes: chapter.estimated_minutes,
        releaseAt: isoOrNull(chapter.release_at),
        unlocks: chapter.unlocks.map((id) => chapterRef.get(Number(id))!).filter(Boolean),
        parts: partsOf.get(Number(chapter.id)) ?? [],
      })),
  }));
  // The documents' one read rule, which also refuses the whole export if any is not the reader's to read.
  const { readable } = await readableDocumentsOfCourse(tx, reader, courseId, 'export');
  const files: { path: string; document: ReadableDocument | undefined }[] = [];
  const documents = documentIds.map((id, index) => {
    const row = readable.get(id);
    const ref = `d${index + 1}`;
    const path = `${COURSE_FILES_FOLDER}${ref}`;
    files.push({ path, document: row });
    return { ref, name: row?.name || ref, mimeType: row?.mimeType ?? 'application/octet-stream', file: path };
  });
  return {
    file: {
      format: COURSE_FORMAT_NAME,
      version: COURSE_FORMAT_VERSION,
      course: {
        title: course.title,
        description: course.description,
        language: course.language,
        cover,
        tags: links.tags,
        skills: links.skills,
        modules: formatModules,
      },
      tags: courseTags,
      skills,
      documents,
    },
    files,
  };
}

/** The date of every entry of an exported zip. */
const ARCHIVE_DATE = new Date(Date.UTC(2020, 0, 1));

/**
 * The zip of a described course, streamed: `course.json` and each document's file as the store gives it
 * (its bytes unchanged, stored without compression: they are mostly images and videos already packed).
 * A document whose file is gone from the store is left out; the import then names it (`missing_file`).
 */
export async function courseArchive(
  described: NonNullable<Awaited<ReturnType<typeof describeCourse>>>,
  files: FileStorage,
): Promise<Readable> {
  const zip = new JSZip();
  // One fixed date, not the clock's nor a last change's: the same course gives the same bytes.
  const date = ARCHIVE_DATE;
  zip.file(COURSE_MANIFEST, JSON.stringify(described.file, null, 2), { compression: 'DEFLATE', date });
  for (const { path, document } of described.files) {
    const body = document ? await documentBytes(files, document) : undefined;
    // No folder entries: JSZip would date them with the clock.
    if (body) zip.file(path, body, { binary: true, compression: 'STORE', date, createFolders: false });
  }
  return zip.generateNodeStream({ type: 'nodebuffer', streamFiles: true }) as Readable;
}
