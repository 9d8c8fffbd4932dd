import { screensOf } from '../../custom/crud/screensOf';
import { errorCalls } from '../../domain/contracts';

/**
 * The incident list: one line per failure, its repeats counted (how many, first and last time), with its
 * route, structure and the last person it happened to; the refusals a user can fix are a day's counts,
 * told apart by `expected` (API.md, "Error reports").
 */
export const config = screensOf(errorCalls, {
  fields: [
    { source: 'lastAt', column: true },
    { source: 'status', column: true, filter: true },
    { source: 'method', column: true },
    { source: 'route', column: true },
    { source: 'occurrences', column: true },
    { source: 'company', column: true },
    { source: 'employee', column: true },
    { source: 'firstAt', column: true },
    { source: 'expected', filter: 'alwaysOn' },
    { source: 'endpoint' },
    { source: 'url' },
    { source: 'protocol' },
    { source: 'occurredAt' },
    { source: 'details' },
  ],
  // On a phone: the route (the title), how many times, where and when last, the status as its chip.
  phoneLine: { facts: ['occurrences', 'company', 'lastAt'], status: ['status'] },
});
