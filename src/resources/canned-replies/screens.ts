import { screensOf } from '../../custom/crud/screensOf';
import { cannedReplies } from '../../domain/contracts';
import { CannedReplyBodyEditor } from '../../custom/tickets/CannedReplyBodyEditor';

/** The standard screens of canned-replies: its fields as the API serves them (API.md, Resources). */
export const config = screensOf(cannedReplies, {
  fields: [
    { source: 'title', column: true },
    { source: 'shortcut', column: true, filter: true },
    // The variables a canned reply may use, inserted at the cursor.
    { source: 'body', editor: CannedReplyBodyEditor },
    // A macro: what sending it also sets on the ticket, each optional.
    { source: 'status', choiceGroup: 'ticketStatus' },
    { source: 'priority', choiceGroup: 'ticketPriority' },
    { source: 'assignee' },
    { source: 'followUpDays' },
    { source: 'updatedAt', column: true },
  ],
  // A delete is for good (no recycle bin for them): asked first.
  confirmDelete: true,
});
