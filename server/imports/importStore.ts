import type { Database, Queryable } from '../db/database.ts';
import { conflict, notFound, problem } from '../shared/errors.ts';
import type { ImportPlan } from './xmind.ts';

/** The tree the back-office shows: "Racine", which the active version's root folder hangs under. */
export const ROOT_FOLDER = 1;
/** Used when system configuration `imports.xmind_max_depth` is missing or not a number. */
const DEFAULT_MAX_DEPTH = 6;

export async function maxDepthOf(db: Database): Promise<number> {
  const [row] = await db.query<{ value: string | null }>(
    `SELECT value FROM system_configurations WHERE key = 'imports.xmind_max_depth'`,
  );
  const depth = Number.parseInt(row?.value ?? '', 10);
  return Number.isInteger(depth) && depth >= 1 && depth <= 64 ? depth : DEFAULT_MAX_DEPTH;
}

/**
 * Stores a parsed map as a new version, not yet active: its root folder has no parent, so the tree of
 * "Racine" does not show it. One transaction, and one statement for all folders and sheets whatever the
 * map's size: folder ids are drawn from the identity's sequence up front so that children can name their
 * parents in the same INSERT. Answers the import's id.
 */
export async function storeVersion(db: Database, fileName: string, plan: ImportPlan): Promise<number> {
  return db.transaction(async (tx) => {
    // Version numbers follow one another: two uploads at once must not take the same number.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('imports.version'))`);
    const [created] = await tx.query<{ id: number }>(
      `INSERT INTO imports (filename, type, status, version)
       SELECT $1, 'xmind', 'processed', coalesce(max(version), 0) + 1 FROM imports
       RETURNING id`,
      [fileName],
    );
    const importId = Number(created.id);
    await tx.query(
      `WITH plan AS (
         SELECT * FROM unnest($2::int[], $3::text[], $4::int[]) WITH ORDINALITY AS p(parent, name, position, ord)
       ),
       ids AS MATERIALIZED (
         SELECT ord, nextval(pg_get_serial_sequence('folders', 'id'))::int AS id FROM plan
       ),
       new_folders AS (
         INSERT INTO folders (id, parent_id, name, position)
         SELECT own.id, parent.id, plan.name, plan.position
           FROM plan JOIN ids own ON own.ord = plan.ord LEFT JOIN ids parent ON parent.ord = plan.parent + 1
         RETURNING id
       ),
       new_sheets AS (
         INSERT INTO sheets (title, content, folder_id, status, import_id)
         SELECT s.title, s.content, folder.id, 'published', $1
           FROM unnest($5::int[], $6::text[], $7::text[]) AS s(folder, title, content) JOIN ids folder ON folder.ord = s.folder + 1
         RETURNING id
       )
       UPDATE imports
          SET root_folder_id = (SELECT id FROM ids WHERE ord = 1),
              summary = jsonb_build_object('folders', (SELECT count(*) FROM new_folders), 'sheets', (SELECT count(*) FROM new_sheets))
        WHERE id = $1`,
      [
        importId,
        plan.folders.map((folder) => folder.parent),
        plan.folders.map((folder) => folder.name),
        plan.folders.map((folder) => folder.position),
        plan.sheets.map((sheet) => sheet.folder),
        plan.sheets.map((sheet) => sheet.title),
        plan.sheets.map((sheet) => sheet.content),
      ],
    );
    return importId;
  });
}

/**
 * Makes a version the active tree: its root folder takes the place of the active version's root (same
 * parent, same position), which leaves the tree and stays whole, ready to be activated again. With no
 * active version in the tree, the root is appended under "Racine". One transaction; activating the
 * active version changes nothing.
 */
export async function activateVersion(db: Database, importId: number): Promise<void> {
  await db.transaction(async (tx) => {
    // Activations one at a time: each reads which version is active, then swaps, so two racing cannot
    // both leave their version active.
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('imports.activate'))`);
    const [target] = await tx.query<{ status: string; root_folder_id: number | null }>(
      'SELECT status, root_folder_id FROM imports WHERE id = $1 FOR UPDATE',
      [importId],
    );
    if (!target) throw notFound(`Import ${importId} not found.`);
    if (target.status === 'active') return;
    if (target.status === 'failed' || target.root_folder_id === null)
      throw conflict(`Import ${importId} has no tree to activate (it failed, or its root folder was deleted).`);
    const root = Number(target.root_folder_id);
    // The version in the tree now: the one activated last (rows written by hand may say "active" twice).
    const [previous] = await tx.query<{ id: number; root_folder_id: number | null }>(
      `SELECT id, root_folder_id FROM imports WHERE status = 'active' ORDER BY activated_at DESC NULLS LAST, id DESC LIMIT 1`,
    );
    // A version root somebody filed in the tree by hand leaves its place first; its siblings close up.
    await tx.query(
      `WITH old AS (SELECT parent_id, position FROM folders WHERE id = $1 AND parent_id IS NOT NULL),
       closed AS (
         UPDATE folders f SET position = f.position - 1, updated_at = now()
           FROM old WHERE f.parent_id = old.parent_id AND f.position > old.position AND f.id <> $1
       )
       UPDATE folders SET parent_id = NULL, position = 0, updated_at = now() FROM old WHERE folders.id = $1`,
      [root],
    );
    // Where the new root goes: the previous root's place if it is still in a tree, else the end of Racine.
    const [place] = await tx.query<{ parent_id: number; position: number }>(
      `SELECT coalesce(previous.parent_id, $2::int) AS parent_id,
              coalesce(previous.position, (SELECT count(*) FROM folders WHERE parent_id = $2::int))::int AS position
         FROM (VALUES (1)) AS one (x) LEFT JOIN folders previous ON previous.id = $1::int AND previous.parent_id IS NOT NULL`,
      [previous?.root_folder_id ?? null, ROOT_FOLDER],
    );
    try {
      await tx.query(
        `UPDATE folders SET parent_id = CASE WHEN id = $1 THEN $3::int END,
                            position = CASE WHEN id = $1 THEN $4::int ELSE 0 END,
                            updated_at = now()
          WHERE id = $1 OR id = $2`,
        [root, previous?.root_folder_id ?? null, place.parent_id, place.position],
      );
    } catch (error) {
      if ((error as { constraint?: string }).constraint === 'folders_parent_cycle')
        throw problem(409, 'The active version was filed inside this version: move it out before activating.', {
          reason: 'cycle',
        });
      throw error;
    }
    // One active version afterwards, whatever was marked active before.
    await tx.query(
      `UPDATE imports SET status = CASE WHEN id = $1 THEN 'active' ELSE 'processed' END,
                          activated_at = CASE WHEN id = $1 THEN now() ELSE activated_at END,
                          updated_at = now()
        WHERE id = $1 OR status = 'active'`,
      [importId],
    );
  });
}

/**
 * Before an import is deleted: its version's folders and sheets go with it, in the delete's transaction.
 * The active version is refused (409 `active`: activate another first), and so is a version whose root
 * was filed into the tree by hand (409 `in_tree`), whose folders the tree shows. Sheets of the version
 * moved elsewhere stay (their `import_id` is cleared by the foreign key).
 */
export async function deleteVersionTree(tx: Queryable, importId: number): Promise<void> {
  // Not while an activation swaps trees: it could be making this version active.
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('imports.activate'))`);
  const [target] = await tx.query<{ status: string; root_folder_id: number | null; in_tree: boolean }>(
    `SELECT i.status, i.root_folder_id, f.parent_id IS NOT NULL AS in_tree
       FROM imports i LEFT JOIN folders f ON f.id = i.root_folder_id WHERE i.id = $1 FOR UPDATE OF i`,
    [importId],
  );
  if (!target) return;
  if (target.status === 'active')
    throw problem(409, 'This version is the active tree: activate another version before deleting it.', {
      reason: 'active',
    });
  if (target.root_folder_id === null) return;
  if (target.in_tree)
    throw problem(409, 'This version was filed into the tree: move its root folder out before deleting it.', {
      reason: 'in_tree',
    });
  const subtree = await tx.query<{ id: number }>(
    `WITH RECURSIVE subtree AS (
       SELECT id FROM folders WHERE id = $1
       UNION ALL
       SELECT f.id FROM folders f JOIN subtree ON f.parent_id = subtree.id
     )
     SELECT id FROM subtree`,
    [Number(target.root_folder_id)],
  );
  const ids = subtree.map((row) => Number(row.id));
  await tx.query('DELETE FROM sheets WHERE folder_id = ANY($1::int4[])', [ids]);
  // One statement for the whole subtree: the parent links are checked once it is all gone.
  await tx.query('DELETE FROM folders WHERE id = ANY($1::int4[])', [ids]);
}
