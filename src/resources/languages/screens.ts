import { screensOf } from '../../custom/crud/screensOf';
import { languages } from '../../domain/contracts';

/** The standard screens of languages: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(languages, {
  fields: [
    { source: 'code', column: true },
    { source: 'name', column: true },
  ],
});
