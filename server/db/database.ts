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
  close(): Promise<void>;
}

export async function openPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  return {
    kind: 'pglite',
    async query<T extends Row>(sql: string, params?: unknown[]) {
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
 * Statements with parameters run as named prepared statements, so each connection parses and plans the
 * engine's (few, generated) statement texts once instead of on every request.
 */
function prepared(text: string, values: unknown[] | undefined): pg.QueryConfig | string {
  if (!values || values.length === 0) return text;
  return { name: `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`, text, values };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types: pgTypes as pg.CustomTypesConfig });
  await pool.query('SELECT 1');
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
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
