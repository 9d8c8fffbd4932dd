import { imports } from '../../../src/domain/contracts/imports.ts';
import { declareResource } from '../declare.ts';
import { deleteVersionTree } from '../../imports/importStore.ts';

export const importsDeclaration = declareResource(imports, {
  table: 'imports',
  // Deleting an import deletes its version's folders and sheets; the active version is refused.
  beforeDelete: deleteVersionTree,
});
