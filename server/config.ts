import { resolve } from 'node:path';
import { ERASURE_COOL_OFF_DEFAULT_HOURS } from '../src/domain/personalData.ts';
import { AUDIT_RETENTION_FLOOR_DAYS, DATED_KINDS, RETENTION, type DatedKind } from '../src/domain/retention.ts';
import { DEFAULT_JOB_LEASE_SECONDS } from './jobs/scheduler.ts';
import { DEFAULT_IMPORTS_AT_ONCE } from './bounds/importSlots.ts';
import { COURSE_IMPORT_DEFAULT_MAX_MB } from '../src/domain/courseFormat.ts';
import { DEFAULT_LIVE_STREAMS_PER_USER } from './live/streamSlots.ts';
import { DEFAULT_STRIPE_JS_URL, type Config, type S3Settings } from './shared/settings.ts';
import { LEARNING_AGGREGATES_SECONDS } from './learning/aggregates.ts';
import { DEFAULT_LEARNING_REMINDERS_SECONDS } from './learning/reminders.ts';

// The settings' shapes live in shared/ so that the folders below the app can name them; whoever loads the
// settings gets their type from here as well.
export type { Config, PublicUploadLimits, S3Settings } from './shared/settings.ts';

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
