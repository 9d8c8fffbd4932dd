import { imports } from '../../../src/domain/contracts/imports.ts';
import { declareResource } from '../declare.ts';

export const importsDeclaration = declareResource(imports, {
  table: 'imports',
});
