import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createHash } from 'node:crypto';
import pg from 'pg';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** What the server needs of PostgreSQL, whether embedded (PGlite) or a real server (node-postgres). */
export interface Queryable {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgresql';
  /** Runs several statements separated by semicolons, without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY's payload once the notifying transaction commits, from
   * any process on the same database. On PostgreSQL a lost connection is reopened, then `onReconnect` is
   * called so that the caller can catch up on what it may have missed. Answers the way to stop listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
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

export async function openPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  // PGlite's query API always parses and plans anew (an unnamed statement), and planning in WebAssembly
  // costs as much as running a list page: so statements are PREPAREd once and EXECUTEd, their parameters
  // passed as quoted text, which PostgreSQL reads with the prepared parameter types.
  const preparedNames = new PreparedNames();
  const parameterTypes = new Map<string, Promise<string[] | undefined>>();

  function prepare(name: string, sql: string): Promise<string[] | undefined> {
    let types = parameterTypes.get(name);
    if (!types) {
      types = (async () => {
        try {
          await db.exec(`PREPARE "${name}" AS ${sql}`);
        } catch {
          // A text PostgreSQL refuses to prepare is run as it was given, and refused with the error expected.
          preparedNames.forget(sql);
          parameterTypes.delete(name);
          return undefined;
        }
        const [row] = (await db.query<{ types: string[] }>(
          'SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1', [name],
        )).rows;
        return row.types;
      })();
      parameterTypes.set(name, types);
    }
    return types;
  }

  async function executePrepared<T extends Row>(sql: string, params: readonly unknown[]): Promise<T[] | undefined> {
    const name = preparedNames.nameOf(sql);
    if (!name) return undefined;
    const types = await prepare(name, sql);
    if (!types || types.some((type) => UNPREPARED_TYPES.has(type))) return undefined;
    const texts: (string | null)[] = [];
    for (const [index, value] of params.entries()) {
      if (Array.isArray(value) && !types[index]?.endsWith('[]')) return undefined;
      const text = parameterText(value);
      if (text === undefined) return undefined;
      texts.push(text);
    }
    const args = texts.length > 0 ? `(${texts.map(quoted).join(', ')})` : '';
    return (await db.query<T>(`EXECUTE "${name}"${args}`)).rows;
  }

  return {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      if (preparable(sql, params)) {
        const rows = await executePrepared<T>(sql, params ?? []);
        if (rows) return rows;
      }
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({ query: async <T extends Row>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows }),
      );
    },
    // One process, one connection: PGlite delivers its own NOTIFYs in process.
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    async close() {
      await db.close();
    },
  };
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

/** How long a lost LISTEN connection waits before it is opened again, growing up to the last. */
const LISTEN_RETRY_MS = [100, 500, 1_000, 5_000];

/**
 * A connection of its own that LISTENs (a pooled one would be handed to other queries), opened again
 * whenever PostgreSQL drops it, until stopped.
 */
function listenOnPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  async function connect(first: boolean): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    next.on('error', (error) => {
      console.warn(`PostgreSQL closed the LISTEN ${channel} connection: ${error.message}`);
      scheduleReconnect();
    });
    next.on('end', () => scheduleReconnect());
    client = next;
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    attempt = 0;
    if (!first) onReconnect?.();
  }

  function scheduleReconnect() {
    if (stopped || retry) return;
    client?.removeAllListeners('end');
    const delay = LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)];
    retry = setTimeout(() => {
      retry = undefined;
      connect(false).catch(() => scheduleReconnect());
    }, delay);
  }

  return {
    start: () => connect(true),
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: pgTypes as pg.CustomTypesConfig });
  // An idle connection that PostgreSQL ends (a restart, a dropped database, an administrator) emits an error
  // with no query to fail: unhandled, it would end the process. The pool drops that client and opens a fresh
  // one for the next query, so it is only worth a line in the log.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  await pool.query('SELECT 1');
  const listeners = new Set<ReturnType<typeof listenOnPostgres>>();
  return {
    kind: 'postgresql',
    async query<T extends Row>(sql: string, params?: unknown[]) {
      return (await pool.query(prepared(sql, params))).rows as T[];
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <T extends Row>(sql: string, params?: unknown[]) => (await client.query(prepared(sql, params))).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload, onReconnect) {
      const listener = listenOnPostgres(connectionString, channel, onPayload, onReconnect);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
