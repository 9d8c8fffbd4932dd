/** The enumerated values of API.md's resources, in the order screens offer them. */
export const USER_TYPES = ['admin', 'contributor'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** Ticket types are numbers on the wire: 1 bug, 2 support. */
export const TICKET_TYPES = [1, 2] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const TICKET_TYPE = { bug: 1, support: 2 } as const satisfies Record<string, TicketType>;

export const TICKET_STATUSES = ['created', 'treated', 'canceled', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
