import { modules } from '../../../src/domain/contracts/modules.ts';
import { declareResource } from '../declare.ts';

export const modulesDeclaration = declareResource(modules, {
  table: 'modules',
  fields: {
    tags: { joinTable: 'module_tags', ownColumn: 'module_id', otherColumn: 'tag_id' },
    chapters: { table: 'chapters', foreignKey: 'module_id', orderBy: 'position' },
  },
  siblingsOf: 'course',
});
