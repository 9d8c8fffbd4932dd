import { roleNeeded, rightsOf } from './rights';
import { hasRole, ROLES, type Role } from './roles';
import { isPlatformStaff } from './tenancy';

/**
 * Mentions in a ticket's internal notes ("@Claire Moreau"): the note's text stays plain text, and the note
 * carries beside it the list of the mentioned users' ids (`mentions`), chosen from the picker. The server
 * reads the list, never the text, so a name typed twice or a namesake can never notify the wrong person.
 * Each mentioned user gets a notification in the app (the bell) and an e-mail.
 */

/** The users a note may mention at once. */
export const MENTIONS_PER_NOTE = 10;
/** The mention e-mails one user receives in a window; beyond, the bell still shows them. */
export const MENTION_MAILS_PER_RECIPIENT = 20;
export const MENTION_MAILS_WINDOW_SECONDS = 3600;
/** How much of a note the bell's list and the e-mail show, in characters. */
export const MENTION_EXCERPT_LENGTH = 160;
/** The notifications the bell lists at once, newest first. */
export const MENTIONS_LISTED = 30;
/** The candidates the picker offers at once. */
export const MENTION_CANDIDATES = 8;

/**
 * Who may be mentioned on a ticket: whoever reads its internal notes (the rights table's reading of
 * `notes-bo`), of the ticket's structure or platform staff, except the ticket's author, whom notes never reach.
 */
export const MENTIONABLE_ROLES: readonly Role[] = ROLES.filter((role) =>
  hasRole([role], roleNeeded(rightsOf('notes-bo'), 'get')),
);

export const mayBeMentioned = (roles: readonly string[]): boolean =>
  roles.some((role) => (MENTIONABLE_ROLES as readonly string[]).includes(role));

/** Platform staff's roles, as the candidates' SQL reads them. */
export const PLATFORM_STAFF_ROLES: readonly Role[] = ROLES.filter((role) => isPlatformStaff([role]));

/** A mention as the bell lists it. */
export interface MentionNotification {
  id: number;
  ticket: { id: number; subject: string };
  note: number;
  author: { id: number; name: string } | null;
  excerpt: string;
  createdAt: string;
  readAt: string | null;
}

export interface MentionInbox {
  unread: number;
  items: MentionNotification[];
}

/** A colleague the picker offers. */
export interface MentionCandidate {
  id: number;
  name: string;
}

/** The start of a note, on one line, for the bell and the e-mail. */
export function mentionExcerpt(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= MENTION_EXCERPT_LENGTH ? line : `${line.slice(0, MENTION_EXCERPT_LENGTH - 1)}…`;
}
