import { rightsOf } from '../../../src/domain/rights.ts';
import type { ResourceDeclaration } from '../types.ts';

export const modules: ResourceDeclaration = {
  name: 'modules',
  type: 'Module',
  table: 'modules',
  fields: {
    title: { type: { kind: 'string', maxLength: 255 }, required: true },
    description: { type: { kind: 'text' } },
    course: { type: { kind: 'relation', resource: 'courses' } },
    position: { type: { kind: 'integer', min: 0 } },
    isTemplate: { type: { kind: 'boolean' } },
    tags: { type: { kind: 'relations', resource: 'tags', joinTable: 'module_tags', ownColumn: 'module_id', otherColumn: 'tag_id' } },
    chapters: { type: { kind: 'children', resource: 'chapters', table: 'chapters', foreignKey: 'module_id', orderBy: 'position' } },
  },
  filters: ['course', 'isTemplate', 'q'],
  order: ['title', 'position', 'isTemplate', 'createdAt'],
  access: rightsOf('modules'),
  siblingsOf: 'course',
};
