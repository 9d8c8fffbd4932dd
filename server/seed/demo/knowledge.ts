import type { Queryable } from '../../db/database.ts';
import { ago, idsBy, insertRows, must } from './bulk.ts';
import { FOLDERS, IMPORT_FILENAME, SHEETS, type FolderSpec } from './sheetsData.ts';

/** Folders (root "Racine" is id 1, which the back-office asks for by number), the active XMind import and the sheets. */
export async function seedKnowledge(tx: Queryable, tags: ReadonlyMap<string, number>): Promise<void> {
  await tx.query(`INSERT INTO folders (id, name, parent_id, position, created_at, updated_at)
                  VALUES (1, 'Racine', NULL, 0, now() - interval '180 days', now() - interval '180 days')`);
  // An explicit id leaves the identity behind: bring it level so later inserts do not collide with 1.
  await tx.query(`SELECT setval(pg_get_serial_sequence('folders', 'id'), (SELECT max(id) FROM folders))`);

  // One statement per depth: a level's parents are known once the level above is in.
  const pathIds = new Map<string, number>([['', 1]]);
  let level: { path: string[]; spec: FolderSpec; position: number }[] = FOLDERS.map((spec, position) => ({
    path: [spec.name],
    spec,
    position,
  }));
  while (level.length > 0) {
    const rows = await insertRows(
      tx,
      'folders',
      { name: 'text', parent_id: 'integer', position: 'integer' },
      level.map((entry) => ({
        name: entry.spec.name,
        parent_id: must(pathIds, entry.path.slice(0, -1).join('/')),
        position: entry.position,
        _age: ago(entry.spec.imported ? 61 : 170 - entry.path.length * 10 - entry.position),
      })),
      { stamped: true, returning: 'id, parent_id, position' },
    );
    const ids = idsBy(rows, (row) => `${row.parent_id}:${row.position}`);
    for (const entry of level)
      pathIds.set(
        entry.path.join('/'),
        must(ids, `${must(pathIds, entry.path.slice(0, -1).join('/'))}:${entry.position}`),
      );
    level = level.flatMap((entry) =>
      (entry.spec.children ?? []).map((spec, position) => ({ path: [...entry.path, spec.name], spec, position })),
    );
  }

  const importRoot = FOLDERS.find((folder) => folder.imported);
  if (!importRoot) throw new Error('Demo seed: the knowledge base has no imported branch');
  const countFolders = (spec: FolderSpec): number =>
    1 + (spec.children ?? []).reduce((sum, child) => sum + countFolders(child), 0);
  const importedSheets = SHEETS.filter((sheet) => sheet.path[0] === importRoot.name);
  const [{ id: importId }] = await insertRows(
    tx,
    'imports',
    { filename: 'text', type: 'text', status: 'text', version: 'integer', root_folder_id: 'integer', summary: 'jsonb' },
    [
      {
        filename: IMPORT_FILENAME,
        type: 'xmind',
        status: 'active',
        version: 1,
        root_folder_id: must(pathIds, importRoot.name),
        summary: { folders: countFolders(importRoot), sheets: importedSheets.length },
        _age: ago(61, 2),
        _touched: ago(61),
      },
    ],
    { stamped: true, computed: { activated_at: "now() - x._age + interval '2 hours'" }, returning: 'id' },
  );

  const sheetRows = await insertRows(
    tx,
    'sheets',
    { title: 'text', content: 'text', folder_id: 'integer', status: 'text', import_id: 'integer' },
    SHEETS.map((sheet) => ({
      title: sheet.title,
      content: sheet.content,
      folder_id: must(pathIds, sheet.path.join('/')),
      status: sheet.status,
      import_id: sheet.path[0] === importRoot.name ? importId : null,
      _age: ago(sheet.days, 4),
      _touched: ago(Math.max(0, sheet.days - 3)),
    })),
    { stamped: true, returning: 'id, title' },
  );
  const sheetIds = idsBy(sheetRows, (row) => row.title);
  await insertRows(
    tx,
    'sheet_tags',
    { sheet_id: 'integer', tag_id: 'integer' },
    SHEETS.flatMap((sheet) =>
      sheet.tags.map((tag) => ({ sheet_id: must(sheetIds, sheet.title), tag_id: must(tags, tag) })),
    ),
  );
}
