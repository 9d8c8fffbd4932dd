import { resolve } from 'node:path';
import type { WriteBudget } from './bounds/writeBudgets.ts';
import { ERASURE_COOL_OFF_DEFAULT_HOURS } from '../src/domain/personalData.ts';
import { AUDIT_RETENTION_FLOOR_DAYS, DATED_KINDS, RETENTION, type DatedKind } from '../src/domain/retention.ts';
import { DEFAULT_JOB_LEASE_SECONDS } from './jobs/scheduler.ts';
import { DEFAULT_IMPORTS_AT_ONCE } from './bounds/importSlots.ts';
import { COURSE_IMPORT_DEFAULT_MAX_MB } from '../src/domain/courseFormat.ts';
import { DEFAULT_LIVE_STREAMS_PER_USER } from './live/streamSlots.ts';
import { LEARNING_AGGREGATES_SECONDS } from './learning/aggregates.ts';
import { DEFAULT_LEARNING_REMINDERS_SECONDS } from './learning/reminders.ts';

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

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, not "${value}".`);
  return parsed;
}

function atLeastOne(value: number, name: string): number {
  if (value < 1) throw new Error(`${name} must be at least 1.`);
  return value;
}

/** Where Stripe serves Stripe.js; STRIPE_JS_URL names another (offline: the stand-in's). */
export const DEFAULT_STRIPE_JS_URL = 'https://js.stripe.com/v3/';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be "demo" or "none", not "${seed}".`);
  return {
    host: env.HOST || '127.0.0.1',
    port: integer(env.PORT, 8080, 'PORT'),
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seed,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtTtl: integer(env.JWT_TTL, 3600, 'JWT_TTL'),
    refreshTtl: integer(env.REFRESH_TTL, 30 * 24 * 3600, 'REFRESH_TTL'),
    logLevel: env.LOG_LEVEL || 'info',
    distDir: resolve(env.DIST_DIR || './dist'),
    appName: env.VITE_APP_NAME || 'lms-backoffice',
    apiUrl: env.VITE_API_URL || undefined,
    appUrl: env.APP_URL || `http://${env.HOST || '127.0.0.1'}:${integer(env.PORT, 8080, 'PORT')}/`,
    smtpUrl: env.SMTP_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    uploadMaxMb: integer(env.UPLOAD_MAX_MB, 50, 'UPLOAD_MAX_MB'),
    courseImportMaxMb: atLeastOne(
      integer(env.COURSE_IMPORT_MAX_MB, COURSE_IMPORT_DEFAULT_MAX_MB, 'COURSE_IMPORT_MAX_MB'),
      'COURSE_IMPORT_MAX_MB',
    ),
    importsAtOnce: atLeastOne(
      integer(env.IMPORTS_AT_ONCE, DEFAULT_IMPORTS_AT_ONCE, 'IMPORTS_AT_ONCE'),
      'IMPORTS_AT_ONCE',
    ),
    publicUploads: {
      perAddressPerDay: integer(env.PUBLIC_UPLOADS_PER_ADDRESS_PER_DAY, 20, 'PUBLIC_UPLOADS_PER_ADDRESS_PER_DAY'),
      perHour: integer(env.PUBLIC_UPLOADS_PER_HOUR, 60, 'PUBLIC_UPLOADS_PER_HOUR'),
      ttl: integer(env.PUBLIC_UPLOAD_TTL, 24 * 3600, 'PUBLIC_UPLOAD_TTL'),
    },
    pushover: {
      token: env.PUSHOVER_TOKEN || undefined,
      user: env.PUSHOVER_USER || undefined,
      url: env.PUSHOVER_URL || 'https://api.pushover.net/1/messages.json',
    },
    establishmentSearchUrl: env.ESTABLISHMENT_SEARCH_URL || 'https://recherche-entreprises.api.gouv.fr/search',
    addressSearchUrl: env.ADDRESS_SEARCH_URL || 'https://api-adresse.data.gouv.fr/search/',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY || undefined,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      url: env.STRIPE_API_URL || 'https://api.stripe.com',
      jsUrl: env.STRIPE_JS_URL || DEFAULT_STRIPE_JS_URL,
    },
    standIns: standInsOf(env),
    registrationsPerHour: integer(env.ONBOARDING_REGISTRATIONS_PER_HOUR, 10, 'ONBOARDING_REGISTRATIONS_PER_HOUR'),
    writeBudget: {
      burst: integer(env.WRITE_BUDGET, 300, 'WRITE_BUDGET'),
      perHour: atLeastOne(integer(env.WRITE_BUDGET_PER_HOUR, 1800, 'WRITE_BUDGET_PER_HOUR'), 'WRITE_BUDGET_PER_HOUR'),
    },
    s3: s3SettingsOf(env),
    shutdownDrainMs: integer(env.SHUTDOWN_DRAIN_MS, 0, 'SHUTDOWN_DRAIN_MS'),
    jobLeaseSeconds: atLeastOne(
      integer(env.JOB_LEASE_SECONDS, DEFAULT_JOB_LEASE_SECONDS, 'JOB_LEASE_SECONDS'),
      'JOB_LEASE_SECONDS',
    ),
    recycleBinDays: atLeastOne(
      integer(env[RETENTION.recycleBin.setting], RETENTION.recycleBin.days, RETENTION.recycleBin.setting),
      RETENTION.recycleBin.setting,
    ),
    retentionDays: Object.fromEntries(
      DATED_KINDS.map((kind) => {
        const { setting, days } = RETENTION[kind];
        const kept = atLeastOne(integer(env[setting], days, setting), setting);
        if (kind === 'audit' && kept < AUDIT_RETENTION_FLOOR_DAYS)
          throw new Error(
            `${setting} must be at least ${AUDIT_RETENTION_FLOOR_DAYS}: the audit log is kept that long.`,
          );
        return [kind, kept];
      }),
    ) as Record<DatedKind, number>,
    personalData: {
      coolOffHours: integer(
        env.PERSONAL_DATA_ERASURE_COOL_OFF_HOURS,
        ERASURE_COOL_OFF_DEFAULT_HOURS,
        'PERSONAL_DATA_ERASURE_COOL_OFF_HOURS',
      ),
      archiveDays: atLeastOne(
        integer(
          env[RETENTION.personalDataArchives.setting],
          RETENTION.personalDataArchives.days,
          RETENTION.personalDataArchives.setting,
        ),
        RETENTION.personalDataArchives.setting,
      ),
    },
    liveStreamsPerUser: atLeastOne(
      integer(env.LIVE_STREAMS_PER_USER, DEFAULT_LIVE_STREAMS_PER_USER, 'LIVE_STREAMS_PER_USER'),
      'LIVE_STREAMS_PER_USER',
    ),
    learningAggregatesSeconds: atLeastOne(
      integer(env.LEARNING_AGGREGATES_SECONDS, LEARNING_AGGREGATES_SECONDS, 'LEARNING_AGGREGATES_SECONDS'),
      'LEARNING_AGGREGATES_SECONDS',
    ),
    learningRemindersSeconds: atLeastOne(
      integer(env.LEARNING_REMINDERS_SECONDS, DEFAULT_LEARNING_REMINDERS_SECONDS, 'LEARNING_REMINDERS_SECONDS'),
      'LEARNING_REMINDERS_SECONDS',
    ),
    optOutSecret: env.OPT_OUT_SECRET || undefined,
  };
}

function flag(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new Error(`${name} must be "1", "0", "true" or "false", not "${value}".`);
}

function s3SettingsOf(env: NodeJS.ProcessEnv): S3Settings | undefined {
  const bucket = env.S3_BUCKET || undefined;
  const named = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter(
    (name) => env[name],
  );
  if (!bucket) {
    // A half-configured store would silently keep files on this machine's disk, where other processes cannot read them.
    if (named.length > 0)
      throw new Error(`${named.join(', ')} set without S3_BUCKET: set S3_BUCKET too, or none of them.`);
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither.');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http:// or https:// address, not "${endpoint}".`);
  return {
    bucket,
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: flag(env.S3_FORCE_PATH_STYLE, endpoint !== undefined, 'S3_FORCE_PATH_STYLE'),
  };
}

function standInsOf(env: NodeJS.ProcessEnv): Config['standIns'] {
  const setting = env.STAND_INS ?? '';
  if (setting !== '' && setting !== '0' && setting !== '1')
    throw new Error(`STAND_INS must be "0" or "1", not "${setting}".`);
  const enabled = setting === '' ? env.NODE_ENV !== 'production' : setting === '1';
  return {
    establishments: enabled && !env.ESTABLISHMENT_SEARCH_URL,
    addresses: enabled && !env.ADDRESS_SEARCH_URL,
    stripe: enabled && !env.STRIPE_SECRET_KEY,
  };
}
