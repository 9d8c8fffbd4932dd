import type { LOCALES } from './contracts/users';
import type { CourseStatus, TicketStatus, TicketType, UserType } from './statuses';
import type { TicketPriority } from './helpdesk';

/**
 * Records as the back-office holds them (API.md, Resources): relations already turned into ids,
 * dates as ISO 8601 strings. Only the fields screens use so far.
 */
/** A reference served as a summary (API.md): its name comes with it, nothing to fetch. */
export interface Summary {
  '@id'?: string;
  id: number;
  name: string;
}

export interface ApiRecord {
  id: number;
  createdAt: string;
  updatedAt: string;
}

export interface User extends ApiRecord {
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  type: UserType;
  roles: string[];
  enabled: boolean;
  locale: (typeof LOCALES)[number] | null;
  company: { id: number; name: string } | null;
  accessRights: number[];
  lastConnectionAt: string | null;
}

export interface Course extends ApiRecord {
  title: string;
  description: string | null;
  status: CourseStatus;
  isTemplate: boolean;
  publishedAt: string | null;
}

export interface TicketMessage {
  id: number;
  author: { id: number; name: string } | null;
  body: string;
  createdAt: string;
  /** The ticket's status this message set. */
  status: TicketStatus;
}

export interface Ticket extends ApiRecord {
  type: TicketType;
  subject: string;
  status: TicketStatus;
  /** What the ticket is about; `@id` (JSON-LD) tells a user from a course. */
  parent: Summary | null;
  author: Summary | null;
  messages: TicketMessage[];
  /** "À relancer le": support's follow-up date. */
  followUpAt: string | null;
  assignee: Summary | null;
  /** Whether it has an assignee, even one the session may not read. */
  assigned: boolean;
  priority: TicketPriority;
  firstRepliedAt: string | null;
  /** The response target that runs now (the first reply, then the resolution); none once nothing waits. */
  dueAt: string | null;
}

export interface Note extends ApiRecord {
  content: string;
  author: Summary | null;
  pinned: boolean;
  user: number | null;
  ticket: number | null;
  course: number | null;
}

export interface AccessRight extends ApiRecord {
  code: string;
  label: string;
  description: string | null;
}
