import JSZip from 'jszip';
import { PERSONAL_DATA_ARCHIVE_VERSION } from '../../src/domain/personalData.ts';
import type { Database, Queryable } from '../db/database.ts';
import { PLATFORM, runInScope, scopeSettingQuery, type Scope } from '../db/scope.ts';
import { readCatalogue, type ForeignKey, type SchemaCatalogue } from '../resources/foreignKeys.ts';
import { ident } from '../shared/sql.ts';
import { FILE_REMOVALS_LOCK } from '../storage/fileRemovals.ts';
import type { FileStorage } from '../storage/fileStorage.ts';
import { ARCHIVE_FORMAT, MANIFEST, type Row } from './archive.ts';
import { RESET_ON_IMPORT, structureTables } from './structureTables.ts';

/** What a structure archive's manifest says, as far as a re-import reads it. */
interface StructureManifest {
  format: string;
  version: number;
  subject: { type: string; id: number };
  kinds: { kind: string; table: string; rows: number; json: string }[];
  files: { path: string; table: string; id: number; key?: string; mimeType: string }[];
}

export interface StructureImport {
  structure: number;
  /** Rows loaded, by table. */
  rows: Record<string, number>;
  /** Rows left out, by table: what they belonged to is in neither the archive nor this platform. */
  leftOut: Record<string, number>;
  files: number;
}

/** Rows a statement inserts at most: a JSON parameter of a few megabytes. */
const BATCH = 500;

async function readArchive(zip: JSZip): Promise<StructureManifest> {
  const entry = zip.file(MANIFEST);
  if (!entry) throw new Error('Cette archive n’a pas de manifest.json : ce n’est pas un export de structure.');
  const manifest = JSON.parse(await entry.async('string')) as StructureManifest;
  if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== PERSONAL_DATA_ARCHIVE_VERSION)
    throw new Error(
      `Format d’archive inconnu : ${String(manifest.format)} version ${String(manifest.version)} (attendu : ${ARCHIVE_FORMAT} version ${PERSONAL_DATA_ARCHIVE_VERSION}).`,
    );
  if (manifest.subject?.type !== 'structure' || !Number.isSafeInteger(manifest.subject.id))
    throw new Error('Cette archive est celle d’une personne, pas d’une structure.');
  return manifest;
}

/**
 * The tables in an order where each comes after those it references, as server/resources/foreignKeys.ts's
 * `insertionOrder`, but a cycle (a structure names its logo, a document its structure) is broken at a
 * reference that may be NULL for a while (ON DELETE SET NULL), filled once its table is in.
 */
function tableOrder(tables: readonly string[], foreignKeys: readonly ForeignKey[]): string[] {
  const among = new Set(tables);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const ready = (table: string, strict: boolean) =>
    foreignKeys
      .filter((key) => key.table === table && key.references !== table && among.has(key.references))
      .every((key) => placed.has(key.references) || (!strict && key.onDelete === 'n'));
  while (ordered.length < tables.length) {
    const left = tables.filter((table) => !placed.has(table));
    const next = left.find((table) => ready(table, true)) ?? left.find((table) => ready(table, false)) ?? left[0];
    ordered.push(next);
    placed.add(next);
  }
  return ordered;
}

/**
 * How each table's rows go in: the columns written (those the schema has and the archive gives, generated
 * ones aside), those written afterwards because they point at a table inserted later (a structure's logo, a
 * document), and the references, which a new installation may lack the rows of.
 */
interface TablePlan {
  table: string;
  rows: Row[];
  columns: string[];
  later: string[];
  /** The table's references among the columns written. */
  keys: ForeignKey[];
}

function planOf(
  table: string,
  rows: Row[],
  placed: ReadonlySet<string>,
  inArchive: ReadonlySet<string>,
  schema: SchemaCatalogue,
): TablePlan {
  const given = new Set(rows.flatMap((row) => Object.keys(row)));
  const columns = (schema.columns.get(table) ?? []).filter((column) => given.has(column));
  const keys = schema.foreignKeys.filter((key) => key.table === table && columns.includes(key.column));
  return {
    table,
    rows,
    columns,
    later: keys
      .filter((key) => key.references !== table && inArchive.has(key.references) && !placed.has(key.references))
      .map((key) => key.column),
    keys,
  };
}

/**
 * A reference to a row neither in the archive nor in this platform (a skill of the platform's catalogue that a
 * new installation lacks, a member of platform staff who enrolled a learner) reads as that row's deletion would
 * have left it: NULL where its key says SET NULL, the row left out where it says CASCADE (and, in turn, the rows
 * of the archive that reference it). Any other missing reference fails the import, as PostgreSQL's check says.
 * `loaded` holds each table's rows as they go in, those left out already removed.
 */
async function settleMissingReferences(
  tx: Queryable,
  plan: TablePlan,
  loaded: ReadonlyMap<string, Row[]>,
  back: Scope,
): Promise<Row[]> {
  const keys = plan.keys.filter((key) => key.onDelete === 'n' || key.onDelete === 'c');
  if (keys.length === 0) return [];
  const present = new Map<ForeignKey, Set<string>>();
  await tx.query(...scopeSettingQuery(PLATFORM));
  const values = (rows: readonly Row[], column: string) =>
    rows
      .map((row) => row[column])
      .filter((value) => value !== null && value !== undefined)
      .map(String);
  for (const key of keys) {
    const inArchive = new Set(
      values(key.references === plan.table ? plan.rows : (loaded.get(key.references) ?? []), key.referencedColumn),
    );
    const wanted = [...new Set(values(plan.rows, key.column))].filter((value) => !inArchive.has(value));
    const found =
      wanted.length === 0
        ? []
        : await tx.query<{ id: unknown }>(
            `SELECT ${ident(key.referencedColumn)} AS id FROM ${ident(key.references)} WHERE ${ident(key.referencedColumn)}::text = ANY($1::text[])`,
            [wanted],
          );
    present.set(key, new Set([...inArchive, ...found.map((row) => String(row.id))]));
  }
  await tx.query(...scopeSettingQuery(back));

  const left: Row[] = [];
  // A row left out may be the parent of another of the same table (a folder's subfolder): until none is.
  for (let changed = true; changed;) {
    changed = false;
    const kept: Row[] = [];
    for (const row of plan.rows) {
      const missing = keys.filter((key) => {
        const value = row[key.column];
        return value !== null && value !== undefined && !present.get(key)!.has(String(value));
      });
      if (missing.some((key) => key.onDelete === 'c')) {
        left.push(row);
        changed = true;
        for (const key of keys)
          if (key.references === plan.table && row[key.referencedColumn] !== undefined)
            present.get(key)!.delete(String(row[key.referencedColumn]));
      } else {
        for (const key of missing) row[key.column] = null;
        kept.push(row);
      }
    }
    plan.rows = kept;
  }
  return left;
}

async function insertRows(tx: Queryable, plan: TablePlan, rows: readonly Row[]): Promise<void> {
  const list = plan.columns.map(ident).join(', ');
  const reset = RESET_ON_IMPORT[plan.table] ?? [];
  const values = plan.columns
    .map((column) => (plan.later.includes(column) || reset.includes(column) ? 'NULL' : `x.${ident(column)}`))
    .join(', ');
  for (let start = 0; start < rows.length; start += BATCH)
    await tx.query(
      `INSERT INTO ${ident(plan.table)} (${list}) OVERRIDING SYSTEM VALUE
       SELECT ${values} FROM jsonb_populate_recordset(NULL::${ident(plan.table)}, $1::jsonb) x`,
      [JSON.stringify(rows.slice(start, start + BATCH))],
    );
}

/** The references put off until their rows were in. */
async function fillLater(tx: Queryable, plan: TablePlan): Promise<void> {
  for (const column of plan.later)
    for (let start = 0; start < plan.rows.length; start += BATCH)
      await tx.query(
        `UPDATE ${ident(plan.table)} t SET ${ident(column)} = x.${ident(column)}
           FROM jsonb_populate_recordset(NULL::${ident(plan.table)}, $1::jsonb) x
          WHERE t.id = x.id AND x.${ident(column)} IS NOT NULL`,
        [JSON.stringify(plan.rows.slice(start, start + BATCH))],
      );
}

/** The table's id sequence (serial or identity) moved past the ids written, so that the next insert takes a new one. */
async function movePastIds(tx: Queryable, plan: TablePlan): Promise<void> {
  if (!plan.columns.includes('id')) return;
  const highest = Math.max(0, ...plan.rows.map((row) => Number(row.id)).filter(Number.isSafeInteger));
  if (highest === 0) return;
  const [{ sequence }] = await tx.query<{ sequence: string | null }>(
    `SELECT pg_get_serial_sequence($1, 'id') AS sequence`,
    [ident(plan.table)],
  );
  if (!sequence) return;
  // The sequence's name comes from the catalogue, already quoted.
  const [{ last }] = await tx.query<{ last: string }>(`SELECT last_value AS last FROM ${sequence}`);
  if (Number(last) < highest) await tx.query('SELECT setval($1::regclass, $2::bigint)', [sequence, highest]);
}

/**
 * Loads a structure's export (server/privacy/exportStructure.ts) into this database, which must not hold it:
 * every row with its id as in the archive, tables in the order of their references (a column pointing at a
 * table inserted later is filled once that table is in), each table's id sequence moved past the ids written,
 * and the files written back to the store under their keys. One transaction in the structure's own scope, as
 * the application's role: row-level security checks every row inserted is the structure's (an archive edited
 * to plant rows in another structure is refused), and the triggers keep the audit log and the counts as for
 * any write. The rows of one user's own (saved views) go in that user's scope. An archive of another format,
 * or of a structure already here, is refused before anything is written; a failure writes nothing (the files
 * already written are removed).
 */
export async function importStructure(db: Database, files: FileStorage, archive: Buffer): Promise<StructureImport> {
  const zip = await JSZip.loadAsync(archive);
  const manifest = await readArchive(zip);
  const structure = manifest.subject.id;
  const [present] = await runInScope(PLATFORM, () => db.query('SELECT 1 FROM companies WHERE id = $1', [structure]));
  if (present) throw new Error(`La structure n° ${structure} existe déjà dans cette base : elle n’est pas importée.`);

  const rowsByTable = new Map<string, Row[]>();
  for (const kind of manifest.kinds) {
    const entry = zip.file(kind.json);
    if (!entry) throw new Error(`L’archive n’a pas le fichier ${kind.json} que son manifest annonce.`);
    rowsByTable.set(kind.table, JSON.parse(await entry.async('string')) as Row[]);
  }
  // A restore, as the recycle bin's: a published course inserted so keeps the live version the archive holds
  // (server/resources/liveVersion.ts) rather than publishing its draft anew.
  const scope: Scope = {
    structure,
    platform: false,
    userId: null,
    action: 'restore',
    resource: 'companies',
    recordId: structure,
  };
  const written: string[] = [];
  const leftOut: Record<string, number> = {};
  const leftOutRows = new Set<string>();
  try {
    await runInScope(scope, () =>
      db.transaction(async (tx) => {
        // The file-removal job waits: a key queued by an earlier deletion of this structure must not leave the
        // store between the file's write here and the commit of the row that holds it.
        await tx.query('SELECT pg_advisory_xact_lock($1)', [FILE_REMOVALS_LOCK]);
        const schema = await readCatalogue(tx);
        const known = await structureTables(tx, schema);
        const unknown = [...rowsByTable.keys()].filter((table) => !known.some((entry) => entry.table === table));
        if (unknown.length > 0)
          throw new Error(`Tables inconnues de cette base (versions différentes ?) : ${unknown.join(', ')}.`);
        // An owner the schema keeps no reference to (a course's draft writes) is waited for as one.
        const owned = known.flatMap(({ table, owner }): ForeignKey[] =>
          owner
            ? [
                {
                  table,
                  column: owner.column,
                  type: 'integer',
                  references: owner.table,
                  referencedColumn: 'id',
                  onDelete: 'c',
                },
              ]
            : [],
        );
        const order = tableOrder([...rowsByTable.keys()].sort(), [...schema.foreignKeys, ...owned]);
        const inArchive = new Set(order);
        const placed = new Set<string>();
        const plans: TablePlan[] = [];
        for (const table of order) {
          const plan = planOf(table, rowsByTable.get(table)!, placed, inArchive, schema);
          placed.add(table);
          plans.push(plan);
          const left = await settleMissingReferences(tx, plan, rowsByTable, scope);
          if (left.length > 0) leftOut[table] = left.length;
          for (const row of left) leftOutRows.add(`${table}:${String(row.id)}`);
          rowsByTable.set(table, plan.rows);
          if (known.find((entry) => entry.table === table)?.userScoped) {
            for (const user of new Set(plan.rows.map((row) => Number(row.user_id)))) {
              await tx.query(...scopeSettingQuery({ ...scope, userId: user }));
              await insertRows(
                tx,
                plan,
                plan.rows.filter((row) => Number(row.user_id) === user),
              );
            }
            await tx.query(...scopeSettingQuery(scope));
          } else await insertRows(tx, plan, plan.rows);
        }
        for (const plan of plans) {
          await fillLater(tx, plan);
          await movePastIds(tx, plan);
        }
        const keys = manifest.files.flatMap((file) => (file.key ? [file.key] : []));
        await tx.query('DELETE FROM file_removals WHERE storage_key = ANY($1::text[])', [keys]);
        for (const file of manifest.files) {
          // The file of a row left out would be held by nothing.
          if (leftOutRows.has(`${file.table}:${file.id}`)) continue;
          const body = zip.file(file.path);
          if (!file.key || !body) throw new Error(`Le fichier ${file.path} manque à l’archive, ou sa clé au manifest.`);
          await files.write(file.key, await body.async('nodebuffer'), file.mimeType);
          written.push(file.key);
        }
      }),
    );
  } catch (error) {
    await Promise.allSettled(written.map((key) => files.remove(key)));
    throw error;
  }
  return {
    structure,
    rows: Object.fromEntries([...rowsByTable].map(([table, rows]) => [table, rows.length])),
    leftOut,
    files: written.length,
  };
}
