import { rightsOf } from '../rights';
import { defineContract } from './types';

export const documents = defineContract({
  name: 'documents',
  type: 'Document',
  description: 'An uploaded file (created by POST /api/documents/upload, read by GET /api/documents/{id}/download).',
  fields: {
    name: { kind: 'string', maxLength: 255 },
    mimeType: { kind: 'string', readOnly: true },
    size: { kind: 'integer', readOnly: true },
    // Moving a document into a content context would hand it to every contributor: admins only.
    context: { kind: 'string', maxLength: 50 },
    owner: { kind: 'relation', target: 'users', embedded: true, readOnly: true, defaultsToSessionUser: true },
  },
  filters: ['context', 'mimeType'],
  search: true,
  order: ['name', 'mimeType', 'size', 'context', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  rights: rightsOf('documents'),
  // Documents come into being by upload, never by a bare JSON create; their delete also removes the file.
  operations: ['list', 'get', 'update', 'delete'],
});
