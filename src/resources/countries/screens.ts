import { screensOf } from '../../custom/crud/screensOf';
import { countries } from '../../domain/contracts';

/** The standard screens of countries: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(countries, {
  fields: [
    { source: 'code', column: true },
    { source: 'name', column: true },
  ],
});
