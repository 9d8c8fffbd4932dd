import { rightsOf } from '../../../src/domain/rights.ts';
import { deleteVersionTree } from '../../imports/importStore.ts';
import type { ResourceDeclaration } from '../types.ts';

export const imports: ResourceDeclaration = {
  name: 'imports',
  type: 'Import',
  table: 'imports',
  fields: {
    filename: { type: { kind: 'string' }, readOnly: true },
    type: { type: { kind: 'enum', values: ['xmind'] }, readOnly: true },
    status: { type: { kind: 'enum', values: ['processed', 'failed', 'active'] }, readOnly: true },
    version: { type: { kind: 'integer' }, readOnly: true },
    rootFolder: { type: { kind: 'relation', resource: 'folders' }, readOnly: true },
    summary: { type: { kind: 'json' }, readOnly: true },
    error: { type: { kind: 'text' }, readOnly: true },
    activatedAt: { type: { kind: 'datetime' }, readOnly: true },
  },
  filters: ['status'],
  order: ['filename', 'status', 'version', 'activatedAt', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  access: rightsOf('imports'),
  // An import is created by uploading an XMind file (POST /api/imports, multipart).
  operations: ['list', 'get', 'delete'],
  // Deleting an import deletes its version's folders and sheets; the active version is refused.
  beforeDelete: deleteVersionTree,
};
