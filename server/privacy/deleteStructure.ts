import type { Database } from '../db/database.ts';
import { runAsAction, runInScope } from '../db/scope.ts';
import { showRemovedSql } from '../resources/liveVersion.ts';
import { binnedFileKeys } from '../storage/fileRemovals.ts';

/** What a structure's deletion took: its people (and so their sessions), and the files queued for removal. */
export interface StructureDeletion {
  users: number;
  queuedFiles: number;
}

/**
 * Deletes a structure and everything of its own, in one transaction in the structure's scope, so that the
 * statements written here reach nothing of another structure:
 *
 * - its row in `companies`, whose ON DELETE CASCADE takes every table with a `company_id` (its users among
 *   them), and from those the rows they own (a ticket's messages, a course's tags, a user's skills);
 * - from its users, their sessions: refresh tokens, carried sessions, sign-in codes and live connections go
 *   by their cascade from `users` (no row-level security there, and none needed: a user is one structure's);
 *   the budgets kept by user id without a reference are deleted here;
 * - its live events, which name their structure without a reference;
 * - its files: the triggers of server/storage/fileRemovals.ts queue the key of every file row the cascade
 *   deletes, and the keys kept in its recycle bin's items (which no trigger sees) are queued here; the job
 *   `file-removals` then removes them from the store.
 *
 * The audit log stays: it is the platform's record of what was done, this deletion included. Answers
 * undefined when the structure does not exist.
 */
export async function deleteStructure(
  db: Database,
  structure: number,
  userId: number,
): Promise<StructureDeletion | undefined> {
  return runInScope({ structure, platform: false, userId }, () =>
    runAsAction('delete', { resource: 'companies', id: structure }, () =>
      db.transaction(async (tx) => {
        const [found] = await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [structure]);
        if (!found) return undefined;
        // Nodes removed from a course's draft go with it, and must be seen to be.
        await tx.query(showRemovedSql(true));
        const binned = await tx.query(
          `INSERT INTO file_removals (storage_key)
           SELECT DISTINCT k.key FROM recycle_bin b, LATERAL (${binnedFileKeys('b')}) AS k(key) WHERE b.company_id = $1
           ON CONFLICT DO NOTHING RETURNING storage_key`,
          [structure],
        );
        const users = await tx.query<{ id: number }>('SELECT id FROM users WHERE company_id = $1', [structure]);
        const ids = users.map((user) => Number(user.id));
        await tx.query('DELETE FROM write_budgets WHERE user_id = ANY($1::int[])', [ids]);
        await tx.query('DELETE FROM presence_budgets WHERE user_id = ANY($1::int[])', [ids]);
        await tx.query('DELETE FROM live_events WHERE company_id = $1', [structure]);
        const before = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM file_removals');
        await tx.query('DELETE FROM companies WHERE id = $1', [structure]);
        const after = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM file_removals');
        return { users: ids.length, queuedFiles: binned.length + after[0].n - before[0].n };
      }),
    ),
  );
}
