import { chapters } from '../../../src/domain/contracts/chapters.ts';
import { declareResource } from '../declare.ts';

export const chaptersDeclaration = declareResource(chapters, {
  table: 'chapters',
  fields: {
    unlocks: { joinTable: 'chapter_unlocks', ownColumn: 'chapter_id', otherColumn: 'required_chapter_id' },
    parts: { table: 'chapter_parts', foreignKey: 'chapter_id', orderBy: 'position' },
  },
  siblingsOf: 'module',
});
