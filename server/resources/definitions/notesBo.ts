import { notesBo } from '../../../src/domain/contracts/notesBo.ts';
import { declareResource } from '../declare.ts';

export const notesBoDeclaration = declareResource(notesBo, {
  table: 'notes',
  constraints: {
    notes_one_target: { field: 'user', message: 'A note targets exactly one user, ticket or course.' },
  },
});
