import { screensOf } from '../../custom/crud/screensOf';
import { tags } from '../../domain/contracts';

/** The standard screens of tags: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(tags, {
  fields: [{ source: 'name', column: true }, { source: 'color', column: true }, { source: 'createdAt' }],
});
