import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

/**
 * Contexts of course content (covers, chapter-part images and files): every contributor reads them. The
 * others (`support`, `onboarding`, learners' `chapter_part_response`, none...) are read by admins and by
 * the document's owner only. docs/SECURITY.md, "Documents: who reads what".
 */
export const CONTENT_DOCUMENT_CONTEXTS = ['course_cover', 'chapter_part'] as const;

const contentContexts = CONTENT_DOCUMENT_CONTEXTS.map((context) => `'${context}'`).join(', ');

export const documents: ResourceDeclaration = {
  name: 'documents',
  type: 'Document',
  table: 'documents',
  fields: {
    name: { type: { kind: 'string', maxLength: 255 } },
    mimeType: { type: { kind: 'string' }, readOnly: true },
    size: { type: { kind: 'integer' }, readOnly: true },
    // Moving a document into a content context would hand it to every contributor: admins only.
    context: { type: { kind: 'string', maxLength: 50 }, writeRole: 'ROLE_ADMIN' },
    owner: { type: { kind: 'relation', resource: 'users' }, readOnly: true, defaultsToSessionUser: true },
  },
  filters: ['context', 'mimeType', 'q'],
  order: ['name', 'mimeType', 'size', 'context', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('documents'),
  // A contributor's rows: course content and their own uploads (list, get, download, rename).
  ownRows: { condition: (userId) => `(t.context IN (${contentContexts}) OR t.owner_id = ${userId})` },
  // Documents come into being by upload (POST /api/documents/upload), never by a bare JSON create,
  // and their delete also removes the file (server/routes/documents.ts).
  operations: ['list', 'get', 'update'],
};
