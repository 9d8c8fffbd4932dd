import type { Database } from '../db/database.ts';
import type { FileStorage } from './fileStorage.ts';

/**
 * The tables whose rows own a stored file, and the column of its key. A key belongs to one row: copies and
 * imports store a copy of the bytes under a key of their own.
 */
export const FILE_ROWS = [
  { table: 'documents', key: 'storage_key' },
  { table: 'ticket_attachments', key: 'storage_key' },
  { table: 'personal_data_requests', key: 'archive_key' },
] as const;

/** The queue of keys whose row went (migration 0029), filled by the triggers below. */
const QUEUE = 'file_removals';

/**
 * The advisory lock a backup holds while it copies the files its snapshot names (server/backup/backup.ts):
 * each pass of removals takes it shared, or waits for the next run, so that no file the backup's rows name
 * leaves the store before it is copied.
 */
export const FILE_REMOVALS_LOCK = 7_301_117;

/** How often the periodic job removes the files nothing holds any more. */
export const FILE_REMOVALS_EVERY_SECONDS = 60;

/** How many queued keys one pass reads: a structure deleted with its documents goes in several passes. */
const BATCH = 200;

const queueFunction = (table: string) => `queue_file_removals_${table}`;

/**
 * Statement triggers, created at start-up, that queue the key of every file row deleted, whatever deleted it:
 * a cascade (a ticket with its attachments, a structure with its documents), a sweep, the generic DELETE.
 * The job decides later whether the file may go: a deleted row kept in the recycle bin still holds its key.
 */
export function fileRemovalStatements(): string[] {
  return FILE_ROWS.flatMap(({ table, key }) => [
    `CREATE OR REPLACE FUNCTION ${queueFunction(table)}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ${QUEUE} (storage_key) SELECT DISTINCT ${key} FROM gone WHERE ${key} IS NOT NULL ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$`,
    `DROP TRIGGER IF EXISTS queue_file_removals ON ${table}`,
    `CREATE TRIGGER queue_file_removals AFTER DELETE ON ${table}
       REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ${queueFunction(table)}()`,
  ]);
}

/** SQL: the keys of stored files in a recycle bin item's rows (`item` a row of recycle_bin). */
export const binnedFileKeys = (item: string) =>
  `SELECT r.row ->> f.key
     FROM jsonb_array_elements(${item}.rows) AS g(grp), jsonb_array_elements(g.grp -> 'rows') AS r(row),
          (VALUES ${FILE_ROWS.map(({ table, key }) => `('${table}', '${key}')`).join(', ')}) AS f(tbl, key)
    WHERE g.grp ->> 'table' = f.tbl AND r.row ->> f.key IS NOT NULL`;

/**
 * Removes from the store the files of the queued keys that nothing holds: no row of FILE_ROWS, no recycle
 * bin item (it removes its files itself when erased). Held keys leave the queue untouched in the store. A
 * removal that fails keeps its key queued for the next run, and the first failure is thrown once every
 * other key was tried. `db` sees every structure's rows. Answers how many files went.
 */
export async function removeUnheldFiles(db: Pick<Database, 'transaction'>, files: FileStorage): Promise<number> {
  let removed = 0;
  for (;;) {
    const pass = await db.transaction(async (tx) => {
      const [{ free }] = await tx.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock_shared($1) AS free', [
        FILE_REMOVALS_LOCK,
      ]);
      // A backup is copying files: they stay queued until its copy is done.
      if (!free) return { size: 0, removed: 0, failure: undefined };
      const batch = await tx.query<{ key: string; held: boolean }>(
        `WITH queued AS (SELECT storage_key FROM ${QUEUE} ORDER BY queued_at, storage_key LIMIT ${BATCH}),
              binned AS (SELECT k.key FROM recycle_bin b, LATERAL (${binnedFileKeys('b')}) AS k(key)
                          WHERE k.key IN (SELECT storage_key FROM queued))
         SELECT q.storage_key AS key,
                (${FILE_ROWS.map(({ table, key }) => `EXISTS (SELECT 1 FROM ${table} t WHERE t.${key} = q.storage_key)`).join(' OR ')}
                 OR q.storage_key IN (SELECT key FROM binned)) AS held
           FROM queued q`,
      );
      const unheld = batch.filter((entry) => !entry.held).map((entry) => entry.key);
      const outcomes = await Promise.allSettled(unheld.map((key) => files.remove(key)));
      const failed = unheld.filter((_key, index) => outcomes[index].status === 'rejected');
      const done = batch.map((entry) => entry.key).filter((key) => !failed.includes(key));
      await tx.query(`DELETE FROM ${QUEUE} WHERE storage_key = ANY($1::text[])`, [done]);
      const failure = outcomes.find((outcome) => outcome.status === 'rejected');
      return { size: batch.length, removed: unheld.length - failed.length, failure };
    });
    removed += pass.removed;
    if (pass.failure) throw (pass.failure as PromiseRejectedResult).reason;
    if (pass.size < BATCH) return removed;
  }
}
