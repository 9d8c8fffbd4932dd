import { rightsOf } from '../rights';
import { defineContract } from './types';

/** "Réponses types": a structure's reply texts, with `{{variables}}` filled from the ticket they answer. */
export const cannedReplies = defineContract({
  name: 'canned-replies',
  type: 'CannedReply',
  description:
    "A structure's reply text, found by its shortcut after a `/` in the reply box; its `{{variables}}` (src/domain/helpdesk.ts) are filled from the ticket and the agent.",
  fields: {
    title: { kind: 'string', maxLength: 150, required: true },
    // Lower-case letters, digits, "-" and "_": what follows the `/` typed in a reply.
    shortcut: { kind: 'string', maxLength: 40, required: true },
    body: { kind: 'text', required: true },
  },
  filters: ['shortcut'],
  search: true,
  order: ['title', 'shortcut', 'updatedAt'],
  defaultOrder: [['title', 'asc']],
  rights: rightsOf('canned-replies'),
});
