/**
 * The paths of the server that read a stored document's bytes or copy them (docs/SECURITY.md, "Documents:
 * who reads what"). Each reads the documents it needs through one rule, the reader's own reading of
 * documents (their context, their owner, the structure): the server's `readableDocuments` takes the
 * path's name, and the security suite walks every path of this list.
 *
 * - `download`: `GET /api/documents/{id}/download` (the back-office's previews and covers are downloads);
 *   a document the session may not read is a 404, as an unknown id.
 * - `export`: `GET /api/courses/{id}/export`, the documents the course names put in the zip.
 * - `rerun`: `POST /api/courses/{id}/rerun`, the documents the course names duplicated for the new session.
 */
export const DOCUMENT_PATHS = ['download', 'export', 'rerun', 'personal-data'] as const;
export type DocumentPath = (typeof DOCUMENT_PATHS)[number];

/** The paths that refuse a course naming a document its caller may not read, and what they would do. */
export const COURSE_DOCUMENT_ACTIONS: Readonly<Record<Exclude<DocumentPath, 'download' | 'personal-data'>, string>> = {
  export: 'exporter ce cours',
  rerun: 'relancer ce cours',
};

/** The code of such a refusal's violations (422). */
export const UNREADABLE_DOCUMENT = 'unreadable_document';

/** Where a course names a document: its cover, or a part's content key. */
export type DocumentPlace = { cover: true } | { partId: number; partTitle: string | null; key: string };

/** The French sentence of a refusal, naming the document and where the course names it. */
export function unreadableDocumentMessage(
  path: keyof typeof COURSE_DOCUMENT_ACTIONS,
  id: number,
  place: DocumentPlace,
) {
  const where =
    'cover' in place
      ? 'la couverture du cours'
      : place.partTitle
        ? `la partie « ${place.partTitle} »`
        : `la partie ${place.partId}`;
  return (
    `Le document ${id}, nommé par ${where}, ne vous est pas accessible : vous ne pouvez pas ${COURSE_DOCUMENT_ACTIONS[path]}. ` +
    'Remplacez ce document, ou demandez à un administrateur.'
  );
}
