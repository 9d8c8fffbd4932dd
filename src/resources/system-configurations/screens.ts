import { screensOf } from '../../custom/crud/screensOf';
import { systemConfigurations } from '../../domain/contracts';

/** The standard screens of system-configurations: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(systemConfigurations, {
  fields: [{ source: 'key', column: true }, { source: 'value', column: true }, { source: 'description' }],
});
