import { documents } from '../../../src/domain/contracts/documents.ts';
import { declareResource } from '../declare.ts';

/**
 * Contexts of course content (covers, chapter-part images and files): every contributor reads them. The
 * others (`support`, `onboarding`, learners' `chapter_part_response`, none...) are read by admins and by
 * the document's owner only. docs/SECURITY.md, "Documents: who reads what".
 */
export const CONTENT_DOCUMENT_CONTEXTS = ['course_cover', 'chapter_part'] as const;

const contentContexts = CONTENT_DOCUMENT_CONTEXTS.map((context) => `'${context}'`).join(', ');

export const documentsDeclaration = declareResource(documents, {
  table: 'documents',
  // A contributor's rows: course content and their own uploads (list, get, download, rename).
  ownRows: { condition: (userId) => `(t.context IN (${contentContexts}) OR t.owner_id = ${userId})` },
  // The delete removes the stored file too: server/routes/documents.ts.
  ownRoutes: ['delete'],
});
