import type { Readable } from 'node:stream';
import type { Database, Queryable } from '../db/database.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import { runAsAction, runInScope, scopeSettingQuery, type Scope } from '../db/scope.ts';
import { showRemovedSql } from '../resources/liveVersion.ts';
import { ident } from '../shared/sql.ts';
import { FILE_ROWS } from '../storage/fileRemovals.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { streamArchive, type ArchiveFile, type ArchiveKind, type Row } from './archive.ts';
import { structureTables, type StructureTable } from './structureTables.ts';

const byId = (a: Row, b: Row) =>
  Number(a.id ?? 0) - Number(b.id ?? 0) || JSON.stringify(a).localeCompare(JSON.stringify(b));

/** A table's rows of the structure, whole (every column a re-import writes back), in id order. */
async function rowsOf(tx: Queryable, entry: StructureTable, structure: number, user?: number): Promise<Row[]> {
  const rows = await tx.query<{ row: Row }>(
    `SELECT to_jsonb(t) AS row FROM ${ident(entry.table)} t WHERE ${entry.condition}${user ? ' AND t.user_id = $2' : ''}`,
    user ? [structure, user] : [structure],
  );
  return rows.map(({ row }) => row).sort(byId);
}

const keyOf = (table: string) => FILE_ROWS.find((entry) => entry.table === table)?.key;

/** A stored file a row names: its key, and how the archive names it. */
function fileOf(table: string, row: Row, files: FileStorage): ArchiveFile | undefined {
  const column = keyOf(table);
  const key = column ? row[column] : undefined;
  if (typeof key !== 'string' || key === '') return undefined;
  return {
    table,
    id: Number(row.id),
    name: typeof row.name === 'string' ? row.name : `${table}-${String(row.id)}.zip`,
    mimeType: typeof row.mime_type === 'string' ? row.mime_type : 'application/zip',
    key,
    open: () => files.read(key),
  };
}

/**
 * Every stored file the rows name: the file rows' (documents, ticket attachments, personal data archives),
 * and those of the rows kept in the structure's recycle bin, which a restore after the re-import needs.
 */
function filesNamed(kinds: readonly ArchiveKind[], files: FileStorage): ArchiveFile[] {
  const found: ArchiveFile[] = [];
  for (const kind of kinds) {
    if (kind.table === 'recycle_bin') {
      for (const item of kind.rows)
        for (const group of (item.rows ?? []) as { table: string; rows: Row[] }[])
          for (const row of group.rows) {
            const file = fileOf(group.table, row, files);
            if (file) found.push(file);
          }
    } else {
      for (const row of kind.rows) {
        const file = fileOf(kind.table, row, files);
        if (file) found.push(file);
      }
    }
  }
  return found;
}

export interface StructureExport {
  stream: Readable;
  summary: { kinds: Record<string, number>; files: number; missingFiles: number };
}

/**
 * A structure's data, whole (docs/API.md, "Structure export"): every row of its own, table by table (the
 * kind is the table's name), with every column a re-import needs (password hashes and store keys included:
 * the archive is platform staff's), and the files they name, in the layout of a person's export. Read in
 * the structure's own scope, so that row-level security lets nothing of another structure in; one user's
 * own rows (saved views) in that user's scope, which their policy asks; the nodes removed from a course's
 * draft too. One transaction, so that the tables agree with each other, and which leaves its entry in the
 * audit log: who took the structure's data, and when. The ZIP is streamed.
 */
export async function exportStructure(
  db: Database,
  files: FileStorage,
  structure: number,
  requester: number,
): Promise<StructureExport> {
  const scope: Scope = { structure, platform: false, userId: requester };
  const kinds = await runInScope(scope, () =>
    runAsAction('export-structure', { resource: 'companies', id: structure }, () =>
      db.transaction(async (tx) => {
        await noteInAuditLog(tx, 'companies', structure);
        await tx.query(showRemovedSql(true));
        const tables = await structureTables(tx);
        const read: ArchiveKind[] = [];
        const kindOf = (entry: StructureTable, rows: Row[]): ArchiveKind => ({
          kind: entry.table,
          table: entry.table,
          what: `Rows of ${entry.table}.`,
          rows,
        });
        for (const entry of tables.filter((table) => !table.userScoped))
          read.push(kindOf(entry, await rowsOf(tx, entry, structure)));
        const users = (read.find((kind) => kind.table === 'users')?.rows ?? []).map((row) => Number(row.id));
        for (const entry of tables.filter((table) => table.userScoped)) {
          const rows: Row[] = [];
          for (const user of users) {
            // The same transaction, in the user's scope for the rows their policy keeps theirs.
            await tx.query(...scopeSettingQuery({ structure, platform: false, userId: user }));
            rows.push(...(await rowsOf(tx, entry, structure, user)));
          }
          await tx.query(...scopeSettingQuery(scope));
          read.push(kindOf(entry, rows.sort(byId)));
        }
        return read;
      }),
    ),
  );
  kinds.sort((a, b) => a.kind.localeCompare(b.kind));
  const named = filesNamed(kinds, files);
  const present: ArchiveFile[] = [];
  for (const file of named) if ((await files.size(file.key!)) !== undefined) present.push(file);
  return streamArchive({ type: 'structure', id: structure, structure }, kinds, present, named.length - present.length);
}
