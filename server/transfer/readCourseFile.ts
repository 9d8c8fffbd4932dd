import { RELEASE_FIELD } from '../../src/domain/releases.ts';
import { checkChapterPartContent, isChapterPartType } from '../../src/domain/chapterPartContent.ts';
import { chapterParts, chapters, courses, modules, skills, tags, documents } from '../../src/domain/contracts/index.ts';
import type { FieldContract } from '../../src/domain/contracts/types.ts';
import { BLANK, isBlank, valueProblem } from '../../src/domain/contracts/values.ts';
import {
  COURSE_FORMAT_NAME,
  COURSE_FORMAT_VERSIONS_READ,
  COURSE_IMPORT_PROBLEMS,
  FORMAT_REF,
  valueProblemDetail,
  type CourseFile,
  type CourseImportProblem,
} from '../../src/domain/courseFormat.ts';
import { documentKeysOf } from '../../src/domain/partContentShape.ts';
import type { Violation } from '../shared/errors.ts';

/**
 * `course.json` checked whole before anything is written: every problem found is one violation (its path in
 * the file, its code, a French sentence), so an author fixes the file in one go. Field values are checked
 * against the contracts of the resources they become, part contents by the part types' own rules.
 */

type Json = Record<string, unknown>;

/** A document `ref` stands in for an id while a content is checked: the check wants an IRI or an id. */
const CHECKED_DOCUMENT = '/api/documents/1';

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object' && !Array.isArray(value);

export interface ReadCourseFile {
  violations: Violation[];
  /** The file, once it has no violation. */
  file?: CourseFile;
  /** The rows it would write (the course, its links, modules, chapters, parts, unlocks, documents). */
  rows: number;
}

export function readCourseFile(
  json: unknown,
  { maxUploadMb, filesInArchive }: { maxUploadMb: number; filesInArchive: ReadonlySet<string> },
): ReadCourseFile {
  const violations: Violation[] = [];
  const problem = <P extends CourseImportProblem>(
    path: string,
    code: P,
    ...detail: Parameters<(typeof COURSE_IMPORT_PROBLEMS)[P]>
  ) => {
    const words = COURSE_IMPORT_PROBLEMS[code] as (...args: typeof detail) => string;
    violations.push({ propertyPath: path, code, message: words(...detail) });
  };
  /** A field checked as its resource's contract checks it; answers whether it passed. */
  const field = (holder: Json, key: string, path: string, contract: FieldContract, required = false): boolean => {
    const value = holder[key];
    if (isBlank(value)) {
      if (required || contract.required)
        problem(`${path}.${key}`, 'invalid_field', valueProblemDetail(`${path}.${key}`, BLANK.code));
      else holder[key] = null;
      return !(required || contract.required);
    }
    const wrong = valueProblem(contract, value);
    if (wrong) problem(`${path}.${key}`, 'invalid_field', valueProblemDetail(`${path}.${key}`, wrong.code));
    return !wrong;
  };
  const list = (holder: Json, key: string, path: string): unknown[] => {
    const value = holder[key] ?? [];
    if (Array.isArray(value)) return value;
    problem(`${path}.${key}`, 'invalid_field', valueProblemDetail(`${path}.${key}`, 'type'));
    return [];
  };
  const object = (value: unknown, path: string): Json | undefined => {
    if (isObject(value)) return value;
    problem(path, 'invalid_field', valueProblemDetail(path, 'type'));
    return undefined;
  };
  const refOf = (holder: Json, path: string, seen: Set<string>): string | undefined => {
    const ref = holder.ref;
    if (typeof ref !== 'string' || !FORMAT_REF.test(ref))
      return void problem(`${path}.ref`, 'invalid_field', valueProblemDetail(`${path}.ref`, 'format'));
    if (seen.has(ref)) return void problem(`${path}.ref`, 'duplicate_reference', ref);
    seen.add(ref);
    return ref;
  };

  const root = object(json, '');
  if (!root) return { violations, rows: 0 };
  if (!(COURSE_FORMAT_VERSIONS_READ as readonly unknown[]).includes(root.version)) {
    problem('version', 'unknown_version', JSON.stringify(root.version ?? null));
    return { violations, rows: 0 };
  }
  if (root.format !== COURSE_FORMAT_NAME)
    problem('format', 'invalid_field', valueProblemDetail('format', isBlank(root.format) ? 'blank' : 'choice'));

  // Documents first: the course and the parts name them.
  const documentRefs = new Set<string>();
  // One file for one document: an entry named again would be unpacked and stored again, for nothing.
  const documentFiles = new Set<string>();
  list(root, 'documents', '').forEach((item, index) => {
    const path = `documents[${index}]`;
    const document = object(item, path);
    if (!document) return;
    refOf(document, path, documentRefs);
    field(document, 'name', path, documents.fields.name, true);
    if (typeof document.mimeType !== 'string' || document.mimeType === '')
      problem(`${path}.mimeType`, 'invalid_field', valueProblemDetail(`${path}.mimeType`, 'blank'));
    if (typeof document.file !== 'string' || !filesInArchive.has(document.file))
      problem(`${path}.file`, 'missing_file', String(document.file ?? ''));
    else if (documentFiles.has(document.file)) problem(`${path}.file`, 'duplicate_reference', document.file);
    else documentFiles.add(document.file);
  });

  const named = (key: 'tags' | 'skills', other: FieldContract) => {
    const names = new Set<string>();
    list(root, key, '').forEach((item, index) => {
      const path = `${key}[${index}]`;
      const entry = object(item, path);
      if (!entry || !field(entry, 'name', path, (key === 'tags' ? tags : skills).fields.name, true)) return;
      if (names.has(entry.name as string)) problem(`${path}.name`, 'duplicate_reference', entry.name as string);
      names.add(entry.name as string);
      field(entry, key === 'tags' ? 'color' : 'description', path, other);
    });
    return names;
  };
  const tagNames = named('tags', tags.fields.color);
  const skillNames = named('skills', skills.fields.description);
  const namesIn = (holder: Json, key: 'tags' | 'skills', path: string, known: Set<string>) =>
    list(holder, key, path).forEach((name, index) => {
      if (typeof name !== 'string' || !known.has(name))
        problem(`${path}.${key}[${index}]`, 'broken_reference', String(name));
    });

  const course = object(root.course, 'course');
  let rows = 0;
  const unlocks: { path: string; ref: string; requires: string[] }[] = [];
  const chapterRefs = new Set<string>();
  if (course) {
    rows += 1;
    field(course, 'title', 'course', courses.fields.title);
    field(course, 'description', 'course', courses.fields.description);
    if (!isBlank(course.language) && typeof course.language !== 'string')
      problem('course.language', 'invalid_field', valueProblemDetail('course.language', 'type'));
    if (isBlank(course.language)) course.language = null;
    if (isBlank(course.cover)) course.cover = null;
    else if (typeof course.cover !== 'string' || !documentRefs.has(course.cover))
      problem('course.cover', 'broken_reference', String(course.cover));
    namesIn(course, 'tags', 'course', tagNames);
    namesIn(course, 'skills', 'course', skillNames);
    rows += list(course, 'tags', 'course').length + list(course, 'skills', 'course').length;
    list(course, 'modules', 'course').forEach((item, moduleIndex) => {
      const path = `course.modules[${moduleIndex}]`;
      const module = object(item, path);
      if (!module) return;
      rows += 1;
      field(module, 'title', path, modules.fields.title);
      field(module, 'description', path, modules.fields.description);
      field(module, RELEASE_FIELD, path, modules.fields[RELEASE_FIELD]);
      namesIn(module, 'tags', path, tagNames);
      rows += list(module, 'tags', path).length;
      list(module, 'chapters', path).forEach((item, chapterIndex) => {
        const chapterPath = `${path}.chapters[${chapterIndex}]`;
        const chapter = object(item, chapterPath);
        if (!chapter) return;
        rows += 1;
        const ref = refOf(chapter, chapterPath, chapterRefs);
        field(chapter, 'title', chapterPath, chapters.fields.title);
        field(chapter, 'description', chapterPath, chapters.fields.description);
        field(chapter, 'estimatedMinutes', chapterPath, chapters.fields.estimatedMinutes);
        field(chapter, RELEASE_FIELD, chapterPath, chapters.fields[RELEASE_FIELD]);
        const requires = list(chapter, 'unlocks', chapterPath);
        rows += requires.length;
        if (ref) unlocks.push({ path: `${chapterPath}.unlocks`, ref, requires: requires.map(String) });
        list(chapter, 'parts', chapterPath).forEach((item, partIndex) => {
          const partPath = `${chapterPath}.parts[${partIndex}]`;
          const part = object(item, partPath);
          if (!part) return;
          rows += 1;
          field(part, 'title', partPath, chapterParts.fields.title);
          field(part, RELEASE_FIELD, partPath, chapterParts.fields[RELEASE_FIELD]);
          if (isBlank(part.required)) part.required = false;
          else field(part, 'required', partPath, chapterParts.fields.required);
          if (!isChapterPartType(part.type))
            return problem(`${partPath}.type`, 'unknown_part_type', String(part.type ?? ''));
          const content = object(part.content, `${partPath}.content`);
          if (!content) return;
          const checked = { ...content };
          for (const key of documentKeysOf(part.type)) {
            const ref = content[key];
            if (isBlank(ref)) continue;
            if (typeof ref !== 'string' || !documentRefs.has(ref))
              problem(`${partPath}.content.${key}`, 'broken_reference', String(ref));
            else checked[key] = CHECKED_DOCUMENT;
          }
          const result = checkChapterPartContent(part.type, checked, { maxUploadMb });
          for (const wrong of result.violations)
            problem(
              `${partPath}.${wrong.propertyPath}`,
              'invalid_content',
              valueProblemDetail(`${partPath}.${wrong.propertyPath}`, wrong.code),
            );
          // Stored as the API stores a content (what the rule derives, a video's id, included), its
          // documents still named by their `ref` until they exist.
          part.content = {
            ...result.content,
            ...Object.fromEntries(
              documentKeysOf(part.type)
                .map((key) => [key, content[key]])
                .filter(([, value]) => value !== undefined),
            ),
          };
        });
      });
    });
  }
  for (const { path, ref, requires } of unlocks)
    requires.forEach((required, index) => {
      if (!chapterRefs.has(required) || required === ref) problem(`${path}[${index}]`, 'broken_reference', required);
    });
  const cycle = unlockCycle(unlocks);
  if (cycle) problem('course.modules', 'unlock_cycle', cycle);
  rows += documentRefs.size;
  return violations.length ? { violations, rows } : { violations, rows, file: root as unknown as CourseFile };
}

/** A chapter on a cycle of prerequisites, if any (the action that adds unlocks refuses cycles too). */
function unlockCycle(unlocks: readonly { ref: string; requires: string[] }[]): string | undefined {
  const requires = new Map(unlocks.map(({ ref, requires }) => [ref, requires]));
  const state = new Map<string, 'open' | 'done'>();
  const visit = (ref: string): string | undefined => {
    if (state.get(ref) === 'done') return undefined;
    if (state.get(ref) === 'open') return ref;
    state.set(ref, 'open');
    for (const next of requires.get(ref) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    state.set(ref, 'done');
    return undefined;
  };
  for (const { ref } of unlocks) {
    const found = visit(ref);
    if (found) return found;
  }
  return undefined;
}
