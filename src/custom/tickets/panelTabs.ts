/** The ticket panel's sub-tabs, one chunk loaded with the first ticket opened. */
export { TicketInfosTab } from './TicketInfosTab';
export { TicketAgendaTab } from './TicketAgendaTab';
export { TicketNotesTab } from './TicketNotesTab';
export { TicketNotificationsTab } from './TicketNotificationsTab';
