import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { currentScope, runInScope, scopeSettingSql, setScopeKey, withinScope, type Scope } from './scope.ts';
import { prepareScope, ScopedQuery } from './scopedQuery.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** What the server needs of PostgreSQL, whether embedded (PGlite) or a real server (node-postgres). */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Statements run as the application's role (`useRole`), inside the caller's scope (server/db/scope.ts): a
 * query or transaction opened within `runInScope` runs in a transaction that sets that scope first, which
 * row-level security reads; one opened outside any scope sees no structure's rows.
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgresql';
  /**
   * Runs several statements separated by semicolons, without parameters, as the tables' owner: migrations,
   * maintenance (VACUUM), tests' own schema. Never for a request's data.
   */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** From now on, statements (but `exec`) run as `role`, which must neither own the tables nor bypass row-level security. */
  useRole(role: string): Promise<void>;
  /** The same database with every statement in `scope`, whatever the caller's: explicit work of the platform, tests. */
  scoped(scope: Scope): Database;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any connection or server process.
   * `onGap` is called when notifications may have been missed (the listening connection was lost), so
   * that whatever they keep up to date is dropped. Answers the function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>>;
  /**
   * Resolves once every notification committed before the call has reached this process's listeners (at
   * once when nothing listens): a writer's next call then sees what its own write notified.
   */
  heard(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's figures (PostgreSQL; PGlite is one connection and has none). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * Statement texts given a name and kept prepared, at most MAX_PREPARED of them: the engine's texts are few
 * (one per resource, format, filter set and order), but a text can carry a session's user id (ownership
 * conditions) or a page size, so without a bound a long-running server would keep preparing new ones.
 * The first texts seen are the hot ones; later ones simply run unprepared.
 */
const MAX_PREPARED = 500;

class PreparedNames {
  private readonly names = new Map<string, string>();

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (!name && this.names.size < MAX_PREPARED) {
      name = `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
      this.names.set(text, name);
    }
    return name;
  }

  forget(text: string): void {
    this.names.delete(text);
  }
}

/** A parameter as the text PostgreSQL would read from the wire, or undefined when it has no plain text form. */
function parameterText(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) {
    const items = value.map(parameterText);
    if (items.some((item) => item === undefined)) return undefined;
    return `{${items.map((item) => (item === null ? 'NULL' : `"${item!.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
  }
  return undefined;
}

const quoted = (text: string | null) => (text === null ? 'NULL' : `'${text.replace(/'/g, "''")}'`);

/** Texts worth preparing: parameterised ones, and single queries (a list page may have no parameter). */
const preparable = (text: string, values: readonly unknown[] | undefined) =>
  (values !== undefined && values.length > 0) || /^\s*(SELECT|WITH)\b/i.test(text);

// Parameter types whose JSON or binary values have no plain text form here: those statements run unprepared.
const UNPREPARED_TYPES = new Set(['json', 'jsonb', 'bytea']);

/** A statement's executor: the embedded database itself, or one of its transactions. */
type PgliteExecutor = Pick<PGlite, 'query' | 'exec'>;

const quotedIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The view of a database through one scope: its statements reach its rows, whoever calls (who, for the audit log, is the caller). */
function scopedView(db: Database, scope: Scope): Database {
  return {
    kind: db.kind,
    query: (sql, params) => runInScope(withinScope(scope), () => db.query(sql, params)),
    transaction: (work) => runInScope(withinScope(scope), () => db.transaction(work)),
    exec: (sql) => db.exec(sql),
    useRole: (role) => db.useRole(role),
    scoped: (other) => scopedView(db, other),
    listen: (channel, onNotify, onGap) => db.listen(channel, onNotify, onGap),
    heard: () => db.heard(),
    close: () => db.close(),
    poolStats: db.poolStats ? () => db.poolStats!() : undefined,
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm, unaccent } });
  // PGlite's query API always parses and plans anew (an unnamed statement), and planning in WebAssembly
  // costs as much as running a list page: so statements are PREPAREd once and EXECUTEd, their parameters
  // passed as quoted text, which PostgreSQL reads with the prepared parameter types.
  const preparedNames = new PreparedNames();
  const parameterTypes = new Map<string, Promise<string[] | undefined>>();
  /** The texts whose PREPARE is under way outside any transaction (it waits for the database to be free). */
  const preparingOutside = new Set<string>();
  let role: string | undefined;

  /**
   * Prepares a text once (a prepared statement outlives the transaction that made it). Inside a
   * transaction a refusal must not abort it: the PREPARE then runs under a savepoint.
   */
  function prepare(
    executor: PgliteExecutor,
    inTransaction: boolean,
    name: string,
    sql: string,
  ): Promise<string[] | undefined> {
    // A transaction holds the embedded database: a PREPARE of the same text begun outside it, by a
    // concurrent request, waits for this transaction to end, and waiting for it here would never end.
    if (inTransaction && preparingOutside.has(name)) return Promise.resolve(undefined);
    let types = parameterTypes.get(name);
    if (!types) {
      types = (async () => {
        try {
          if (inTransaction) await executor.exec('SAVEPOINT prepare_statement');
          await executor.exec(`PREPARE "${name}" AS ${sql}`);
          if (inTransaction) await executor.exec('RELEASE SAVEPOINT prepare_statement');
        } catch {
          if (inTransaction) await executor.exec('ROLLBACK TO SAVEPOINT prepare_statement');
          // A text PostgreSQL refuses to prepare is run as it was given, and refused with the error expected.
          preparedNames.forget(sql);
          parameterTypes.delete(name);
          return undefined;
        }
        const [row] = (
          await executor.query<{ types: string[] }>(
            'SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1',
            [name],
          )
        ).rows;
        return row.types;
      })();
      parameterTypes.set(name, types);
      if (!inTransaction) {
        preparingOutside.add(name);
        const done = () => void preparingOutside.delete(name);
        types.then(done, done);
      }
    }
    return types;
  }

  /** The EXECUTE of a prepared text with these parameters, or undefined when it is better run as it is. */
  async function executeText(
    executor: PgliteExecutor,
    inTransaction: boolean,
    sql: string,
    params: readonly unknown[],
  ): Promise<string | undefined> {
    const name = preparedNames.nameOf(sql);
    if (!name) return undefined;
    const types = await prepare(executor, inTransaction, name, sql);
    if (!types || types.some((type) => UNPREPARED_TYPES.has(type))) return undefined;
    const texts: (string | null)[] = [];
    for (const [index, value] of params.entries()) {
      if (Array.isArray(value) && !types[index]?.endsWith('[]')) return undefined;
      const text = parameterText(value);
      if (text === undefined) return undefined;
      texts.push(text);
    }
    const args = texts.length > 0 ? `(${texts.map(quoted).join(', ')})` : '';
    return `EXECUTE "${name}"${args}`;
  }

  async function run<T extends Row>(
    executor: PgliteExecutor,
    inTransaction: boolean,
    sql: string,
    params?: unknown[],
  ): Promise<T[]> {
    const execute = preparable(sql, params) ? await executeText(executor, inTransaction, sql, params ?? []) : undefined;
    return (execute ? await executor.query<T>(execute) : await executor.query<T>(sql, params)).rows;
  }

  const database: Database = {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const scope = currentScope();
      if (!scope) return run<T>(db, false, sql, params);
      // The statement is prepared before the transaction, so that the transaction holds the database only
      // for the scope and the statement itself.
      const execute = preparable(sql, params) ? await executeText(db, false, sql, params ?? []) : undefined;
      return db.transaction(async (tx) => {
        await tx.exec(scopeSettingSql(scope));
        return (execute ? await tx.query<T>(execute) : await tx.query<T>(sql, params)).rows;
      });
    },
    async exec(sql) {
      if (!role) return void (await db.exec(sql));
      // The owner's statements (each its own message: VACUUM refuses to share one), and back to the
      // application's role whatever they did. Maintenance, run when nothing else is.
      await db.exec('RESET ROLE');
      try {
        await db.exec(sql);
      } catch (error) {
        await db.exec('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await db.exec(`SET ROLE ${quotedIdentifier(role)}`);
      }
    },
    transaction(work) {
      const scope = currentScope();
      return db.transaction(async (tx) => {
        if (scope) await tx.exec(scopeSettingSql(scope));
        return work({ query: <T extends Row>(sql: string, params?: unknown[]) => run<T>(tx, true, sql, params) });
      });
    },
    async useRole(name) {
      await readScopeKey(database);
      await db.exec(`SET ROLE ${quotedIdentifier(name)}`);
      await refuseBypassingRole(database);
      role = name;
    },
    scoped: (scope) => scopedView(database, scope),
    // One process holds the embedded database: a notification can never be missed, so there is no gap.
    listen(channel, onNotify) {
      return db.listen(channel, onNotify);
    },
    // PGlite delivers a notification with the statement that committed it.
    heard: () => Promise.resolve(),
    async close() {
      await db.close();
    },
  };
  return database;
}

/**
 * The key that seals the server's scopes (scope.ts), read as the tables' owner before the server takes the
 * application's role, which may not read it.
 */
async function readScopeKey(db: Queryable): Promise<void> {
  const [row] = await db.query<{ key: Uint8Array }>('SELECT key FROM scope_key');
  if (!row) throw new Error('The database has no scope key (migration 0036).');
  setScopeKey(Buffer.from(row.key));
}

/**
 * Row-level security binds only a role that neither owns the tables nor bypasses it: the server refuses to
 * serve through any other.
 */
async function refuseBypassingRole(db: Queryable): Promise<void> {
  const [row] = await db.query<{ bypasses: boolean }>(
    `SELECT r.rolsuper OR r.rolbypassrls OR EXISTS (
              SELECT 1 FROM pg_class c WHERE c.relowner = r.oid AND c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace) AS bypasses
       FROM pg_roles r WHERE r.rolname = current_user`,
  );
  if (!row || row.bypasses)
    throw new Error(
      'The database role of the server bypasses row-level security (superuser, BYPASSRLS or table owner).',
    );
}

// int8 (count, sums) and numeric arrive as strings from node-postgres; PGlite gives numbers.
// Our int8 values are counts and byte sizes, far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * Statements run as named prepared statements, so each connection parses and plans the engine's statement
 * texts once instead of on every request (a text with no parameter too: a list page's is one).
 */
const preparedNames = new PreparedNames();
function prepared(text: string, values: unknown[] | undefined): pg.QueryConfig | string {
  const name = preparable(text, values) ? preparedNames.nameOf(text) : undefined;
  return name ? { name, text, values: values ?? [] } : { text, values };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: pgTypes as pg.CustomTypesConfig });
  // An idle connection that PostgreSQL ends (a restart, a dropped database, an administrator) emits an error
  // with no query to fail: unhandled, it would end the process. The pool drops that client and opens a fresh
  // one for the next query, so it is only worth a line in the log.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  await pool.query('SELECT 1');
  const listener = new PostgresListener(connectionString);
  let role: string | undefined;
  // Connections that run as `role` already; the others take it when they are next handed out.
  const inRole = new WeakSet<pg.PoolClient>();
  // Connections that have prepared the statement of a scope (ScopedQuery).
  const scopeReady = new WeakSet<pg.PoolClient>();

  async function checkout(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    try {
      if (role && !inRole.has(client)) {
        await client.query(`SET ROLE ${quotedIdentifier(role)}`);
        inRole.add(client);
      }
      if (!scopeReady.has(client)) {
        await prepareScope(client);
        scopeReady.add(client);
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    return client;
  }

  // A connection whose error did not come from PostgreSQL's answer (it broke) is not handed out again.
  const release = (client: pg.PoolClient, error?: unknown) =>
    client.release(error !== undefined && !(error instanceof pg.DatabaseError) ? true : undefined);

  // Runs statements that may leave a transaction open: a failure rolls it back before the connection goes back.
  async function rollingBackOnFailure<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
    let failure: unknown;
    try {
      return await work();
    } catch (error) {
      failure = error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      release(client, failure);
    }
  }

  const database: Database = {
    kind: 'postgresql',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query<T extends Row>(sql: string, params?: unknown[]) {
      const scope = currentScope();
      const client = await checkout();
      let failure: unknown;
      try {
        const config = prepared(sql, params);
        if (!scope) return (await client.query(config)).rows as T[];
        // The scope and the statement in one round trip and one implicit transaction (scopedQuery.ts).
        const result = await new Promise<pg.QueryResult>((resolve, reject) => {
          client.query(
            new ScopedQuery(scope, typeof config === 'string' ? { text: config } : config, (error, answer) =>
              error ? reject(error) : resolve(answer),
            ),
          );
        });
        return result.rows as T[];
      } catch (error) {
        failure = error;
        throw error;
      } finally {
        release(client, failure);
      }
    },
    async exec(sql) {
      const client = await pool.connect();
      await rollingBackOnFailure(client, async () => {
        // The owner's statements: the connection leaves the application's role, and takes it back when next handed out.
        inRole.delete(client);
        await client.query('RESET ROLE');
        await client.query(sql);
      });
    },
    async transaction(work) {
      const scope = currentScope();
      const client = await checkout();
      return rollingBackOnFailure(client, async () => {
        // The scope, then BEGIN, in one round trip (ScopedQuery): the BEGIN turns the implicit transaction
        // that set the scope into the explicit one, and the seal travels as a parameter, never as text.
        if (scope)
          await new Promise<void>((resolve, reject) => {
            client.query(new ScopedQuery(scope, { text: 'BEGIN' }, (error) => (error ? reject(error) : resolve())));
          });
        else await client.query('BEGIN');
        const result = await work({
          query: async <T extends Row>(sql: string, params?: unknown[]) =>
            (await client.query(prepared(sql, params))).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      });
    },
    async useRole(name) {
      await readScopeKey(database);
      role = name;
      await refuseBypassingRole(database);
    },
    scoped: (scope) => scopedView(database, scope),
    listen: (channel, onNotify, onGap) => listener.listen(channel, onNotify, onGap),
    heard: () => listener.heard(),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
  return database;
}

interface Subscription {
  channel: string;
  onNotify: (payload: string) => void;
  onGap?: () => void;
}

/**
 * One connection of its own LISTENs for every subscription of the process (a pooled connection would be
 * handed to queries in between). When it is lost, subscribers are told of the gap and it reconnects.
 */
class PostgresListener {
  private client?: pg.Client;
  private connecting?: Promise<pg.Client>;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;
  private retry?: NodeJS.Timeout;
  /** The latest round trip of `heard`, and the next one while it has not left (callers share it). */
  private lastRoundTrip: Promise<void> = Promise.resolve();
  private nextRoundTrip?: Promise<void>;

  constructor(private readonly connectionString: string) {}

  async listen(channel: string, onNotify: (payload: string) => void, onGap?: () => void): Promise<() => Promise<void>> {
    const subscription = { channel, onNotify, onGap };
    const listening = [...this.subscriptions].some((other) => other.channel === channel);
    this.subscriptions.add(subscription);
    const client = await this.connect();
    if (!listening) await client.query(`LISTEN ${quotedIdentifier(channel)}`);
    return async () => {
      this.subscriptions.delete(subscription);
      if (![...this.subscriptions].some((other) => other.channel === channel) && this.client)
        await this.client.query(`UNLISTEN ${quotedIdentifier(channel)}`).catch(() => undefined);
    };
  }

  /**
   * A round trip on the listening connection. A notifying commit signals every listening backend before its
   * writer is answered, and a signalled backend sends what it was signalled before it answers its next
   * command (at once when idle, else before it goes idle again): the answer to a query sent now comes after
   * every notification committed before, and node-postgres emits them in that order. No NOTIFY of its own,
   * so no commit on PostgreSQL's notification lock and no wake-up of every other process's listener.
   * Callers that come before the next round trip leaves share it.
   */
  heard(): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    if (this.nextRoundTrip) return this.nextRoundTrip;
    const roundTrip: Promise<void> = this.lastRoundTrip.then(async () => {
      if (this.nextRoundTrip === roundTrip) this.nextRoundTrip = undefined;
      // A lost connection ends the query: its subscribers are told of the gap, and there is nothing to wait for.
      await client.query('SELECT 1').catch(() => undefined);
    });
    this.nextRoundTrip = roundTrip;
    this.lastRoundTrip = roundTrip;
    return roundTrip;
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.connectionString });
      client.on('notification', (message) => {
        for (const subscription of this.subscriptions)
          if (subscription.channel === message.channel) subscription.onNotify(message.payload ?? '');
      });
      client.on('error', (error) => this.lost(client, error));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        for (const channel of new Set([...this.subscriptions].map((subscription) => subscription.channel)))
          await client.query(`LISTEN ${quotedIdentifier(channel)}`);
      } catch (error) {
        this.connecting = undefined;
        throw error;
      }
      this.client = client;
      this.connecting = undefined;
      return client;
    })();
    return this.connecting;
  }

  private lost(client: pg.Client, error?: Error) {
    if (this.client !== client || this.closed) return;
    if (error) console.warn(`PostgreSQL ended the LISTEN connection: ${error.message}`);
    this.client = undefined;
    client.end().catch(() => undefined);
    for (const subscription of this.subscriptions) subscription.onGap?.();
    const reconnect = () => {
      if (this.closed || this.subscriptions.size === 0) return;
      this.connect()
        // Whatever was notified while reconnecting is lost as well.
        .then(() => {
          for (const subscription of this.subscriptions) subscription.onGap?.();
        })
        .catch(() => {
          this.retry = setTimeout(reconnect, 1000);
          this.retry.unref();
        });
    };
    reconnect();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (this.connecting ? await this.connecting.catch(() => undefined) : undefined);
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
