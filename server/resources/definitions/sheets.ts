import { sheets } from '../../../src/domain/contracts/sheets.ts';
import { declareResource } from '../declare.ts';

export const sheetsDeclaration = declareResource(sheets, {
  table: 'sheets',
  fields: { tags: { joinTable: 'sheet_tags', ownColumn: 'sheet_id', otherColumn: 'tag_id' } },
});
