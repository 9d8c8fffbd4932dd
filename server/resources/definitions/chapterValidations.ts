import { chapterValidations } from '../../../src/domain/contracts/chapterValidations.ts';
import { declareResource } from '../declare.ts';

export const chapterValidationsDeclaration = declareResource(chapterValidations, {
  table: 'chapter_validations',
  constraints: {
    chapter_validations_chapter_user_cycle_key: {
      field: 'user',
      message: 'This chapter is already validated for this user in the current cycle.',
    },
  },
});
