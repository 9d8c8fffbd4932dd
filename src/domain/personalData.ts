/**
 * A person's requests about their personal data (GDPR articles 15, 17 and 20), as a structure's administrator
 * or platform staff file them on the person's behalf: an export of everything that is theirs or about them,
 * or its erasure. Each is tracked until done, against the legal deadline.
 */
export const PERSONAL_DATA_REQUEST_KINDS = ['export', 'erasure'] as const;
export type PersonalDataRequestKind = (typeof PERSONAL_DATA_REQUEST_KINDS)[number];

/**
 * Where a request stands: `scheduled` until it may run (an erasure waits out its cool-off; an export runs at
 * once), `running` while a process works on it (another takes it over if that process dies), `done`,
 * `canceled` (an erasure called off during its cool-off), or `failed` (it stopped for good; the error says why).
 */
export const PERSONAL_DATA_REQUEST_STATUSES = ['scheduled', 'running', 'done', 'canceled', 'failed'] as const;
export type PersonalDataRequestStatus = (typeof PERSONAL_DATA_REQUEST_STATUSES)[number];

/** The statuses of a request still to be carried out: one of each kind at most per person. */
export const OPEN_REQUEST_STATUSES = ['scheduled', 'running'] as const satisfies readonly PersonalDataRequestStatus[];

/** The controller answers within one month of the request (GDPR article 12.3). */
export const LEGAL_DEADLINE_MONTHS = 1;

/**
 * How long an erasure waits before it runs, so that a mistaken or malicious request can be called off: the
 * default, changed by the setting `PERSONAL_DATA_ERASURE_COOL_OFF_HOURS` (0 runs it at the next pass).
 */
export const ERASURE_COOL_OFF_DEFAULT_HOURS = 72;

/** How long an export's archive may be downloaded before it is removed from the store. */
export const EXPORT_ARCHIVE_DEFAULT_DAYS = 7;

/** What an erased person is called wherever their name is shown: their messages, their comments, the journal. */
export const ERASED_PERSON = { firstName: 'Utilisateur', lastName: 'supprimé' } as const;

/** The address an erased person's account keeps: unique, and in a domain that can never receive mail. */
export const erasedAddress = (userId: number) => `utilisateur-supprime-${userId}@anonyme.invalid`;

/** How many attempts a request gets before it fails for good (a process dying counts as one). */
export const REQUEST_MAX_ATTEMPTS = 5;

/** The version of an archive's layout (docs/API.md, "Personal data"), in its manifest. */
export const PERSONAL_DATA_ARCHIVE_VERSION = 1;

/** A request as `GET /api/personal-data-requests` answers it. */
export interface PersonalDataRequest {
  id: number;
  user: number;
  kind: PersonalDataRequestKind;
  status: PersonalDataRequestStatus;
  requestedBy: { id: number; name: string } | null;
  requestedAt: string;
  dueAt: string;
  runAfter: string;
  completedAt: string | null;
  error?: string | null;
  archive?: { size: number; expiresAt: string } | null;
  summary?: { kinds: Record<string, number>; files: number; missingFiles: number } | null;
}
