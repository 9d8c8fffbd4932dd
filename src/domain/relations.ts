/**
 * The relation fields of each resource (API.md, Resources) and the resource each points at.
 * The back-office reads relations as ids and writes them back as IRIs, which every API Platform
 * service accepts (a bare id is an extension of the reference server). To-one and to-many alike;
 * embedded summaries (a ticket's `parent`, a user's `company`, the author or owner of a comment, document,
 * ticket or note, a connection's user) are not relations here.
 * The server declares the same fields in server/resources/definitions: keep both in step.
 */
export const RELATIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  users: { accessRights: 'access-rights' },
  'user-supervisions': { supervisor: 'users', learner: 'users', course: 'courses' },
  participations: { user: 'users', course: 'courses' },
  courses: { language: 'languages', cover: 'documents', modules: 'modules', skills: 'skills', tags: 'tags' },
  modules: { course: 'courses', tags: 'tags', chapters: 'chapters' },
  chapters: { module: 'modules', unlocks: 'chapters', parts: 'chapter-parts' },
  'chapter-parts': { chapter: 'chapters' },
  'chapter-part-responses': { chapterPart: 'chapter-parts', user: 'users' },
  'chapter-validations': { chapter: 'chapters', user: 'users', validatedBy: 'users' },
  comments: { chapter: 'chapters', module: 'modules', course: 'courses', chapterPart: 'chapter-parts' },
  'notes-bo': { user: 'users', ticket: 'tickets', course: 'courses' },
  sheets: { folder: 'folders', tags: 'tags', import: 'imports' },
  folders: { parent: 'folders' },
  imports: { rootFolder: 'folders' },
};

/** The resource a relation field of `resource` points at, or undefined when the field is not a relation. */
export function relationTarget(resource: string, field: string): string | undefined {
  return Object.hasOwn(RELATIONS, resource) && Object.hasOwn(RELATIONS[resource], field)
    ? RELATIONS[resource][field]
    : undefined;
}

export const iriOf = (resource: string, id: number | string): string => `/api/${resource}/${id}`;

const IRI = /^\/api\/[a-z-]+\/(\d+)$/;

/** The id an IRI names (`/api/modules/3` -> 3), or undefined when the value is not an IRI. */
export function idOfIri(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const match = IRI.exec(value);
  return match ? Number(match[1]) : undefined;
}
