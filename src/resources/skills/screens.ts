import { screensOf } from '../../custom/crud/screensOf';
import { skills } from '../../domain/contracts';

/** The standard screens of skills: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(skills, {
  fields: [{ source: 'name', column: true }, { source: 'description' }, { source: 'createdAt' }],
});
