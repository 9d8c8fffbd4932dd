import type { Queryable } from '../db/database.ts';
import { violation, type Violation } from '../shared/errors.ts';
import { declarationsByName } from './definitions/index.ts';
import { liveAmong } from './liveVersion.ts';
import { reachOf } from './reach.ts';
import { ident } from '../shared/sql.ts';
import { structureScope } from './tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';
import type { WritePlan, WriteSession } from './writes.ts';

/**
 * The ids among `ids` that the session cannot point at: rows that do not exist, or that its own reading
 * of the resource does not reach (a contributor naming a support file as a course cover, another user as a
 * ticket's subject, or another structure's row, would otherwise learn that it exists and have its name shown
 * back). `intoRow`: the row is the one a new row belongs to (a chapter's module), so the session must be
 * able to write into it, not only read it (a structure reads the catalogue's courses but adds nothing to them).
 */
export async function unreachable(
  db: Queryable,
  session: WriteSession,
  resource: string,
  ids: readonly number[],
  intoRow = false,
): Promise<Set<number>> {
  const target = declarationsByName.get(resource);
  // A session may always name its own user (the author of what it writes), platform staff in a structure too.
  const wanted = [...new Set(ids)].filter((id) => !(resource === 'users' && id === session.userId));
  if (!target || wanted.length === 0) return new Set(target ? [] : wanted);
  // The server's own work (no user) names what its scope holds; a session what the rights table gives it.
  const reached =
    session.userId === null
      ? { scope: structureScope(target, 'get', session.structure) }
      : reachOf(target, 'get', session);
  if (!reached) return new Set(wanted);
  const conditions = [...reached.scope, ...(intoRow ? structureScope(target, 'update', session.structure) : [])];
  const found = await db.query<{ id: number }>(
    `SELECT t.id FROM ${ident(target.table)} t WHERE t.id = ANY($1::int4[])${conditions.map((condition) => ` AND ${condition}`).join('')}`,
    [wanted],
  );
  const present = new Set(found.map((row) => Number(row.id)));
  // A node removed from a course's draft is still its live version's, which learners point at (an answer).
  if (!intoRow && present.size < wanted.length)
    for (const id of await liveAmong(
      db,
      resource,
      wanted.filter((id) => !present.has(id)),
    ))
      present.add(id);
  return new Set(wanted.filter((id) => !present.has(id)));
}

const notFoundAt = (field: string, resource: string, id: number) =>
  violation(field, 'reference', `Item not found for "/api/${resource}/${id}".`);

/** The relation fields of a write that name rows the session may not reach, as 422 violations. */
export async function unreachableRelations(
  db: Queryable,
  declaration: ResourceDeclaration,
  plan: WritePlan,
  session: WriteSession,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const [name, field] of Object.entries(declaration.fields)) {
    const type = field.type;
    const named: { resource: string; ids: number[] }[] = [];
    if (type.kind === 'relation') {
      const value = plan.columns.get(columnOf(name, field))?.value;
      if (typeof value === 'number') named.push({ resource: type.resource, ids: [value] });
    } else if (type.kind === 'relations') {
      const set = plan.relationSets.find((candidate) => candidate.field === name);
      if (set) named.push({ resource: type.resource, ids: set.ids });
    } else if (type.kind === 'polymorphic') {
      for (const [resource, target] of Object.entries(type.targets)) {
        const value = plan.columns.get(target.column)?.value;
        if (typeof value === 'number') named.push({ resource, ids: [value] });
      }
    }
    const intoRow = declaration.access.tenancy.rows !== 'platform' && declaration.access.tenancy.from === name;
    for (const { resource, ids } of named) {
      const missing = await unreachable(db, session, resource, ids, intoRow);
      if (missing.size > 0) violations.push(notFoundAt(name, resource, [...missing][0]));
    }
  }
  return violations;
}
