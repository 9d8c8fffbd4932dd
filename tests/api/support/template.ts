/**
 * What the API tests' global setup hands to every test file: where the seeded template database is.
 * PGlite: a closed, migrated and seeded data folder to copy. PostgreSQL: a template database in a
 * throw-away cluster, copied with `CREATE DATABASE ... TEMPLATE`.
 * Both kinds also carry a data folder (uploaded files written by the seed) to copy next to it.
 */
export type TestDatabaseTemplate =
  { kind: 'pglite'; root: string } | { kind: 'postgresql'; root: string; baseUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTemplate;
  }
}

/** Inside a template root: the server's DATA_DIR (files, outbox) and, for PGlite, its database folder. */
export const DATA_FOLDER = 'data';
export const PGLITE_FOLDER = 'pglite';

export const wantsPostgres = () => (process.env.TEST_DATABASE ?? '').toLowerCase() === 'postgresql';
