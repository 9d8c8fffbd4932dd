import { folders } from '../../../src/domain/contracts/folders.ts';
import { declareResource } from '../declare.ts';

export const foldersDeclaration = declareResource(folders, {
  table: 'folders',
  siblingsOf: 'parent',
  constraints: {
    folders_parent_cycle: {
      field: 'parent',
      message: 'A folder cannot be placed inside itself or one of its subfolders.',
    },
  },
});
