/**
 * Bounds of the values hand-written routes take outside any resource's fields (queries, lookups, live
 * streams): each written once here, read by the route's schema and, where one asks, by the screen.
 */

/** The longest free text a lookup takes in its query (an address, an establishment): longer is a 400. */
export const LOOKUP_QUERY_MAX_LENGTH = 1000;
/** What of an address lookup's text the address service is asked about. */
export const ADDRESS_QUERY_USED_LENGTH = 200;
/** What of an establishment lookup's text the company directory is asked about. */
export const ESTABLISHMENT_QUERY_USED_LENGTH = 100;
/** A relation named in a body or a query: an IRI or an id. */
export const REFERENCE_MAX_LENGTH = 100;
/** A registration's invitation: the structure's encoded id and the invitation's key. */
export const INVITATION_COMPANY_MAX_LENGTH = 100;
export const INVITATION_KEY_MAX_LENGTH = 200;
/** A mail's signed opt-out token. */
export const OPT_OUT_TOKEN_MAX_LENGTH = 200;
/** The live stream's query: the tickets followed (comma-separated ids) and the last event seen. */
export const LIVE_TICKETS_MAX_LENGTH = 4096;
export const LIVE_EVENT_ID_MAX_LENGTH = 20;
/** A name a saved view or a notification template's preview gives: a field of a list, a template code. */
export const FIELD_NAME_MAX_LENGTH = 100;
