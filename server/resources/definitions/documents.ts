import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const documents: ResourceDeclaration = {
  name: 'documents',
  type: 'Document',
  table: 'documents',
  fields: {
    name: { type: { kind: 'string', maxLength: 255 } },
    mimeType: { type: { kind: 'string' }, readOnly: true },
    size: { type: { kind: 'integer' }, readOnly: true },
    context: { type: { kind: 'string', maxLength: 50 } },
    owner: { type: { kind: 'relation', resource: 'users' }, readOnly: true, defaultsToSessionUser: true },
  },
  filters: ['context', 'mimeType', 'q'],
  order: ['name', 'mimeType', 'size', 'context', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('documents'),
  // Documents come into being by upload (POST /api/documents/upload), never by a bare JSON create,
  // and their delete also removes the file (server/routes/documents.ts).
  operations: ['list', 'get', 'update'],
};
