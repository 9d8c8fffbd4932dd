import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const sheets: ResourceDeclaration = {
  name: 'sheets',
  type: 'Sheet',
  table: 'sheets',
  fields: {
    title: { type: { kind: 'string', maxLength: 255 }, required: true },
    content: { type: { kind: 'text' } },
    folder: { type: { kind: 'relation', resource: 'folders' } },
    status: { type: { kind: 'enum', values: ['draft', 'published'] } },
    tags: { type: { kind: 'relations', resource: 'tags', joinTable: 'sheet_tags', ownColumn: 'sheet_id', otherColumn: 'tag_id' } },
    import: { type: { kind: 'relation', resource: 'imports' }, readOnly: true },
  },
  filters: ['folder', 'status', 'q'],
  order: ['title', 'status', 'createdAt', 'updatedAt'],
  access: rightsOf('sheets'),
};
