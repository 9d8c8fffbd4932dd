import type { Queryable } from '../db/database.ts';
import { notFound, unprocessable, violation } from '../shared/errors.ts';
import { ident } from '../shared/sql.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/**
 * Rows kept in order among their siblings (modules of a course, chapters of a module, parts of a chapter,
 * folders of a folder): positions are always 0..n-1 within a parent, whichever path writes them (create,
 * update, delete, reorder, copy). Every change to a group holds an advisory lock on (table, parent), so
 * concurrent writers never leave gaps or twins.
 */
export interface SiblingGroup {
  table: string;
  /** The column naming the parent (NULL is a group of its own: the root folders). */
  parentColumn: string;
}

type Parent = number | null;

/** The sibling group of an ordered resource: its table, and the column of the relation naming the parent. */
export function siblingGroupOf(declaration: ResourceDeclaration): SiblingGroup | undefined {
  const parentField = declaration.siblingsOf;
  return parentField
    ? { table: declaration.table, parentColumn: columnOf(parentField, declaration.fields[parentField]) }
    : undefined;
}

/** Locks the groups in one order (lowest parent first), so that two moves between them cannot deadlock. */
export async function lockGroups(tx: Queryable, group: SiblingGroup, parents: Parent[]): Promise<void> {
  const distinct = [...new Set(parents.map((parent) => parent ?? 0))].sort((a, b) => a - b);
  for (const parent of distinct)
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', [group.table, parent]);
}

export async function countSiblings(
  tx: Queryable,
  group: SiblingGroup,
  parent: Parent,
  except?: number,
): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${ident(group.table)}
      WHERE ${ident(group.parentColumn)} IS NOT DISTINCT FROM $1 AND id IS DISTINCT FROM $2`,
    [parent, except ?? null],
  );
  return Number(row.n);
}

/** A requested position must name a place that exists: 0..last, where last is after the final sibling. */
export function checkPosition(position: number, last: number): void {
  if (position < 0 || position > last)
    throw unprocessable([violation('position', 'range', `This value should be between 0 and ${last}.`)]);
}

/**
 * Puts `id` at `position` among the other rows of `parent` (clamped to the end), and numbers the group
 * 0..n-1, writing only the rows whose position changes.
 */
export async function placeAmongSiblings(
  tx: Queryable,
  group: SiblingGroup,
  id: number,
  parent: Parent,
  position: number,
): Promise<void> {
  const others = (
    await tx.query<{ id: number }>(
      `SELECT id FROM ${ident(group.table)}
        WHERE ${ident(group.parentColumn)} IS NOT DISTINCT FROM $1 AND id <> $2 ORDER BY position, id`,
      [parent, id],
    )
  ).map((row) => row.id);
  const at = Math.max(0, Math.min(position, others.length));
  await renumber(tx, group, [...others.slice(0, at), id, ...others.slice(at)]);
}

/** Numbers a group 0..n-1 in its current order: what a delete or a move out of it leaves. */
export async function closeGap(tx: Queryable, group: SiblingGroup, parent: Parent): Promise<void> {
  const ids = (
    await tx.query<{ id: number }>(
      `SELECT id FROM ${ident(group.table)} WHERE ${ident(group.parentColumn)} IS NOT DISTINCT FROM $1 ORDER BY position, id`,
      [parent],
    )
  ).map((row) => row.id);
  await renumber(tx, group, ids);
}

export async function renumber(tx: Queryable, group: SiblingGroup, ids: number[]): Promise<void> {
  await tx.query(
    `UPDATE ${ident(group.table)} t SET position = (v.ordinality - 1)::int, updated_at = now()
       FROM unnest($1::int4[]) WITH ORDINALITY AS v(id, ordinality)
      WHERE t.id = v.id AND t.position <> (v.ordinality - 1)::int`,
    [ids],
  );
}

type Columns = Map<string, { value: unknown; cast?: string }>;

const parentIn = (columns: Columns, group: SiblingGroup): Parent =>
  (columns.get(group.parentColumn)?.value as Parent | undefined) ?? null;

/**
 * Before a create: the new row goes at the end of its group (or, with a position, there, the others
 * moving down). Answers what to run once the row exists.
 */
export async function prepareCreatePlacement(tx: Queryable, group: SiblingGroup, columns: Columns) {
  const parent = parentIn(columns, group);
  await lockGroups(tx, group, [parent]);
  const count = await countSiblings(tx, group, parent);
  const requested = columns.get('position')?.value as number | undefined;
  if (requested !== undefined) checkPosition(requested, count);
  columns.set('position', { value: count });
  return async (id: number) => {
    if (requested !== undefined && requested < count) await placeAmongSiblings(tx, group, id, parent, requested);
  };
}

/**
 * Before an update that moves a row (a position, or another parent): positions are not written as given,
 * the row is placed once the update is done, and the group it left closes its gap. Answers what to run
 * then, or nothing when the update moves nothing.
 */
export async function prepareUpdatePlacement(
  tx: Queryable,
  group: SiblingGroup,
  id: number,
  scopeSql: string,
  columns: Columns,
) {
  if (!columns.has(group.parentColumn) && !columns.has('position')) return undefined;
  const to = columns.has(group.parentColumn) ? { parent: parentIn(columns, group) } : undefined;
  const current = await lockRow(tx, group, id, scopeSql, to);
  if (!current) return undefined;
  const target = to ? to.parent : current.parent;
  const moving = target !== current.parent;
  const requested = columns.get('position')?.value as number | undefined;
  columns.delete('position');
  const last = await countSiblings(tx, group, target, id);
  if (requested !== undefined) checkPosition(requested, last);
  const position = requested ?? (moving ? last : current.position);
  return async () => {
    await placeAmongSiblings(tx, group, id, target, position);
    if (moving) await closeGap(tx, group, current.parent);
  };
}

/** Moves a row among its siblings (the reorder action): a position past the last is a 422. */
/** `scopeSql`: conditions on `t` (each with its leading AND) the row must meet, or it is not found. */
export async function moveAmongSiblings(
  tx: Queryable,
  group: SiblingGroup,
  id: number,
  requested: number,
  scopeSql = '',
): Promise<void> {
  const current = await lockRow(tx, group, id, scopeSql);
  if (!current) throw notFound();
  checkPosition(requested, (await countSiblings(tx, group, current.parent)) - 1);
  await placeAmongSiblings(tx, group, id, current.parent, requested);
}

/**
 * Locks the row's group (and the group it moves `to`), then the row, in the order every writer takes
 * them, and answers where the row is now: a concurrent move it waited for may have changed its group.
 */
async function lockRow(tx: Queryable, group: SiblingGroup, id: number, scopeSql: string, to?: { parent: Parent }) {
  const read = async (lock: boolean) =>
    (
      await tx.query<{ parent: Parent; position: number }>(
        `SELECT t.${ident(group.parentColumn)} AS parent, t.position FROM ${ident(group.table)} t WHERE t.id = $1${scopeSql}${lock ? ' FOR UPDATE' : ''}`,
        [id],
      )
    )[0];
  const seen = await read(false);
  if (!seen) return undefined;
  await lockGroups(tx, group, to ? [seen.parent, to.parent] : [seen.parent]);
  const current = await read(true);
  if (current && current.parent !== seen.parent) await lockGroups(tx, group, [current.parent]);
  return current;
}

/** Before a delete: the group is locked; answers what closes its gap once the row is gone. */
export async function prepareRemoval(tx: Queryable, group: SiblingGroup, id: number) {
  const [row] = await tx.query<{ parent: Parent }>(
    `SELECT ${ident(group.parentColumn)} AS parent FROM ${ident(group.table)} WHERE id = $1`,
    [id],
  );
  if (!row) return async () => {};
  await lockGroups(tx, group, [row.parent]);
  return () => closeGap(tx, group, row.parent);
}
