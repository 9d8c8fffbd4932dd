import { rightsOf } from '../rights';
import { defineContract } from './types';

export const folders = defineContract({
  name: 'folders',
  type: 'Folder',
  description: 'A folder of the library, ordered among its siblings by position.',
  fields: {
    name: { kind: 'string', maxLength: 255, required: true },
    parent: { kind: 'relation', target: 'folders' },
    position: { kind: 'integer', min: 0 },
  },
  filters: ['parent'],
  order: ['name', 'position', 'createdAt'],
  rights: rightsOf('folders'),
  deletePath: 'folder',
});
