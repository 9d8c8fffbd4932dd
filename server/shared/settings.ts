import type { DatedKind } from '../../src/domain/retention.ts';

/*
 * The shapes of the server's settings, apart from server/config.ts, which reads them from the environment:
 * storage, backup, the outside services and the mail jobs are handed these settings and need to name
 * their types, while config.ts imports the defaults of the folders above them (jobs, live, learning...).
 * Kept here, at the bottom, the types tie nothing into a cycle.
 */

/** A user's write budget (WRITE_BUDGET, WRITE_BUDGET_PER_HOUR), spent by bounds/writeBudgets.ts. */
export interface WriteBudget {
  /** Writes one user may make at once. */
  burst: number;
  /** How many of them come back an hour (at least one). */
  perHour: number;
}

/** Every setting of the server, read once from the environment; README.md lists them all. */
export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  seed: 'demo' | 'none';
  jwtSecret?: string;
  jwtTtl: number;
  refreshTtl: number;
  logLevel: string;
  distDir: string;
  appName: string;
  /** The API the built app calls when it is not the page's own origin (VITE_API_URL): the CSP must allow it. */
  apiUrl?: string;
  /** The back-office's address, for links in e-mails (APP_URL; by default the server's own). */
  appUrl: string;
  smtpUrl?: string;
  /** The bearer token Prometheus scrapes /metrics with; without one, the figures are not served. */
  metricsToken?: string;
  uploadMaxMb: number;
  /**
   * What a course import's archive may unpack to in all (COURSE_IMPORT_MAX_MB); each of its files to at most
   * `uploadMaxMb` (docs/SECURITY.md).
   */
  courseImportMaxMb: number;
  /** Archive imports (courses, XMind maps) one process runs at once (IMPORTS_AT_ONCE); beyond, a 429. */
  importsAtOnce: number;
  /** Uploads without a session (POST /api/public/documents/:context/upload): docs/SECURITY.md. */
  publicUploads: PublicUploadLimits;
  pushover: { token?: string; user?: string; url: string };
  establishmentSearchUrl: string;
  /** The national address base's search (BAN), for the onboarding's address autocomplete. */
  addressSearchUrl: string;
  /**
   * Stripe: the secret key (server calls to `url`), the publishable key (then the browser confirms the card
   * with Stripe.js, loaded from `jsUrl`; without it a test key confirms with test cards).
   */
  stripe: { secretKey?: string; publishableKey?: string; url: string; jsUrl: string };
  /**
   * Outside services replaced by local stand-ins speaking their protocol (server/integrations/standins):
   * in development, each one whose setting is absent; never when NODE_ENV=production unless STAND_INS=1.
   */
  standIns: { establishments: boolean; addresses: boolean; stripe: boolean };
  /** Sign-ups (POST /api/users/register) accepted from one address over an hour. */
  registrationsPerHour: number;
  /** Writes one user may make with their sessions: a burst, refilled at `perHour` (docs/SECURITY.md). */
  writeBudget: WriteBudget;
  /** Where uploaded files live: S3-compatible object storage when S3_BUCKET is set, DATA_DIR/files otherwise. */
  s3?: S3Settings;
  /**
   * On SIGTERM/SIGINT, how long the readiness answer says 503 while requests are still served, so that a
   * load balancer stops sending new ones before the server stops listening.
   */
  shutdownDrainMs: number;
  /**
   * How long a process's claim on a periodic job holds without being renewed (server/jobs/scheduler.ts): a
   * job whose process died is taken again by another this long after its last renewal.
   */
  jobLeaseSeconds: number;
  /** How many days a deleted record stays in the recycle bin before it is erased for good (RECYCLE_BIN_DAYS). */
  recycleBinDays: number;
  /** How many days each kind of personal data the retention job dates is kept (src/domain/retention.ts). */
  retentionDays: Record<DatedKind, number>;
  /**
   * A person's data requests (src/domain/personalData.ts): how many hours an erasure waits before it runs
   * (PERSONAL_DATA_ERASURE_COOL_OFF_HOURS, 0 for the job's next pass) and how many days an export's archive
   * may be downloaded (PERSONAL_DATA_ARCHIVE_DAYS).
   */
  personalData: { coolOffHours: number; archiveDays: number };
  /** Live event streams one user may hold open at once, over every process (LIVE_STREAMS_PER_USER). */
  liveStreamsPerUser: number;
  /** How often the reports' aggregates are refreshed, in seconds (LEARNING_AGGREGATES_SECONDS). */
  learningAggregatesSeconds: number;
  /** How often due dates are looked at for reminders to send (LEARNING_REMINDERS_SECONDS). */
  learningRemindersSeconds: number;
  /**
   * The key of the mails' opt-out links (OPT_OUT_SECRET); by default one derived from the JWT secret, so that
   * changing JWT_SECRET also voids the links already sent (set this to keep them).
   */
  optOutSecret?: string;
}

/** An S3-compatible object store (AWS, MinIO, Ceph, Garage...): one bucket, the files' keys as object keys. */
export interface S3Settings {
  bucket: string;
  /** The service's address; AWS's own, from the region, when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the AWS SDK's usual chain (AWS_* variables, instance role...) applies. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`: what most self-hosted stores need. */
  forcePathStyle: boolean;
}

export interface PublicUploadLimits {
  /** Accepted per client address (an IPv6 /64) over the last 24 hours. */
  perAddressPerDay: number;
  /** Accepted from everyone over the last hour: what bounds the disk a botnet can fill. */
  perHour: number;
  /** Seconds after which an upload that nothing references is deleted, file included. */
  ttl: number;
}

/** Where Stripe serves Stripe.js; STRIPE_JS_URL names another (offline: the stand-in's). */
export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';
