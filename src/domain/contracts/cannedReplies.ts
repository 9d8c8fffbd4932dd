import { MACRO_FOLLOW_UP_MAX_DAYS, TICKET_PRIORITIES } from '../helpdesk';
import { rightsOf } from '../rights';
import { TICKET_STATUSES } from './tickets';
import { defineContract } from './types';

/** "Réponses types": a structure's reply texts, with `{{variables}}` filled from the ticket they answer. */
export const cannedReplies = defineContract({
  name: 'canned-replies',
  type: 'CannedReply',
  description:
    "A structure's reply text, found by its shortcut after a `/` in the reply box; its `{{variables}}` (src/domain/helpdesk.ts) are filled from the ticket and the agent. A macro also sets the ticket's status, priority, assignee or follow-up date when sent.",
  fields: {
    title: { kind: 'string', maxLength: 150, required: true },
    // Lower-case letters, digits, "-" and "_": what follows the `/` typed in a reply.
    shortcut: { kind: 'string', maxLength: 40, required: true },
    body: { kind: 'text', required: true },
    // A macro: what sending it also sets on the ticket, each optional (none: the text alone).
    status: { kind: 'enum', values: TICKET_STATUSES },
    priority: { kind: 'enum', values: TICKET_PRIORITIES },
    // A staff member of the reply's structure (or platform staff), as a ticket's assignee.
    assignee: { kind: 'relation', target: 'users' },
    // The ticket's follow-up date: this many days after the reply is sent.
    followUpDays: { kind: 'integer', min: 1, max: MACRO_FOLLOW_UP_MAX_DAYS },
  },
  filters: ['shortcut'],
  search: true,
  order: ['title', 'shortcut', 'updatedAt'],
  defaultOrder: [['title', 'asc']],
  rights: rightsOf('canned-replies'),
});
