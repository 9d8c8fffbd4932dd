import type { Database, Queryable, Row } from '../db/database.ts';
import { runAsDefaultAction } from '../db/scope.ts';
import { badRequest, notFound, problem, unprocessable, violation } from '../shared/errors.ts';
import { RECYCLE_BIN_DEFAULT_DAYS } from '../../src/domain/recycleBin.ts';
import { ListCache } from './listCache.ts';
import { ListExport } from './listExport.ts';
import type { CsvFormat } from '../../src/domain/csvFrench.ts';
import { afterKeySql, orderBySql, orderKeyOf, orderKeysSelect } from './listOrder.ts';
import { parseListQuery, type ListQuery, type QueryValues } from './listQuery.ts';
import { mapPgError } from './pgErrors.ts';
import type { SchemaInfo } from './schemaInfo.ts';
import { itemJsonSql, type Format } from './serialize.ts';
import { RecycleBin } from './recycleBin.ts';
import { removeFromDraft } from './liveVersion.ts';
import { unreachable, unreachableRelations } from './references.ts';
import { prepareCreatePlacement, prepareRemoval, prepareUpdatePlacement, siblingGroupOf } from './siblings.ts';
import { ident, literal, Params } from '../shared/sql.ts';
import { columnOf, type CheckContext, type ResourceDeclaration } from './types.ts';
import { placeInStructure, planWrite, type WritePlan, type WriteSession } from './writes.ts';

export interface ListResult {
  /** Each member as JSON text, built by PostgreSQL. */
  members: string[];
  totalItems: number;
  page: number;
  itemsPerPage: number;
}

const staleWrite = (declaration: ResourceDeclaration, id: number) =>
  problem(409, `${declaration.type} ${id} was changed since it was read; reload it before saving.`, {
    reason: 'stale',
  });

/** Serves every declared resource: Hydra lists, items, creates, updates and deletes, one statement where one can do. */
export class ResourceEngine {
  private readonly cache = new ListCache();
  private readonly itemSql = new Map<string, string>();

  /** Where deletes of binnable resources keep what they delete. */
  readonly bin: RecycleBin;

  constructor(
    private readonly db: Database,
    private readonly schema: SchemaInfo,
    private readonly checkContext: CheckContext = { uploadMaxMb: 50 },
    recycleBinDays = RECYCLE_BIN_DEFAULT_DAYS,
  ) {
    this.bin = new RecycleBin(db, recycleBinDays);
  }

  /** The item's JSON as text: `::text` keeps the driver from parsing what is only forwarded. */
  private itemOf(declaration: ResourceDeclaration, format: Format): string {
    const key = `${declaration.name}|${format}`;
    let sql = this.itemSql.get(key);
    if (!sql) {
      sql = `(${itemJsonSql(declaration, format)})::text`;
      this.itemSql.set(key, sql);
    }
    return sql;
  }

  async list(
    declaration: ResourceDeclaration,
    query: QueryValues,
    format: Format,
    scope: string[] = [],
  ): Promise<ListResult> {
    try {
      return await this.listPage(declaration, query, format, scope);
    } catch (error) {
      throw mapPgError(error, declaration, 'read');
    }
  }

  private async listPage(
    declaration: ResourceDeclaration,
    query: QueryValues,
    format: Format,
    scope: string[],
  ): Promise<ListResult> {
    const list = parseListQuery(declaration, query, this.schema, scope);
    const offset = (list.page - 1) * list.itemsPerPage;
    const whereSql = list.where.length > 0 ? list.where.join(' AND ') : 'true';
    const filterParams = [...list.params.values];
    const listKey = `${declaration.table}|${whereSql}|${JSON.stringify(filterParams)}`;
    const orderKey = `${listKey}|${list.order.map((part) => `${part.column} ${part.direction}`).join(',')}`;

    // Without row counts there is no write generation either: no remembered boundary nor count can be trusted.
    const counted = declaration.rowCounts !== false;
    let page = await this.fetchPage(declaration, list, format, whereSql, filterParams, offset, orderKey, counted);
    if (page.staleBoundary)
      page = await this.fetchPage(declaration, list, format, whereSql, filterParams, offset, orderKey, false);

    let totalItems: number;
    const rowsOnPage = page.rows.length;
    if (rowsOnPage > 0 && rowsOnPage < list.itemsPerPage) totalItems = offset + rowsOnPage;
    else if (list.where.length === 0 && counted) totalItems = page.tableRows;
    else {
      const cached = counted ? this.cache.counts.get(listKey) : undefined;
      if (cached && cached.generation === page.generation && !list.readsOtherTables) totalItems = cached.total;
      else {
        const [count] = await this.db.query<{ n: number; g: number }>(
          `SELECT count(*) AS n, (SELECT generation FROM row_totals WHERE table_name = ${literal(declaration.table)}) AS g
             FROM ${ident(declaration.table)} t WHERE ${whereSql}`,
          filterParams,
        );
        totalItems = Number(count.n);
        this.cache.counts.set(listKey, { generation: Number(count.g), total: totalItems });
      }
    }
    return {
      members: page.rows.map((row) => row.__item as string),
      totalItems,
      page: list.page,
      itemsPerPage: list.itemsPerPage,
    };
  }

  /** The whole filtered list, in the list's order, read in batches for a CSV export (listExport.ts). */
  exportOf(declaration: ResourceDeclaration, query: QueryValues, scope: string[], format?: CsvFormat): ListExport {
    return new ListExport(this.db, this.schema, declaration, query, scope, format);
  }

  private readonly generations = new Map<string, number>();

  /**
   * One statement: the ids of the page (seeking from a remembered boundary when one is known, reading only
   * the order index), joined to their rows, with the table's row count and write generation alongside.
   * One extra row before the page is read so that this page's own boundary is remembered for next time.
   */
  private async fetchPage(
    declaration: ResourceDeclaration,
    list: ListQuery,
    format: Format,
    whereSql: string,
    filterParams: unknown[],
    offset: number,
    orderKey: string,
    useBoundaries: boolean,
  ) {
    const params = new Params();
    params.values.push(...filterParams);
    const columns = this.schema.get(declaration.table);
    const orderSql = orderBySql(list);
    const keySelect = orderKeysSelect(list);
    const conditions = [whereSql];

    const known =
      list.keysetable && useBoundaries
        ? this.cache.boundariesFor(orderKey, this.generations.get(declaration.table) ?? -1)
        : undefined;
    const nearest = known ? this.cache.nearest(known, offset) : undefined;
    let firstIndex = Math.max(offset - 1, 0);
    let skip = firstIndex;
    if (nearest) {
      const [position, key] = nearest;
      firstIndex = position === offset ? offset : Math.max(offset - 1, position);
      skip = firstIndex - position;
      // Boundaries are kept for keysetable orders only: this is one row comparison on the order's index.
      conditions.push(afterKeySql(list, key, params, (column) => columns?.get(column)?.sqlType ?? 'text'));
    }

    const table = ident(declaration.table);
    // The table's exact count and write generation, read once for the statement (one InitPlan).
    const totals = `(SELECT ARRAY[n, generation] FROM row_totals WHERE table_name = ${literal(declaration.table)})`;
    // The row limit is written as a literal (it is computed here, never read from the request): with a `LIMIT $n`
    // parameter PostgreSQL never adopts the prepared statement's generic plan and plans every request anew.
    const limit = Number(list.itemsPerPage + offset - firstIndex);
    const extras = `${totals} AS "__totals", ${this.itemOf(declaration, format)} AS "__item"`;
    const rows = await this.db.query<Row>(
      skip === 0
        ? // Nothing to skip (page 1, or a remembered boundary right before the page): the order index yields
          // the page's rows in order at once, and the deferred join below would only add a join and a sort.
          `SELECT t.id AS "__id", ${keySelect}, ${extras}
             FROM ${table} t
            WHERE ${conditions.join(' AND ')}
            ORDER BY ${orderSql}
            LIMIT ${limit}`
        : // Rows to skip: skip them on the order index alone, then build only the page's items.
          `WITH page AS MATERIALIZED (
             SELECT t.id AS "__id", ${keySelect}
               FROM ${table} t
              WHERE ${conditions.join(' AND ')}
              ORDER BY ${orderSql}
              LIMIT ${limit} OFFSET ${params.add(skip, 'int8')})
           SELECT page.*, ${extras}
             FROM page JOIN ${table} t ON t.id = page."__id"
            ORDER BY ${orderSql}`,
      params.values,
    );
    let tableRows: number;
    let generation: number;
    if (rows.length > 0) {
      const [n, written] = (rows[0].__totals as (number | string)[] | null) ?? [0, 0];
      tableRows = Number(n);
      generation = Number(written);
    } else {
      const [row] = await this.db.query<{ n: number; generation: number }>(
        'SELECT n, generation FROM row_totals WHERE table_name = $1',
        [declaration.table],
      );
      tableRows = Number(row?.n ?? 0);
      generation = Number(row?.generation ?? 0);
    }
    this.generations.set(declaration.table, generation);
    // A boundary remembered before the latest write may point anywhere now: start again without it.
    if (nearest && known && known.generation !== generation) {
      return { rows: [] as Row[], tableRows, generation, staleBoundary: true };
    }
    if (list.keysetable) {
      const boundaries = this.cache.boundariesFor(orderKey, generation);
      rows.forEach((row, index) => {
        const position = firstIndex + index + 1;
        if (position === offset || index === rows.length - 1)
          this.cache.remember(boundaries, position, orderKeyOf(list, row) as string[]);
      });
    }
    return { rows: rows.slice(offset - firstIndex), tableRows, generation, staleBoundary: false };
  }

  async get(
    declaration: ResourceDeclaration,
    id: number,
    format: Format,
    scope: string[] = [],
    db: Queryable = this.db,
  ) {
    const rows = await db.query<{ item: string }>(
      `SELECT ${this.itemOf(declaration, format)} AS item FROM ${ident(declaration.table)} t WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')}`,
      [id],
    );
    if (rows.length === 0) throw notFound(`${declaration.type} ${id} not found.`);
    return JSON.parse(rows[0].item) as Record<string, unknown>;
  }

  private async plan(
    declaration: ResourceDeclaration,
    body: unknown,
    mode: 'create' | 'update',
    session: WriteSession,
    stored?: () => Promise<Record<string, unknown>>,
  ): Promise<WritePlan> {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw badRequest('The request body must be a JSON object.');
    const given = body as Record<string, unknown>;
    const plan = await planWrite(declaration, given, mode, session, this.schema);
    if (plan.violations.length > 0) throw unprocessable(plan.violations);
    const unreachableRows = await unreachableRelations(this.db, declaration, plan, session);
    if (unreachableRows.length > 0) throw unprocessable(unreachableRows);
    const check = declaration.check;
    if (check && (mode === 'create' || check.fields.some((field) => Object.hasOwn(given, field)))) {
      const record = { ...(stored ? await stored() : {}), ...given };
      const result = check.run(record, this.checkContext);
      const violations = [...result.violations];
      for (const reference of result.references ?? [])
        if ((await unreachable(this.db, session, reference.resource, [reference.id])).size > 0)
          violations.push(
            violation(
              reference.propertyPath,
              'reference',
              `Item not found for "/api/${reference.resource}/${reference.id}".`,
            ),
          );
      if (violations.length > 0) throw unprocessable(violations);
      for (const [name, value] of Object.entries(result.replace ?? {})) {
        const field = declaration.fields[name];
        plan.columns.set(columnOf(name, field), {
          value: field.type.kind === 'json' ? JSON.stringify(value) : value,
          cast: field.type.kind === 'json' ? 'jsonb' : undefined,
        });
      }
    }
    return plan;
  }

  private async replaceRelations(tx: Queryable, plan: WritePlan, id: number): Promise<void> {
    for (const set of plan.relationSets) {
      await tx.query(
        `DELETE FROM ${ident(set.joinTable)} WHERE ${ident(set.ownColumn)} = $1 AND NOT (${ident(set.otherColumn)} = ANY($2::int4[]))`,
        [id, set.ids],
      );
      await tx.query(
        `INSERT INTO ${ident(set.joinTable)} (${ident(set.ownColumn)}, ${ident(set.otherColumn)})
         SELECT $1, other FROM unnest($2::int4[]) AS other ON CONFLICT DO NOTHING`,
        [id, set.ids],
      );
    }
  }

  /** A create body checked as the create checks it (422 with its violations), placed in the session's structure. */
  async planCreate(declaration: ResourceDeclaration, body: unknown, session: WriteSession): Promise<WritePlan> {
    const plan = await this.plan(declaration, body, 'create', session);
    placeInStructure(declaration, plan, session);
    return plan;
  }

  /** Inserts a planned create in `tx` (its position among siblings, its relations); answers its id. */
  async insertPlanned(
    tx: Queryable,
    declaration: ResourceDeclaration,
    plan: WritePlan,
    session: WriteSession,
  ): Promise<number> {
    await declaration.beforeWrite?.({ tx, mode: 'create', columns: plan.columns, session });
    const group = siblingGroupOf(declaration);
    const placed = group ? await prepareCreatePlacement(tx, group, plan.columns) : undefined;
    const params = new Params();
    const names = [...plan.columns.keys()].map(ident);
    const values = [...plan.columns.values()].map(({ value, cast }) => params.add(value, cast));
    const sql = names.length
      ? `INSERT INTO ${ident(declaration.table)} (${names.join(', ')}) VALUES (${values.join(', ')}) RETURNING id`
      : `INSERT INTO ${ident(declaration.table)} DEFAULT VALUES RETURNING id`;
    const [{ id }] = await tx.query<{ id: number }>(sql, params.values);
    await placed?.(id);
    await this.replaceRelations(tx, plan, id);
    return id;
  }

  async create(declaration: ResourceDeclaration, body: unknown, session: WriteSession, format: Format) {
    const plan = await this.planCreate(declaration, body, session);
    try {
      return await runAsDefaultAction('create', { resource: declaration.name }, () =>
        this.db.transaction(async (tx) => {
          const id = await this.insertPlanned(tx, declaration, plan, session);
          return this.get(declaration, id, format, [], tx);
        }),
      );
    } catch (error) {
      throw mapPgError(error, declaration, 'write');
    }
  }

  /**
   * `readAt`: the `updatedAt` of the version the client edited (its body's `updatedAt`, or its If-Match).
   * When the row was written since, nothing is written and the answer is a 409: the client reloads.
   */
  async update(
    declaration: ResourceDeclaration,
    id: number,
    body: unknown,
    session: WriteSession,
    format: Format,
    scope: string[] = [],
    readAt?: string,
  ) {
    const plan = await this.plan(declaration, body, 'update', session, () => this.get(declaration, id, 'json', scope));
    try {
      return await runAsDefaultAction('update', { resource: declaration.name, id }, () =>
        this.db.transaction(async (tx) => {
          const scopeSql = scope.map((c) => ` AND ${c}`).join('');
          await declaration.beforeWrite?.({ tx, mode: 'update', id, columns: plan.columns, session });
          const group = siblingGroupOf(declaration);
          const placed = group ? await prepareUpdatePlacement(tx, group, id, scopeSql, plan.columns) : undefined;
          const params = new Params();
          const idParam = params.add(id);
          const assignments = [...plan.columns.entries()].map(
            ([column, { value, cast }]) => `${ident(column)} = ${params.add(value, cast)}`,
          );
          assignments.push('updated_at = now()');
          // Milliseconds: what a browser's Date keeps of the microseconds PostgreSQL stores.
          const fresh =
            readAt === undefined
              ? ''
              : ` AND date_trunc('milliseconds', t.updated_at) <= date_trunc('milliseconds', ${params.add(readAt, 'timestamptz')})`;
          const updated = await tx.query<{ id: number }>(
            `UPDATE ${ident(declaration.table)} t SET ${assignments.join(', ')} WHERE t.id = ${idParam}${scopeSql}${fresh} RETURNING id`,
            params.values,
          );
          if (updated.length === 0 && fresh) {
            const [exists] = await tx.query(`SELECT 1 FROM ${ident(declaration.table)} t WHERE t.id = $1${scopeSql}`, [
              id,
            ]);
            if (exists) throw staleWrite(declaration, id);
          }
          if (updated.length === 0) throw notFound(`${declaration.type} ${id} not found.`);
          await placed?.();
          await this.replaceRelations(tx, plan, id);
          return this.get(declaration, id, format, [], tx);
        }),
      );
    } catch (error) {
      throw mapPgError(error, declaration, 'write');
    }
  }

  /** A binnable resource's row goes to the recycle bin with what its delete takes (recycleBin.ts). */
  async remove(
    declaration: ResourceDeclaration,
    id: number,
    scope: string[] = [],
    deletedBy: number | null = null,
  ): Promise<void> {
    let deleted: { id: number }[];
    try {
      deleted = await runAsDefaultAction('delete', { resource: declaration.name, id }, () =>
        this.db.transaction(async (tx) => {
          const group = siblingGroupOf(declaration);
          const closeGap = group ? await prepareRemoval(tx, group, id) : undefined;
          await declaration.beforeDelete?.(tx, id);
          // A node learners have stays, marked removed from the draft (liveVersion.ts), its removal in the bin.
          const taken = await removeFromDraft(tx, declaration, id, scope);
          if (taken) {
            await this.bin.keepRemoval(tx, declaration, id, taken, deletedBy);
            await closeGap?.();
            return [{ id }];
          }
          if (!(await this.bin.keep(tx, declaration, id, scope, deletedBy))) return [];
          const rows = await tx.query<{ id: number }>(
            `DELETE FROM ${ident(declaration.table)} t WHERE t.id = $1${scope.map((c) => ` AND ${c}`).join('')} RETURNING id`,
            [id],
          );
          if (rows.length > 0) await closeGap?.();
          return rows;
        }),
      );
    } catch (error) {
      throw mapPgError(error, declaration, 'delete');
    }
    if (deleted.length === 0) throw notFound(`${declaration.type} ${id} not found.`);
  }
}
