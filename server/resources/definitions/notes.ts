import { notes } from '../../../src/domain/contracts/notes.ts';
import { declareResource } from '../declare.ts';

export const notesDeclaration = declareResource(notes, {
  table: 'notes',
  constraints: {
    notes_one_target: { field: 'user', message: 'A note targets exactly one user, ticket or course.' },
  },
});
