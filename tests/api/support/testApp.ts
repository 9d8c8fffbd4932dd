import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOptions } from '../../../server/app.ts';
import type { TokenService } from '../../../server/auth/jwt.ts';
import { loadConfig, type Config } from '../../../server/config.ts';
import { openPglite, openPostgres, type Database } from '../../../server/db/database.ts';
import { APP_ROLE, PLATFORM } from '../../../server/db/scope.ts';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo.ts';
import type { ResourceEngine } from '../../../server/resources/engine.ts';
import type { FileStorage } from '../../../server/storage/fileStorage.ts';
import { DATA_FOLDER, PGLITE_FOLDER } from './template.ts';

/** The fixed signing secret of every test app: tests may sign their own (expired, forged) tokens with it. */
export const JWT_SECRET = 'api-tests-secret-that-is-long-enough-for-hs256';

/**
 * The API and security suites write as a few personas far faster than a person (the fuzzing alone sends
 * thousands of writes as one): their apps get a budget no suite reaches, unless a test sets its own.
 * tests/security/writeBudget.test.ts proves the default one.
 */
export const TEST_WRITE_BUDGET = { burst: 1_000_000, perHour: 3_600_000 };

export type Persona = 'superadmin' | 'admin' | 'contributor';
export const PERSONAS: readonly Persona[] = ['contributor', 'admin', 'superadmin'];

/** The role each persona's demo account holds (its highest). */
export const PERSONA_ROLE: Record<Persona, 'ROLE_SUPER_ADMIN' | 'ROLE_ADMIN' | 'ROLE_USER'> = {
  superadmin: 'ROLE_SUPER_ADMIN',
  admin: 'ROLE_ADMIN',
  contributor: 'ROLE_USER',
};

export interface DemoUser {
  id: number;
  email: string;
  roles: string[];
  company: number | null;
  /** Its session version when the test app started: the version the personas' tokens are signed with. */
  sessionVersion: number;
}

export interface RequestOptions {
  /** Signs the request in as one of the seeded demo accounts (none when null or absent). */
  as?: Persona | null;
  /** An explicit bearer token (forged, expired...), instead of `as`. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is (malformed JSON...), with `contentType` (application/json by default). */
  rawBody?: string;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  // Answers are checked field by field against the contract; `any` keeps those checks short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

/** A server process as the tests see it: an app answering requests. */
export interface TestProcess {
  app: FastifyInstance;
  request(method: string, url: string, options?: RequestOptions): Promise<TestResponse>;
}

export interface TestApp extends TestProcess {
  app: FastifyInstance;
  /** The app's database on the platform's scope (every structure's rows), for the tests' own reads and writes. */
  db: Database;
  /** The app's own database, as the server holds it: unscoped (a statement outside a request's scope sees no structure's rows). */
  appDb: Database;
  kind: Database['kind'];
  config: Config;
  /** The server's DATA_DIR of this app (files, outbox), a private copy of the template's. */
  dataDir: string;
  tokens: TokenService;
  engine: ResourceEngine;
  /** The app's file store (DATA_DIR/files, or the object store its config names). */
  files: FileStorage;
  /** Starts the app's graceful stop (its readiness turns 503). */
  drain(): void;
  users: Record<Persona, DemoUser>;
  tokenFor(persona: Persona): Promise<string>;
  /**
   * Another server process over the same database: an app of its own, with its own memory (caches, timers,
   * listeners) and, on PostgreSQL, its own connections; what it shares with this one is what two real
   * processes share. Closed with this app.
   */
  anotherProcess(): Promise<TestProcess>;
  close(): Promise<void>;
}

export async function copyPostgresTemplate(adminUrl: string, template: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two files copying the template at the same instant may be told it "is being accessed": try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface TestAppOptions extends AppOptions {
  /** Settings that replace the defaults (data folder and JWT secret stay the test app's). */
  config?: Partial<Config>;
  /** Run on the app's database before the app is built (a test's own migration). */
  prepare?: (db: Database) => Promise<void>;
}

/**
 * An app of its own for one test file: a private copy of the seeded template database (and of its
 * data folder), the Fastify app built in-process (requests go through `app.inject`), and helpers.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { config: overrides, prepare, ...appOptions } = options;
  const template = inject('testDatabase');
  if (!template) throw new Error('The API tests need tests/api/globalSetup.ts (vite.config.ts test.globalSetup).');
  const dir = await mkdtemp(join(tmpdir(), 'api-test-'));
  const dataDir = join(dir, DATA_FOLDER);
  await cp(join(template.root, DATA_FOLDER), dataDir, { recursive: true });

  let db: Database;
  let dropDatabase = async () => {};
  // PGlite is one instance in this process: another app shares it (and its close stays this app's).
  let openAgain = async (): Promise<{ db: Database; close(): Promise<void> }> => ({ db: appDb, close: async () => {} });
  if (template.kind === 'postgresql') {
    const name = `api_${process.pid}_${randomBytes(4).toString('hex')}`;
    const adminUrl = `${template.baseUrl}/postgres`;
    await copyPostgresTemplate(adminUrl, template.template, name);
    db = await openPostgres(`${template.baseUrl}/${name}`, 4);
    dropDatabase = () => dropPostgresDatabase(adminUrl, name);
    openAgain = async () => {
      const own = await openPostgres(`${template.baseUrl}/${name}`, 4);
      await own.useRole(APP_ROLE);
      return { db: own, close: () => own.close() };
    };
  } else {
    const pgliteDir = join(dir, PGLITE_FOLDER);
    await cp(join(template.root, PGLITE_FOLDER), pgliteDir, { recursive: true });
    db = await openPglite(pgliteDir);
  }

  const config: Config = {
    ...loadConfig({}),
    writeBudget: TEST_WRITE_BUDGET,
    ...overrides,
    dataDir,
    databaseUrl: undefined,
    seed: 'none',
    jwtSecret: JWT_SECRET,
  };
  await prepare?.(db);
  await db.useRole(APP_ROLE);
  const { app, tokens, engine, files, drain } = await buildApp(config, db, {
    // A response schema that would drop or change a field of an answer fails the test that asked for it.
    faithfulAnswers: true,
    ...appOptions,
    serveApp: appOptions.serveApp ?? false,
  });
  await app.ready();
  // The app's own database; `db` becomes its view on the platform's scope.
  const appDb = db;
  db = db.scoped(PLATFORM);

  const users = {} as Record<Persona, DemoUser>;
  for (const persona of PERSONAS) {
    const account = DEMO_ACCOUNTS.find((candidate) =>
      (candidate.roles as readonly string[]).includes(PERSONA_ROLE[persona]),
    );
    if (!account) throw new Error(`No demo account has ${PERSONA_ROLE[persona]}.`);
    const [row] = await db.query<{
      id: number;
      email: string;
      roles: string[];
      company_id: number | null;
      session_version: number;
    }>('SELECT id, email, roles, company_id, session_version FROM users WHERE email = $1', [account.email]);
    if (!row) throw new Error(`The demo account ${account.email} is not seeded.`);
    users[persona] = {
      id: row.id,
      email: row.email,
      roles: row.roles,
      company: row.company_id,
      sessionVersion: row.session_version,
    };
  }

  // A persona signs in again whenever its session version moved (a test changed its rights): a token of
  // the version it was issued at would be refused, as it should.
  const tokenCache = new Map<string, Promise<string>>();
  const tokenFor = async (persona: Persona) => {
    const user = users[persona];
    const [row] = await db.query<{ session_version: number }>('SELECT session_version FROM users WHERE id = $1', [
      user.id,
    ]);
    const version = Number(row?.session_version ?? user.sessionVersion);
    const key = `${persona}:${version}`;
    let token = tokenCache.get(key);
    if (!token) {
      token = tokens.sign({
        role: user.roles.filter((role) => role !== 'ROLE_FIRST_CONNECT'),
        company: user.company,
        employeeId: user.id,
        username: user.email,
        sid: randomUUID(),
        scope: 'full',
        sv: version,
      });
      tokenCache.set(key, token);
    }
    return token;
  };

  const request = (method: string, url: string, options: RequestOptions = {}) => requestTo(app, method, url, options);

  async function requestTo(
    target: FastifyInstance,
    method: string,
    url: string,
    options: RequestOptions = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { accept: options.accept ?? 'application/ld+json', ...options.headers };
    const token = options.token ?? (options.as ? await tokenFor(options.as) : undefined);
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
    const response = await target.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    let json: unknown = undefined;
    if (response.body !== '') {
      try {
        json = JSON.parse(response.body);
      } catch {
        json = undefined;
      }
    }
    return { status: response.statusCode, json, headers: response.headers, body: response.body };
  }

  const others: (() => Promise<void>)[] = [];
  async function anotherProcess(): Promise<TestProcess> {
    const own = await openAgain();
    const other = await buildApp(config, own.db, {
      faithfulAnswers: true,
      ...appOptions,
      serveApp: appOptions.serveApp ?? false,
    });
    await other.app.ready();
    others.push(async () => {
      await other.app.close();
      await own.close();
    });
    return { app: other.app, request: (method, url, options) => requestTo(other.app, method, url, options) };
  }

  let closed = false;
  async function close() {
    if (closed) return;
    closed = true;
    try {
      for (const closeOther of others) await closeOther();
      await app.close();
      await appDb.close();
      await dropDatabase();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  return {
    app,
    db,
    appDb,
    kind: db.kind,
    config,
    dataDir,
    tokens,
    engine,
    files,
    drain,
    users,
    tokenFor,
    request,
    anotherProcess,
    close,
  };
}
