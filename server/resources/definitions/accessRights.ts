import { accessRights } from '../../../src/domain/contracts/accessRights.ts';
import { declareResource } from '../declare.ts';

export const accessRightsDeclaration = declareResource(accessRights, {
  table: 'access_rights',
  constraints: { access_rights_code_key: { field: 'code', message: 'This code is already used.' } },
});
