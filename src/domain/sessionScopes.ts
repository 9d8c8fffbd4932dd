/**
 * A session's step: `full` has the user's roles; `code` (after a reset request or a first login) may only
 * check or resend the e-mailed code; `password` (after a good code) may only set a new password. The
 * refresh tokens' `scope` CHECK is derived from this list.
 */
export const SESSION_SCOPES = ['full', 'code', 'password'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];
