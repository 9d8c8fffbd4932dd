/** The enumerated values of API.md's resources, in the order screens offer them: their contracts say them. */
import { COURSE_STATUSES } from './contracts/courses';
import { TICKET_STATUSES, TICKET_TYPE, TICKET_TYPES } from './contracts/tickets';
import { USER_TYPES } from './contracts/users';

export { COURSE_STATUSES, TICKET_STATUSES, TICKET_TYPE, TICKET_TYPES, USER_TYPES };
export type UserType = (typeof USER_TYPES)[number];
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export type TicketType = (typeof TICKET_TYPES)[number];
export type TicketStatus = (typeof TICKET_STATUSES)[number];
