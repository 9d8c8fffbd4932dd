import { tags } from '../../../src/domain/contracts/tags.ts';
import { declareResource } from '../declare.ts';

export const tagsDeclaration = declareResource(tags, {
  table: 'tags',
  constraints: { tags_name_key: { field: 'name', message: 'This tag already exists.' } },
});
