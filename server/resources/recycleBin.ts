import { BINNABLE_RESOURCES, isBinnable, LABEL_MAX_LENGTH, RECYCLE_BIN } from '../../src/domain/recycleBin.ts';
import type { Database, Queryable, Row } from '../db/database.ts';
import { binnedFileKeys } from '../storage/fileRemovals.ts';
import { removeAll, type FileStorage } from '../storage/fileStorage.ts';
import { currentScope, runAsAction, runAsDefaultAction, scopeSettingQuery } from '../db/scope.ts';
import { ApiError, notFound, problem } from '../shared/errors.ts';
import { ident } from '../shared/sql.ts';
import { declarations, declarationsByName } from './definitions/index.ts';
import { insertionOrder, readCatalogue, type ForeignKey, type SchemaCatalogue } from './foreignKeys.ts';
import { iriOf } from './iri.ts';
import { putRemovalBack, removedContents } from './draftRemovals.ts';
import { liveLevels, showRemovedSql, type RemovedRelations } from './liveVersion.ts';
import { lockGroups, placeAmongSiblings, siblingGroupOf } from './siblings.ts';
import { structureColumnOf } from './tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/** A table's rows kept in a bin item, in the order they are inserted again. */
interface BinnedRows {
  table: string;
  rows: Row[];
}

/** A reference elsewhere that the delete set to NULL, put back by a restore. */
interface SetNull {
  table: string;
  column: string;
  id: number;
  value: unknown;
  references: string;
}

const resourceOfTable = (table: string): ResourceDeclaration | undefined =>
  declarations.find((declaration) => declaration.table === table);

/**
 * Runs `work` inside the transaction over every structure's rows, then gives the transaction its scope
 * back. What a delete takes with it is PostgreSQL's cascade, which row-level security does not narrow:
 * the bin keeps, and a restore puts back, all of it. The record itself is always reached in the session's
 * own scope first.
 */
async function acrossStructures<T>(tx: Queryable, work: () => Promise<T>): Promise<T> {
  const scope = currentScope() ?? { structure: null, platform: false };
  await tx.query(...scopeSettingQuery({ ...scope, structure: null, platform: true }));
  // Nodes removed from a course's draft go with their course too.
  await tx.query(showRemovedSql(true));
  // A failure rolls the transaction back, scope and all: only a success needs its scope given back.
  const result = await work();
  await tx.query(...scopeSettingQuery(scope));
  await tx.query(showRemovedSql(false));
  return result;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, LABEL_MAX_LENGTH);

function labelOf(declaration: ResourceDeclaration, row: Row): string {
  const field = isBinnable(declaration.name) ? BINNABLE_RESOURCES[declaration.name].label : undefined;
  const value = field && declaration.fields[field] ? row[columnOf(field, declaration.fields[field])] : undefined;
  if (typeof value === 'string' && value.trim() !== '') return oneLine(value);
  return `${declaration.type} ${row.id}${typeof row.type === 'string' ? ` (${row.type})` : ''}`;
}

/** How the French refusals name a row of a table: its resource's word, or a neutral one. */
const nameOfTable = (table: string) => {
  const resource = resourceOfTable(table)?.name;
  return resource && isBinnable(resource) ? BINNABLE_RESOURCES[resource].name : "l'élément qui le contenait";
};

interface PgError {
  code?: string;
  table?: string;
  constraint?: string;
}

/**
 * A unique value now someone else's, as a French refusal: a restore never takes it from them. PostgreSQL
 * does not say the value under row-level security: the constraint's columns are read from the catalogue,
 * the value from the row put back (when its table had one row in the bin).
 */
async function takenValue(db: Queryable, error: unknown, binned: readonly BinnedRows[]): Promise<unknown> {
  const pg = error as PgError;
  if (error instanceof ApiError || pg?.code !== '23505' || !pg.constraint) return error;
  const columns = (
    await db.query<{ column: string }>(
      `SELECT a.attname AS column FROM pg_index i
         JOIN pg_class c ON c.oid = i.indexrelid AND c.relnamespace = 'public'::regnamespace
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE c.relname = $1 ORDER BY a.attnum`,
      [pg.constraint],
    )
  )
    .map((row) => row.column)
    // Unique within a structure: the structure goes without saying.
    .filter((column) => column !== 'company_id');
  const rows = binned.find((group) => group.table === pg.table)?.rows ?? [];
  const value = rows.length === 1 ? columns.map((column) => String(rows[0][column])).join(', ') : undefined;
  const what = columns.length > 0 ? ` : ${columns.join(', ')}${value ? ` « ${value} »` : ''}` : '';
  return problem(
    409,
    `Restauration impossible : une valeur qui doit rester unique est désormais prise par un autre enregistrement${what}. Modifiez cet autre enregistrement, puis restaurez.`,
    { reason: 'taken' },
  );
}

/**
 * The snapshot recycle bin (migration 0015): a delete of a binnable resource keeps, in its transaction, the
 * record and every row the delete takes with it; a restore puts them back with their ids.
 */
export class RecycleBin {
  private catalogue?: Promise<SchemaCatalogue>;

  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
  ) {}

  private schema(tx: Queryable): Promise<SchemaCatalogue> {
    this.catalogue ??= readCatalogue(tx).catch((error: unknown) => {
      this.catalogue = undefined;
      throw error;
    });
    return this.catalogue;
  }

  /**
   * Before a delete, in its transaction: keeps the record (reached through `scope`, conditions on `t`) with
   * what its delete takes, as one bin item. Answers false when the record is not there (the delete then
   * finds nothing either). Resources that are not binnable are not kept.
   */
  async keep(
    tx: Queryable,
    declaration: ResourceDeclaration,
    id: number,
    scope: readonly string[],
    deletedBy: number | null,
  ): Promise<boolean> {
    if (!isBinnable(declaration.name)) return true;
    const [root] = await tx.query<{ row: Row }>(
      `SELECT to_jsonb(t) AS row FROM ${ident(declaration.table)} t WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')}`,
      [id],
    );
    if (!root) return false;
    const schema = await this.schema(tx);
    await acrossStructures(tx, async () => {
      const { groups, setNull } = await this.cascadeOf(tx, schema, declaration.table, root.row);
      const contents: Record<string, number> = {};
      for (const group of groups) {
        const resource = resourceOfTable(group.table)?.name;
        const count = group.rows.length - (group.table === declaration.table ? 1 : 0);
        if (resource && count > 0) contents[resource] = (contents[resource] ?? 0) + count;
      }
      // Removed nodes it takes along are in this item now: theirs would restore what is gone.
      for (const level of liveLevels()) {
        const ids = groups.find((group) => group.table === level.table)?.rows.map((row) => row.id) ?? [];
        if (ids.length > 0)
          await tx.query(`DELETE FROM recycle_bin WHERE removal AND resource = $1 AND record_id = ANY($2::int4[])`, [
            level.resource,
            ids,
          ]);
      }
      await this.insertItem(tx, declaration, root.row, deletedBy, { contents, rows: groups, setNull, removal: false });
    });
    return true;
  }

  /**
   * After a node of a published course is marked removed from its draft (liveVersion.ts's `removeFromDraft`),
   * in its transaction: its bin item, which keeps the relations the removal took; the node stays in its table.
   */
  async keepRemoval(
    tx: Queryable,
    declaration: ResourceDeclaration,
    id: number,
    taken: RemovedRelations[],
    deletedBy: number | null,
  ): Promise<void> {
    if (!isBinnable(declaration.name)) return;
    await tx.query(showRemovedSql(true));
    const [root] = await tx.query<{ row: Row }>(
      `SELECT to_jsonb(t) AS row FROM ${ident(declaration.table)} t WHERE t.id = $1`,
      [id],
    );
    await tx.query(showRemovedSql(false));
    const contents = await removedContents(tx, declaration.name, id);
    await this.insertItem(tx, declaration, root.row, deletedBy, { contents, rows: taken, setNull: [], removal: true });
  }

  private async insertItem(
    tx: Queryable,
    declaration: ResourceDeclaration,
    root: Row,
    deletedBy: number | null,
    item: { contents: Record<string, number>; rows: BinnedRows[]; setNull: SetNull[]; removal: boolean },
  ): Promise<void> {
    const tenancy = declaration.access.tenancy;
    const structure = tenancy.rows === 'platform' ? null : (root[structureColumnOf(tenancy)] ?? null);
    await tx.query(
      `INSERT INTO recycle_bin (company_id, resource, record_id, label, deleted_by_id, deleted_by_name, expires_at,
                                contents, rows, set_null, removal)
       VALUES ($1, $2, $3, $4, $5, (SELECT concat_ws(' ', u.first_name, u.last_name) FROM users u WHERE u.id = $5),
               now() + make_interval(days => $6), $7::jsonb, $8::jsonb, $9::jsonb, $10)`,
      [
        structure,
        declaration.name,
        root.id,
        labelOf(declaration, root),
        deletedBy,
        this.retentionDays,
        JSON.stringify(item.contents),
        JSON.stringify(item.rows),
        JSON.stringify(item.setNull),
        item.removal,
      ],
    );
  }

  /**
   * In a discard's transaction, once its nodes are back in the draft: the bin items of their removals go, the
   * relations those removals took put back. `condition`: on the items, alias `b`, with `params`.
   */
  async takeRemovals(tx: Queryable, condition: string, params: unknown[]): Promise<void> {
    const items = await tx.query<{ id: number; rows: BinnedRows[] }>(
      `SELECT b.id, b.rows FROM recycle_bin b WHERE ${condition} ORDER BY b.id FOR UPDATE`,
      params,
    );
    if (items.length === 0) return;
    const schema = await this.schema(tx);
    for (const item of items) await this.insertBinned(tx, schema, item.rows);
    await tx.query('DELETE FROM recycle_bin WHERE id = ANY($1::int4[])', [items.map((item) => item.id)]);
  }

  /** A removal's relations back where what they name is still there (a tag erased meanwhile stays gone). */
  private async insertBinned(tx: Queryable, schema: SchemaCatalogue, binned: BinnedRows[]): Promise<void> {
    await acrossStructures(tx, async () => {
      for (const group of await this.restorable(tx, schema, binned, '', 0)) {
        if (group.rows.length === 0) continue;
        const columns = (schema.columns.get(group.table) ?? []).map(ident).join(', ');
        await tx.query(
          `INSERT INTO ${ident(group.table)} (${columns})
               SELECT ${columns} FROM jsonb_populate_recordset(NULL::${ident(group.table)}, $1::jsonb)
           ON CONFLICT DO NOTHING`,
          [JSON.stringify(group.rows)],
        );
      }
    });
  }

  /** The record's row and every row its delete cascades to, by table in insertion order, and the SET NULL it makes. */
  private async cascadeOf(tx: Queryable, schema: SchemaCatalogue, table: string, root: Row) {
    const kept = new Map<string, Map<string, Row>>();
    const add = (into: string, rows: Row[]) => {
      const known = kept.get(into) ?? new Map<string, Row>();
      kept.set(into, known);
      const fresh = rows.filter((row) => !known.has(keyOf(row)));
      for (const row of fresh) known.set(keyOf(row), row);
      return fresh;
    };
    const keyOf = (row: Row) => (row.id === undefined ? JSON.stringify(row) : String(row.id));
    const setNull: SetNull[] = [];
    const frontier: BinnedRows[] = [{ table, rows: add(table, [root]) }];
    for (let next = frontier.shift(); next; next = frontier.shift()) {
      for (const key of schema.foreignKeys) {
        if (key.references !== next.table || (key.onDelete !== 'c' && key.onDelete !== 'n')) continue;
        const values = [...new Set(next.rows.map((row) => row[key.referencedColumn]).filter((value) => value != null))];
        if (values.length === 0) continue;
        const pointing = `FROM ${ident(key.table)} c WHERE c.${ident(key.column)} = ANY($1::${key.type}[])`;
        if (key.onDelete === 'c') {
          const found = await tx.query<{ row: Row }>(`SELECT to_jsonb(c) AS row ${pointing}`, [values]);
          const fresh = add(
            key.table,
            found.map((item) => item.row),
          );
          if (fresh.length > 0) frontier.push({ table: key.table, rows: fresh });
        } else if (schema.columns.get(key.table)?.includes('id')) {
          const found = await tx.query<{ id: number; value: unknown }>(
            `SELECT c.id, c.${ident(key.column)} AS value ${pointing}`,
            [values],
          );
          for (const row of found)
            setNull.push({
              table: key.table,
              column: key.column,
              id: row.id,
              value: row.value,
              references: key.references,
            });
        }
      }
    }
    const order = insertionOrder([...kept.keys()], schema.foreignKeys);
    return {
      groups: order.map((name) => ({ table: name, rows: [...kept.get(name)!.values()] })),
      // A row that goes too is put back whole: its reference needs no second write.
      setNull: setNull.filter((entry) => !kept.get(entry.table)?.has(String(entry.id))),
    };
  }

  /** Puts a bin item back whole, in the session's scope (conditions on `t` of recycle_bin); answers what it restored. */
  async restore(itemId: number, scope: readonly string[]): Promise<{ resource: string; record: string }> {
    let binned: BinnedRows[] = [];
    try {
      return await this.db.transaction(async (tx) => {
        const [item] = await tx.query<{
          resource: string;
          record_id: number;
          rows: BinnedRows[];
          set_null: SetNull[];
          removal: boolean;
        }>(
          `SELECT t.resource, t.record_id, t.rows, t.set_null, t.removal FROM recycle_bin t
            WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')} FOR UPDATE`,
          [itemId],
        );
        if (!item) throw notFound(`Recycle bin item ${itemId} not found.`);
        const declaration = declarationsByName.get(item.resource);
        if (!declaration) throw notFound(`Recycle bin item ${itemId} not found.`);
        binned = item.rows;
        const schema = await this.schema(tx);
        // The audit log's entry names the record put back, not the bin's item: known only now.
        await runAsDefaultAction('restore', { resource: declaration.name, id: item.record_id }, async () => {
          await tx.query(...scopeSettingQuery(currentScope()!));
          if (item.removal) {
            // Still in its table, marked removed from its course's draft: back into the draft.
            await putRemovalBack(tx, declaration.name, item.record_id);
            await this.insertBinned(tx, schema, item.rows);
          } else await this.putBack(tx, schema, declaration, item);
        });
        await tx.query('DELETE FROM recycle_bin WHERE id = $1', [itemId]);
        return { resource: declaration.name, record: iriOf(declaration.name, item.record_id) };
      });
    } catch (error) {
      throw await takenValue(this.db, error, binned);
    }
  }

  /**
   * An item's rows back in their tables, the record in its place among its siblings, and the references its
   * delete set to NULL set again.
   */
  private async putBack(
    tx: Queryable,
    schema: SchemaCatalogue,
    declaration: ResourceDeclaration,
    item: { record_id: number; rows: BinnedRows[]; set_null: SetNull[] },
  ): Promise<void> {
    await acrossStructures(tx, async () => {
      const groups = await this.restorable(tx, schema, item.rows, declaration.table, item.record_id);
      const root = groups
        .find((group) => group.table === declaration.table)!
        .rows.find((row) => row.id === item.record_id)!;
      const siblings = siblingGroupOf(declaration);
      const parent = siblings ? ((root[siblings.parentColumn] as number | null) ?? null) : null;
      if (siblings) await lockGroups(tx, siblings, [parent]);
      for (const group of groups) {
        if (group.rows.length === 0) continue;
        const columns = (schema.columns.get(group.table) ?? []).map(ident).join(', ');
        await tx.query(
          `INSERT INTO ${ident(group.table)} (${columns}) OVERRIDING SYSTEM VALUE
               SELECT ${columns} FROM jsonb_populate_recordset(NULL::${ident(group.table)}, $1::jsonb)`,
          [JSON.stringify(group.rows)],
        );
      }
      // Back into its place among its siblings (the end when they are fewer now), the others shifting.
      if (siblings) await placeAmongSiblings(tx, siblings, item.record_id, parent, Number(root.position ?? 0));
      const restored = new Map(groups.map((group) => [group.table, new Set(group.rows.map((row) => String(row.id)))]));
      for (const entry of item.set_null) {
        if (!restored.get(entry.references)?.has(String(entry.value))) continue;
        await tx.query(
          `UPDATE ${ident(entry.table)} SET ${ident(entry.column)} = $1 WHERE id = $2 AND ${ident(entry.column)} IS NULL`,
          [entry.value, entry.id],
        );
      }
    });
  }

  /**
   * The rows that can go back: a reference to what no longer exists is set to NULL where the delete of that
   * row would have done so, and the row dropped where its delete would have taken it; the record's own
   * parent gone refuses the restore.
   */
  private async restorable(
    tx: Queryable,
    schema: SchemaCatalogue,
    binned: readonly BinnedRows[],
    rootTable: string,
    rootId: number,
  ): Promise<BinnedRows[]> {
    const kept = new Map<string, Row[]>();
    for (const group of binned) {
      let rows = group.rows;
      for (const key of schema.foreignKeys.filter((candidate) => candidate.table === group.table)) {
        const inside = new Set(
          [...(kept.get(key.references) ?? []), ...(key.references === group.table ? rows : [])].map((row) =>
            String(row[key.referencedColumn]),
          ),
        );
        const outside = [
          ...new Set(rows.map((row) => row[key.column]).filter((value) => value != null && !inside.has(String(value)))),
        ];
        if (outside.length === 0) continue;
        const present = new Set(
          (
            await tx.query<{ value: string }>(
              `SELECT r.${ident(key.referencedColumn)}::text AS value FROM ${ident(key.references)} r
                WHERE r.${ident(key.referencedColumn)} = ANY($1::${key.type}[])`,
              [outside],
            )
          ).map((row) => row.value),
        );
        const missing = (row: Row) =>
          row[key.column] != null && !inside.has(String(row[key.column])) && !present.has(String(row[key.column]));
        const next: Row[] = [];
        for (const row of rows) {
          if (!missing(row)) next.push(row);
          else if (key.onDelete === 'n') next.push({ ...row, [key.column]: null });
          else if (group.table === rootTable && row.id === rootId)
            throw await this.parentGone(tx, key, row[key.column]);
          else if (key.onDelete !== 'c')
            throw problem(
              422,
              `Restauration impossible : ${nameOfTable(key.references)} auquel il renvoie n'existe plus.`,
              {
                reason: 'reference_gone',
              },
            );
        }
        rows = next;
      }
      kept.set(group.table, rows);
    }
    return binned.map((group) => ({ table: group.table, rows: kept.get(group.table) ?? [] }));
  }

  /** The French refusal of a restore whose parent is gone: in the bin (restore it first), or erased. */
  private async parentGone(tx: Queryable, key: ForeignKey, value: unknown): Promise<ApiError> {
    const [holder] = await tx.query<{ id: number; label: string }>(
      `SELECT id, label FROM recycle_bin WHERE rows @> $1::jsonb ORDER BY deleted_at DESC LIMIT 1`,
      [JSON.stringify([{ table: key.references, rows: [{ [key.referencedColumn]: value }] }])],
    );
    const name = nameOfTable(key.references);
    if (holder)
      return problem(
        422,
        `Restauration impossible : ${name} qui le contenait, « ${holder.label} », est dans la corbeille. Restaurez-le d'abord.`,
        { reason: 'parent_binned', binned: iriOf(RECYCLE_BIN, holder.id) },
      );
    return problem(422, `Restauration impossible : ${name} qui le contenait a été supprimé définitivement.`, {
      reason: 'parent_erased',
    });
  }
}

/**
 * Erases bin items for good (`conditions` on `t`, with `params`), each logged as erased by the bin's
 * own trigger (migration 0037): answers how many went and the keys of the files their documents kept, which the caller
 * removes once the transaction is over.
 */
export async function eraseBinned(
  db: Queryable,
  conditions: readonly string[],
  params: unknown[] = [],
): Promise<{ erased: number; files: string[] }> {
  const [row] = await db.query<{ erased: number; files: string[] }>(
    `WITH gone AS (DELETE FROM recycle_bin t WHERE ${conditions.length > 0 ? conditions.join(' AND ') : 'true'}
                   RETURNING t.id, t.rows)
     SELECT (SELECT count(*) FROM gone)::int AS erased,
            ARRAY(SELECT k.key FROM gone, LATERAL (${binnedFileKeys('gone')}) AS k(key)) AS files`,
    params,
  );
  return { erased: Number(row.erased), files: row.files ?? [] };
}

/** How many expired items one statement erases: a large backlog goes in several short statements. */
const PURGE_BATCH = 100;

export const PURGE_EVERY_SECONDS = 3600;

/**
 * The periodic job: erases for good, with their files, the items kept past their expiry, on every
 * structure's bin (`db` on the platform's scope). Answers how many went.
 */
export async function purgeExpired(db: Database, files: FileStorage): Promise<number> {
  let total = 0;
  for (;;) {
    const { erased, files: keys } = await runAsAction('purge', { resource: RECYCLE_BIN }, () =>
      eraseBinned(db, [
        `t.id IN (SELECT id FROM recycle_bin WHERE expires_at <= now() ORDER BY expires_at, id LIMIT ${PURGE_BATCH})`,
      ]),
    );
    await removeAll(files, keys);
    total += erased;
    if (erased < PURGE_BATCH) return total;
  }
}
