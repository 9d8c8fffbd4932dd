import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

/**
 * Documents of course content (covers, chapter-part images and files, `CONTENT_DOCUMENT_CONTEXTS`): every
 * contributor reads them. The others (`support`, `onboarding`, learners' `chapter_part_response`, none...)
 * are read by admins and by the document's owner only (the rights table's `mine`, src/domain/rights.ts).
 * docs/SECURITY.md, "Documents: who reads what". Only admins move a document between contexts.
 */
export const documents: ResourceDeclaration = {
  name: 'documents',
  type: 'Document',
  table: 'documents',
  fields: {
    name: { type: { kind: 'string', maxLength: 255 } },
    mimeType: { type: { kind: 'string' }, readOnly: true },
    size: { type: { kind: 'integer' }, readOnly: true },
    context: { type: { kind: 'string', maxLength: 50 } },
    owner: { type: { kind: 'relation', resource: 'users', embedded: true }, readOnly: true, defaultsToSessionUser: true },
  },
  filters: ['context', 'mimeType', 'q'],
  order: ['name', 'mimeType', 'size', 'context', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('documents'),
  // Documents come into being by upload (POST /api/documents/upload), never by a bare JSON create,
  // and their delete also removes the file (server/routes/documents.ts).
  operations: ['list', 'get', 'update'],
};
