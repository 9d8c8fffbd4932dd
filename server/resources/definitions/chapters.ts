import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const chapters: ResourceDeclaration = {
  name: 'chapters',
  type: 'Chapter',
  table: 'chapters',
  fields: {
    title: { type: { kind: 'string', maxLength: 255 }, required: true },
    description: { type: { kind: 'text' } },
    module: { type: { kind: 'relation', resource: 'modules' } },
    position: { type: { kind: 'integer', min: 0 } },
    isTemplate: { type: { kind: 'boolean' } },
    estimatedMinutes: { type: { kind: 'integer', min: 0, max: 10000 } },
    unlocks: {
      type: { kind: 'relations', resource: 'chapters', joinTable: 'chapter_unlocks', ownColumn: 'chapter_id', otherColumn: 'required_chapter_id' },
    },
    parts: { type: { kind: 'children', resource: 'chapter-parts', table: 'chapter_parts', foreignKey: 'chapter_id', orderBy: 'position' } },
  },
  filters: ['module', 'isTemplate', 'q'],
  order: ['title', 'position', 'isTemplate', 'estimatedMinutes', 'createdAt'],
  access: rightsOf('chapters'),
  siblingsOf: 'module',
};
