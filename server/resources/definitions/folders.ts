import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const folders: ResourceDeclaration = {
  name: 'folders',
  type: 'Folder',
  table: 'folders',
  fields: {
    name: { type: { kind: 'string', maxLength: 255 }, required: true },
    parent: { type: { kind: 'relation', resource: 'folders' } },
    position: { type: { kind: 'integer', min: 0 } },
  },
  filters: ['parent'],
  order: ['name', 'position', 'createdAt'],
  access: rightsOf('folders'),
  siblingsOf: 'parent',
  deletePath: 'folder',
  constraints: { folders_parent_cycle: { field: 'parent', message: 'A folder cannot be placed inside itself or one of its subfolders.' } },
};
