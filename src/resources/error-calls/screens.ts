import { screensOf } from '../../custom/crud/screensOf';
import { errorCalls } from '../../domain/contracts';

/** The standard screens of error-calls: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(errorCalls, {
  fields: [
    { source: 'status', column: true, filter: true },
    { source: 'endpoint', column: true },
    { source: 'url' },
    { source: 'protocol' },
    { source: 'occurredAt', column: true },
    { source: 'company' },
    { source: 'employee' },
    { source: 'details' },
    { source: 'createdAt' },
  ],
});
