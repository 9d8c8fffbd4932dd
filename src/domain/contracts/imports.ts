import { rightsOf } from '../rights';
import { defineContract } from './types';

export const IMPORT_STATUSES = ['processed', 'failed', 'active'] as const;

export const imports = defineContract({
  name: 'imports',
  type: 'Import',
  description: 'An XMind map imported into the library (created by uploading it: POST /api/imports, multipart).',
  fields: {
    filename: { kind: 'string', readOnly: true },
    type: { kind: 'enum', values: ['xmind'], readOnly: true },
    status: { kind: 'enum', values: IMPORT_STATUSES, choiceGroup: 'importStatus', readOnly: true },
    version: { kind: 'integer', readOnly: true },
    rootFolder: { kind: 'relation', target: 'folders', readOnly: true },
    summary: { kind: 'json', readOnly: true },
    error: { kind: 'text', readOnly: true },
    activatedAt: { kind: 'datetime', readOnly: true },
  },
  filters: ['status'],
  order: ['filename', 'status', 'version', 'activatedAt', 'createdAt'],
  defaultOrder: [['createdAt', 'desc']],
  rights: rightsOf('imports'),
  operations: ['list', 'get', 'delete'],
});
