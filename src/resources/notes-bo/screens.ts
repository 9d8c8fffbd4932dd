import { screensOf } from '../../custom/crud/screensOf';
import { notesBo } from '../../domain/contracts';

/** The standard screens of notes-bo: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(notesBo, {
  fields: [
    { source: 'content', column: true },
    { source: 'pinned', column: true },
    { source: 'author', column: true },
    { source: 'user', filter: true },
    { source: 'ticket', filter: true },
    { source: 'course', filter: true },
    { source: 'createdAt', column: true },
  ],
});
