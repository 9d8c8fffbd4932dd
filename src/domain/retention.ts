import { EXPORT_ARCHIVE_DEFAULT_DAYS } from './personalData';
import { RECYCLE_BIN_DEFAULT_DAYS } from './recycleBin';

/**
 * How long each kind of personal data is kept, and which periodic job expires it (docs/SECURITY.md,
 * "Retention"). `days` is the default, changed by the environment variable `setting`; `null`: the row
 * expires as soon as it lapses (a presence, a live event), with no setting. The durations follow the CNIL's
 * guidance for a back-office: connection logs one year, technical error reports three months, the audit
 * trail long enough to answer for a change (three years).
 */
export interface RetentionRule {
  /** What is kept, in a data protection officer's words. */
  what: string;
  days: number | null;
  setting?: string;
  /** The periodic job (server/jobs/scheduler.ts) that expires it, once across the processes. */
  job: string;
}

/**
 * The least the audit log may be kept, whatever the configuration says: the database refuses to expire
 * younger entries (migration 0056), so no call of the server shortens the trail below it.
 */
export const AUDIT_RETENTION_FLOOR_DAYS = 180;

/** The job that expires what this table dates, every kind its own batch. */
export const RETENTION_JOB = 'retention-expiry';

export const RETENTION = {
  connections: {
    what: 'Sign-ins of each user: when, from which address and browser, whether they succeeded.',
    days: 365,
    setting: 'RETENTION_CONNECTIONS_DAYS',
    job: RETENTION_JOB,
  },
  errorCalls: {
    what: 'Error reports of the back-office: the screen, the call that failed, the structure and user.',
    days: 90,
    setting: 'RETENTION_ERROR_CALLS_DAYS',
    job: RETENTION_JOB,
  },
  sentMails: {
    what: 'The record of each notification mailed about a ticket: to whom, which template, sent or failed.',
    days: 365,
    setting: 'RETENTION_SENT_MAILS_DAYS',
    job: RETENTION_JOB,
  },
  mentions: {
    what: 'Mentions of a user in ticket notes, read or not.',
    days: 365,
    setting: 'RETENTION_MENTIONS_DAYS',
    job: RETENTION_JOB,
  },
  audit: {
    what: 'The audit log: who changed what and when, each field before and after; a record’s revisions are its entries.',
    days: 3 * 365,
    setting: 'RETENTION_AUDIT_DAYS',
    job: RETENTION_JOB,
  },
  recycleBin: {
    what: 'Deleted records in the recycle bin, with their files, restorable until then.',
    days: RECYCLE_BIN_DEFAULT_DAYS,
    setting: 'RECYCLE_BIN_DAYS',
    job: 'recycle-bin-purge',
  },
  personalDataArchives: {
    what: 'The archive of a person’s data made on their request, until it is downloaded.',
    days: EXPORT_ARCHIVE_DEFAULT_DAYS,
    setting: 'PERSONAL_DATA_ARCHIVE_DAYS',
    job: 'personal-data-requests',
  },
  presence: {
    what: 'Who has a ticket open or is typing on it.',
    days: null,
    job: 'expired-rows-sweep',
  },
  liveEvents: {
    what: 'The live events sent to open screens (a ticket’s new message, a mention).',
    days: null,
    job: 'live-events-prune',
  },
} as const satisfies Record<string, RetentionRule>;

export type RetainedKind = keyof typeof RETENTION;

/** The kinds the retention job dates itself, with a number of days a setting may change. */
export const DATED_KINDS = (Object.keys(RETENTION) as RetainedKind[]).filter(
  (kind) => RETENTION[kind].job === RETENTION_JOB,
) as Exclude<RetainedKind, 'recycleBin' | 'personalDataArchives' | 'presence' | 'liveEvents'>[];

export type DatedKind = (typeof DATED_KINDS)[number];
