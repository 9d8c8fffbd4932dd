import type { Database, Queryable } from '../db/database.ts';
import { runInScope, type Scope } from '../db/scope.ts';
import { jsonDocumentIdSql, documentBytes, readableDocuments } from '../resources/documentReads.ts';
import type { Reader } from '../resources/reach.ts';
import { ident } from '../shared/sql.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { buildArchive, type ArchiveFile, type ArchiveKind, type Row } from './archive.ts';
import { kindOf, OMITTED_COLUMNS, PERSONAL_COLUMNS, type PersonalColumn } from './personalRows.ts';

/** Whose data, in which structure. */
export interface Person {
  id: number;
  structure: number;
  email: string;
}

/** The rows of one table that name `person` in `column`, as the database keeps them, less OMITTED_COLUMNS. */
async function rowsNaming(tx: Queryable, entry: PersonalColumn, person: Person): Promise<Row[]> {
  const rows = await tx.query<{ row: Row }>(
    `SELECT to_jsonb(t) - $2::text[] AS row FROM ${ident(entry.table)} t WHERE t.${ident(entry.column)} = $1`,
    [entry.byAddress ? person.email : person.id, [...OMITTED_COLUMNS]],
  );
  return rows
    .map(({ row }) => row)
    .sort((a, b) => Number(a.id ?? 0) - Number(b.id ?? 0) || JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The files of the person's rows: documents they uploaded or answered with, their ticket attachments. */
async function filesOf(tx: Queryable, reader: Reader, files: FileStorage, person: Person): Promise<ArchiveFile[]> {
  const named = await tx.query<{ id: number }>(
    `SELECT id FROM documents WHERE owner_id = $1
     UNION SELECT ${jsonDocumentIdSql('r', 'value')} FROM chapter_part_responses r
      WHERE r.user_id = $1 AND ${jsonDocumentIdSql('r', 'value')} IS NOT NULL
     ORDER BY 1`,
    [person.id],
  );
  const readable = await readableDocuments(
    tx,
    reader,
    named.map((row) => Number(row.id)),
  );
  const documents: ArchiveFile[] = [...readable.values()].map((document) => ({
    table: 'documents',
    id: document.id,
    name: document.name,
    mimeType: document.mimeType,
    open: () => documentBytes(files, document),
  }));
  const attachments = await tx.query<{ id: number; name: string; mime_type: string; storage_key: string }>(
    'SELECT id, name, mime_type, storage_key FROM ticket_attachments WHERE uploader_id = $1 ORDER BY id',
    [person.id],
  );
  return [
    ...documents,
    ...attachments.map((attachment) => ({
      table: 'ticket_attachments',
      id: Number(attachment.id),
      name: attachment.name,
      mimeType: attachment.mime_type,
      open: () => files.read(attachment.storage_key),
    })),
  ];
}

/**
 * Everything that is `person`'s or about them (PERSONAL_COLUMNS' exported rows, their files), as the archive
 * of server/privacy/archive.ts. Read in their structure's scope, so that nothing of another structure can
 * come in; their own user rows (saved views, mentions) in a scope of theirs, which row-level security asks.
 * `reader` is who asked: the files are those they may read (every file of the structure, for its
 * administrators and platform staff).
 */
export async function exportPerson(
  db: Database,
  files: FileStorage,
  reader: Reader,
  person: Person,
  requester: number,
): Promise<Awaited<ReturnType<typeof buildArchive>>> {
  const structureScope: Scope = { structure: person.structure, platform: false, userId: requester };
  const personScope: Scope = { structure: person.structure, platform: false, userId: person.id };
  const exported = PERSONAL_COLUMNS.filter((entry) => entry.exported);
  const kinds: ArchiveKind[] = [];
  const read = (scope: Scope, entries: readonly PersonalColumn[]) =>
    runInScope(scope, () =>
      db.transaction(async (tx) => {
        for (const entry of entries)
          kinds.push({
            kind: kindOf(entry),
            table: entry.table,
            column: entry.column,
            what: entry.what,
            rows: await rowsNaming(tx, entry, person),
          });
      }),
    );
  await read(
    structureScope,
    exported.filter((entry) => !entry.userScoped),
  );
  await read(
    personScope,
    exported.filter((entry) => entry.userScoped),
  );
  const found = await runInScope(structureScope, () => db.transaction((tx) => filesOf(tx, reader, files, person)));
  kinds.sort((a, b) => a.kind.localeCompare(b.kind));
  return buildArchive({ type: 'person', id: person.id, structure: person.structure }, kinds, found);
}
