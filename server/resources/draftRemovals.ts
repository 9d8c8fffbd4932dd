import { BINNABLE_RESOURCES, isBinnable, RECYCLE_BIN } from '../../src/domain/recycleBin.ts';
import type { Queryable } from '../db/database.ts';
import { problem } from '../shared/errors.ts';
import { ident, literal } from '../shared/sql.ts';
import { containersSql } from './courseTreeSql.ts';
import { declarationsByName } from './definitions/index.ts';
import { iriOf } from './iri.ts';
import {
  DRAFT_COLUMN,
  draftNodesSql,
  inDraft,
  LIVE_NODES_TABLE,
  liveLevelOf,
  liveLevels,
  showRemovedSql,
} from './liveVersion.ts';
import { RELEASE_COLUMN } from './releases.ts';
import { closeGap, lockGroups, placeAmongSiblings, siblingGroupOf } from './siblings.ts';

/**
 * Nodes removed from a published course's draft (liveVersion.ts's `removeFromDraft`) stay in their tables for
 * the learners, marked removed. Their recycle bin items (`recycle_bin.removal`) hold no snapshot: what brings
 * one back is clearing its mark, in its place among its siblings. Also here: discarding one node's changes,
 * which brings it back as its live version has it, whatever else the draft holds.
 */

const nameOf = (resource: string) => (isBinnable(resource) ? BINNABLE_RESOURCES[resource].name : "l'élément");

const levelOf = (resource: string) => {
  const index = liveLevelOf(resource);
  if (index < 0) throw new Error(`${resource} has no live version.`);
  return { index, level: liveLevels()[index] };
};

/** How many nodes of each inner level a removed node holds that the draft still has: the bin item's contents. */
export async function removedContents(tx: Queryable, resource: string, id: number): Promise<Record<string, number>> {
  const contents: Record<string, number> = {};
  let ids = [id];
  for (const inner of liveLevels().slice(levelOf(resource).index + 1)) {
    if (ids.length === 0) break;
    ids = (
      await tx.query<{ id: number }>(
        `SELECT x.id FROM ${ident(inner.table)} x WHERE x.${ident(inner.parent)} = ANY($1::int4[]) AND ${inDraft('x')}`,
        [ids],
      )
    ).map((row) => Number(row.id));
    if (ids.length > 0) contents[inner.resource] = ids.length;
  }
  return contents;
}

/**
 * A 422 when the node's container (or one above it) is out of the draft: its removal in the bin (restore it
 * first), or gone. `container`: the id of the node's container, at level `index - 1`.
 */
async function refuseAbsentContainer(tx: Queryable, index: number, container: number): Promise<void> {
  for (let up = index - 1, id = container; up >= 0; up--) {
    const level = liveLevels()[up];
    const [row] = await tx.query<{ parent: number; present: boolean }>(
      `SELECT x.${ident(level.parent)} AS parent, ${inDraft('x')} AS present FROM ${ident(level.table)} x WHERE x.id = $1`,
      [id],
    );
    if (row?.present) {
      id = Number(row.parent);
      continue;
    }
    const [binned] = row
      ? await tx.query<{ id: number; label: string }>(
          `SELECT id, label FROM recycle_bin WHERE removal AND resource = $1 AND record_id = $2 ORDER BY id DESC LIMIT 1`,
          [level.resource, id],
        )
      : [];
    const name = nameOf(level.resource);
    if (binned)
      throw problem(
        422,
        `Restauration impossible : ${name} qui le contenait, « ${binned.label} », est dans la corbeille. Restaurez-le d'abord.`,
        { reason: 'parent_binned', binned: iriOf(RECYCLE_BIN, binned.id) },
      );
    throw problem(422, `Restauration impossible : ${name} qui le contenait n'est plus dans le cours.`, {
      reason: 'parent_erased',
    });
  }
}

/**
 * Puts a removed node back into the draft where it was among its siblings (the end when they are fewer
 * now), as the draft had it, with what it held. In the session's scope; a node already back (a discard) is
 * left as it is. Refused in French when the node or its container is gone.
 */
export async function putRemovalBack(tx: Queryable, resource: string, id: number): Promise<void> {
  const { index, level } = levelOf(resource);
  const group = siblingGroupOf(declarationsByName.get(resource)!)!;
  await tx.query(showRemovedSql(true));
  const [row] = await tx.query<{ parent: number; position: number; present: boolean }>(
    `SELECT x.${ident(level.parent)} AS parent, x.position, ${inDraft('x')} AS present
       FROM ${ident(level.table)} x WHERE x.id = $1`,
    [id],
  );
  if (!row)
    throw problem(422, `Restauration impossible : ${nameOf(resource)} a été supprimé définitivement.`, {
      reason: 'erased',
    });
  if (!row.present) {
    if (index > 0) await refuseAbsentContainer(tx, index, Number(row.parent));
    await lockGroups(tx, group, [Number(row.parent)]);
    await tx.query(`UPDATE ${ident(level.table)} SET ${DRAFT_COLUMN} = now() WHERE id = $1`, [id]);
  }
  await tx.query(showRemovedSql(false));
  if (!row.present) await placeAmongSiblings(tx, group, id, Number(row.parent), Number(row.position));
}

/** SQL: the node `id` (an SQL expression) of a level, as `t` for the engine's conditions, and its course. */
export function nodeWithCourseSql(resource: string, id: string, scope: readonly string[]): string {
  const { index, level } = levelOf(resource);
  const { joins, course } = containersSql(liveLevels(), index, 't');
  return `SELECT t.id, ${course} AS course FROM ${ident(level.table)} t ${joins}
           WHERE t.id = ${id}${scope.map((condition) => ` AND ${condition}`).join('')}`;
}

/**
 * Discards one node's changes, in the caller's transaction (the course locked): the node back in its live
 * container, place, release date and fields, back into the draft if it was removed; what it holds and the rest
 * of the draft stay as they are. Refused in French when the node has no live version, or its live container is
 * out of the draft.
 */
export async function discardNode(tx: Queryable, resource: string, id: number, course: number): Promise<void> {
  const { index, level } = levelOf(resource);
  const group = siblingGroupOf(declarationsByName.get(resource)!)!;
  await tx.query(showRemovedSql(true));
  const [live] = await tx.query<{ parent: number; position: number }>(
    `SELECT n.parent_id AS parent, n.position FROM ${LIVE_NODES_TABLE} n
      WHERE n.course_id = $1 AND n.level = $2 AND n.id = $3`,
    [course, level.resource, id],
  );
  if (!live)
    throw problem(422, `${capitalised(nameOf(resource))} n'est pas dans la version publiée : rien à annuler.`, {
      reason: 'not_live',
    });
  if (index > 0) {
    const [present] = await tx.query(`SELECT 1 ${draftNodesSql(index - 1, '$1')} AND x.id = $2`, [course, live.parent]);
    if (!present)
      throw problem(
        422,
        `Annulation impossible : ce qui le contenait dans la version publiée n'est plus dans le brouillon. Annulez d'abord sa suppression.`,
        { reason: 'parent_absent' },
      );
  }
  const [current] = await tx.query<{ parent: number }>(
    `SELECT x.${ident(level.parent)} AS parent FROM ${ident(level.table)} x WHERE x.id = $1`,
    [id],
  );
  await lockGroups(tx, group, [Number(current.parent), Number(live.parent)]);
  const columns = level.columns.map(ident);
  await tx.query(
    `UPDATE ${ident(level.table)} x
        SET ${ident(level.parent)} = n.parent_id, ${ident(RELEASE_COLUMN)} = n.${ident(RELEASE_COLUMN)}, ${DRAFT_COLUMN} = coalesce(x.${DRAFT_COLUMN}, now()),
            (${columns.join(', ')}) = (SELECT ${columns.map((column) => `r.${column}`).join(', ')}
                                        FROM jsonb_populate_record(NULL::${ident(level.table)}, n.fields) r),
            updated_at = now()
       FROM ${LIVE_NODES_TABLE} n
      WHERE n.course_id = $1 AND n.level = ${literal(level.resource)} AND n.id = x.id AND x.id = $2`,
    [course, id],
  );
  await tx.query(showRemovedSql(false));
  await placeAmongSiblings(tx, group, id, Number(live.parent), Number(live.position));
  if (Number(current.parent) !== Number(live.parent)) await closeGap(tx, group, Number(current.parent));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** SQL: the removal items (alias `b`) of the nodes of the live version of the course `course` (an SQL expression). */
export const liveRemovalItemsSql = (course: string) =>
  `b.removal AND (b.resource, b.record_id) IN (SELECT n.level, n.id FROM ${LIVE_NODES_TABLE} n WHERE n.course_id = ${course})`;
