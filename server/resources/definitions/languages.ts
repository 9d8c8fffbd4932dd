import { languages } from '../../../src/domain/contracts/languages.ts';
import { declareResource } from '../declare.ts';

export const languagesDeclaration = declareResource(languages, {
  table: 'languages',
  constraints: { languages_code_key: { field: 'code', message: 'This language code already exists.' } },
});
