import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies the checked-in SQL migrations not yet applied, in file-name order, each in one transaction;
 * with `until`, only those up to that file (a test of a migration over the data of the schema before it).
 */
export async function migrate(db: Database, until?: string): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const files = (await readdir(migrationsDir)).filter((file) => file.endsWith('.sql')).sort();
  const done: string[] = [];
  for (const file of files) {
    if (until !== undefined && file > until) break;
    if (applied.has(file)) continue;
    const sql = await readFile(migrationsDir + file, 'utf8');
    await db.exec(
      `BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}');\nCOMMIT;`,
    );
    done.push(file);
  }
  return done;
}

/**
 * Runs `work` (the migrations, the first seed) while no other server process of the same PostgreSQL database
 * runs its own: processes started together would otherwise apply a migration twice or seed the demo twice.
 * The lock is held by an open transaction and goes with it, also when the process dies. PGlite has one process.
 */
export async function underStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (db.kind !== 'postgresql') return work();
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('lms-backoffice start-up'))`);
    return work();
  });
}
