import { documents } from '../../../src/domain/contracts/documents.ts';
import { declareResource } from '../declare.ts';

/**
 * Documents of course content (covers, chapter-part images and files, `CONTENT_DOCUMENT_CONTEXTS`): every
 * contributor reads them. The others (`support`, `onboarding`, learners' `chapter_part_response`, none...)
 * are read by admins and by the document's owner only (the rights table's `mine`, src/domain/rights.ts).
 * docs/SECURITY.md, "Documents: who reads what". Only admins move a document between contexts.
 */
export const documentsDeclaration = declareResource(documents, {
  table: 'documents',
  // The delete removes the stored file too: server/routes/documents.ts.
  ownRoutes: ['delete'],
});
