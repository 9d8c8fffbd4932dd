import { usedVariables } from './templateVariables';

/**
 * The support desk's rules beyond a ticket's own fields: its priorities and the response targets they set,
 * the built-in views of the ticket list, and the variables of canned replies. The server derives its SQL from
 * them (the due dates, the views' conditions), the back-office its menus and badges.
 */

/** From the least to the most urgent: a ticket without one is `normal`. */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'normal';

/**
 * Macros: a canned reply may set its ticket's follow-up date this many days after the reply is sent, from 1 to
 * `MACRO_FOLLOW_UP_MAX_DAYS` (the SQL check of migration 0042 says the same).
 */
export const MACRO_FOLLOW_UP_MAX_DAYS = 365;

/** How a ticket notification's delivery ended; the ticket_notifications CHECK is derived from it. */
export const DELIVERY_STATUSES = ['sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The longest ticket message (a reply, a first message): longer is a 422 on `message`. */
export const TICKET_MESSAGE_MAX_LENGTH = 20_000;

/** The status of a ticket that waits for support: its targets run only while it has it. */
export const OPEN_TICKET_STATUS = 'created';

/**
 * The two response targets: the first reply (a message by someone other than the ticket's author) and the
 * resolution (the ticket leaves `created`). Counted in calendar hours from the ticket's opening.
 */
export const RESPONSE_TARGET_KINDS = ['first_reply', 'resolution'] as const;
export type ResponseTargetKind = (typeof RESPONSE_TARGET_KINDS)[number];

/** Used when the system configuration has no valid number of hours for a kind and priority. */
export const DEFAULT_RESPONSE_TARGET_HOURS: Readonly<Record<ResponseTargetKind, Record<TicketPriority, number>>> = {
  first_reply: { low: 48, normal: 24, high: 8, urgent: 2 },
  resolution: { low: 240, normal: 120, high: 48, urgent: 8 },
};

/** The system configuration key holding a target, in hours (`tickets.first_reply_hours.urgent`). */
export const responseTargetKey = (kind: ResponseTargetKind, priority: TicketPriority) =>
  `tickets.${kind}_hours.${priority}`;

/** The ticket list's built-in views, in the menu's order. */
export const TICKET_VIEWS = ['mine', 'unassigned', 'overdue', 'all'] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];

/** `GET /api/tickets/views`: each view's count, and the open tickets (`OPEN_TICKET_STATUS`) by priority. */
export type TicketViewCounts = Record<TicketView, number> & { open: Record<TicketPriority, number> };

/** The `{{variables}}` a canned reply may use, filled from the ticket it answers and the agent sending it. */
export const CANNED_REPLY_VARIABLES = [
  'authorFirstName',
  'authorLastName',
  'authorName',
  'ticketSubject',
  'agentFirstName',
  'agentName',
] as const;
export type CannedReplyVariable = (typeof CANNED_REPLY_VARIABLES)[number];

/** What a canned reply's text names that canned replies do not offer. */
export function unknownCannedReplyVariables(text: string): string[] {
  const known = new Set<string>(CANNED_REPLY_VARIABLES);
  return usedVariables(text).filter((name) => !known.has(name));
}

/** A canned reply's shortcut: what follows the `/` typed in the reply box. */
export const CANNED_REPLY_SHORTCUT = /^[a-z0-9][a-z0-9_-]*$/;
