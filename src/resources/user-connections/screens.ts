import { screensOf } from '../../custom/crud/screensOf';
import { userConnections } from '../../domain/contracts';

/** The standard screens of user-connections: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(userConnections, {
  fields: [
    { source: 'user', column: true, filter: 'alwaysOn' },
    { source: 'connectedAt', column: true },
    { source: 'success', column: true },
    { source: 'ip', column: true },
    { source: 'userAgent' },
  ],
});
