import { CONTENT_DOCUMENT_CONTEXTS } from '../../src/domain/rights.ts';
import { ERASED_PERSON, erasedAddress } from '../../src/domain/personalData.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction, runInScope } from '../db/scope.ts';
import { ident } from '../shared/sql.ts';
import { OMITTED_COLUMNS, PERSONAL_COLUMNS } from './personalRows.ts';

const ERASED_NAME = `${ERASED_PERSON.firstName} ${ERASED_PERSON.lastName}`;

/** What names the person in a text: their address, full name either way round, telephone (never a lone first name). */
function namesOf(account: { email: string; first_name: string; last_name: string; phone: string | null }): string[] {
  return [
    account.email,
    `${account.first_name} ${account.last_name}`,
    `${account.last_name} ${account.first_name}`,
    account.phone ?? '',
  ].filter((text) => text.trim().length >= 5 && text !== ERASED_NAME && !text.endsWith('@anonyme.invalid'));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The rows others share with the person (a ticket they opened, a message, a comment) stay, but a text of
 * theirs that names the person (a subject "Accès impossible pour zoe@…") names "Utilisateur supprimé" instead.
 */
async function blankSharedTexts(tx: Queryable, person: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const pattern = names.map(escapeRegExp).join('|');
  for (const entry of PERSONAL_COLUMNS) {
    if (entry.erasure !== 'keep' || !entry.exported || entry.table === 'users' || entry.table === 'audit_log') continue;
    const columns = await tx.query<{ name: string }>(
      `SELECT column_name::text AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = $1 AND data_type = 'text'
          AND column_name <> ALL ($2::text[]) AND is_generated = 'NEVER'`,
      [entry.table, [...OMITTED_COLUMNS]],
    );
    for (const { name } of columns)
      await tx.query(
        `UPDATE ${ident(entry.table)} SET ${ident(name)} = regexp_replace(${ident(name)}, $2, $3, 'gi')
          WHERE ${ident(entry.column)} = $1 AND ${ident(name)} ~* $2`,
        [person, pattern, ERASED_NAME],
      );
  }
}

/** A running erasure: whose, in which structure, asked by whom (the audit log's entry names them). */
export interface Erasure {
  request: number;
  person: number;
  structure: number;
  requester: number | null;
}

/**
 * Erases a person (PERSONAL_COLUMNS): the rows that are theirs alone go, with their files (queued for the
 * store by the file rows' triggers); the rows others share stay, naming an account made anonymous; every
 * session ends; the audit log keeps every entry, their name and address blanked (`erase_person`, migration
 * 0057). Each step may run again: a process that dies half-way leaves the request running, and the next
 * pass of the job does it all over, finding done what was done. The last transaction also closes the
 * request, so an erasure is done exactly when everything is. `failAfter` stops it after a step (tests).
 */
export async function erasePerson(db: Database, erasure: Erasure, failAfter?: 'own-rows'): Promise<void> {
  const { person, structure } = erasure;
  // A user's own rows are theirs alone under row-level security: removed in a scope of theirs.
  await runInScope({ structure, platform: false, userId: person }, () =>
    db.transaction(async (tx) => {
      for (const entry of PERSONAL_COLUMNS)
        if (entry.userScoped && entry.erasure === 'delete')
          await tx.query(`DELETE FROM ${ident(entry.table)} WHERE ${ident(entry.column)} = $1`, [person]);
    }),
  );
  if (failAfter === 'own-rows') throw new Error('Stopped after the person’s own rows (a test of resumption).');
  await runInScope({ structure, platform: false, userId: erasure.requester }, () =>
    runAsAction('erase-personal-data', { resource: 'users', id: person }, () =>
      db.transaction(async (tx) => {
        const [account] = await tx.query<{
          email: string;
          first_name: string;
          last_name: string;
          phone: string | null;
        }>('SELECT email, first_name, last_name, phone FROM users WHERE id = $1', [person]);
        if (!account) throw new Error(`User ${person} is not in structure ${structure}.`);
        await blankSharedTexts(tx, person, namesOf(account));
        for (const entry of PERSONAL_COLUMNS) {
          if (entry.userScoped) continue;
          if (entry.erasure === 'delete')
            await tx.query(`DELETE FROM ${ident(entry.table)} WHERE ${ident(entry.column)} = $1`, [
              entry.byAddress ? account.email : person,
            ]);
          else if (entry.erasure === 'own-files')
            await tx.query(
              `DELETE FROM ${ident(entry.table)} WHERE ${ident(entry.column)} = $1
                 AND (context IS NULL OR context <> ALL ($2::text[]))`,
              [person, [...CONTENT_DOCUMENT_CONTEXTS]],
            );
        }
        // The archives of the person's exports hold everything above: they go too.
        await tx.query(
          `WITH held AS (SELECT id, archive_key FROM personal_data_requests WHERE user_id = $1 AND archive_key IS NOT NULL),
                queued AS (INSERT INTO file_removals (storage_key) SELECT archive_key FROM held ON CONFLICT DO NOTHING)
           UPDATE personal_data_requests r SET archive_key = NULL, updated_at = now() FROM held WHERE r.id = held.id`,
          [person],
        );
        await tx.query('UPDATE recycle_bin SET deleted_by_name = $2 WHERE deleted_by_id = $1', [person, ERASED_NAME]);
        await tx.query('SELECT erase_person($1, $2, $3, $4)', [
          person,
          ERASED_PERSON.firstName,
          ERASED_PERSON.lastName,
          erasedAddress(person),
        ]);
        await tx.query(
          `UPDATE personal_data_requests SET status = 'done', completed_at = now(), error = NULL, updated_at = now()
            WHERE id = $1`,
          [erasure.request],
        );
      }),
    ),
  );
}
