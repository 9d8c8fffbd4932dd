import { removeFromDraft } from '../../resources/liveVersion.ts';
import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import {
  BULK_AUDIT_ACTION,
  BULK_MAX_IDS,
  BULK_RESOURCES,
  type BulkAction,
  type BulkResource,
} from '../../../src/domain/bulk.ts';
import { fieldWriteRole, type Operation } from '../../../src/domain/rights.ts';
import { RELEASE_FIELD } from '../../../src/domain/releases.ts';
import { hasRole } from '../../../src/domain/roles.ts';
import { valueProblem } from '../../../src/domain/contracts/values.ts';
import { forbidden, notFound, unprocessable, violation } from '../../shared/errors.ts';
import { authorize } from '../../resources/authorize.ts';
import { closedObject } from '../../http/answers.ts';
import { spendMoreWrites } from '../../http/writeBudget.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { idFromReference } from '../../resources/iri.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { unreachable } from '../../resources/references.ts';
import {
  checkPosition,
  closeGap,
  countSiblings,
  lockGroups,
  placeAmongSiblings,
  prepareRemoval,
  renumber,
  siblingGroupOf,
  type SiblingGroup,
} from '../../resources/siblings.ts';
import { structureScope } from '../../resources/tenancy.ts';
import { columnOf, type ResourceDeclaration } from '../../resources/types.ts';
import { ident } from '../../shared/sql.ts';
import {
  objectBody,
  optionalField,
  reference,
  referenceList,
  refusedAs,
  rightsFirst,
  typedRoutes,
} from '../../http/routeSchema.ts';
import { copyChapters, copyModule } from './ordering.ts';
import { boundCopy, copyRows } from './copySize.ts';
import { andAll, declarationOf } from './support.ts';
import { withScheduledDates } from './treeDates.ts';

/** The parent of each resource that takes bulk actions: the body key naming it, and its resource. */
const PARENT_OF: Record<BulkResource, { key: string; resource: string }> = {
  modules: { key: 'course', resource: 'courses' },
  chapters: { key: 'module', resource: 'modules' },
  'chapter-parts': { key: 'chapter', resource: 'chapters' },
};

/** The single action's operation, whose rights each node must meet. */
const OPERATION_OF: Record<BulkAction, Operation> = {
  move: 'update',
  duplicate: 'create',
  delete: 'delete',
  'add-tags': 'update',
  release: 'update',
};

interface Bulk {
  request: FastifyRequest;
  tx: Queryable;
  engine: ResourceEngine;
  declaration: ResourceDeclaration;
  group: SiblingGroup;
  /** The session's conditions on `t` for the action's operation. */
  scope: readonly string[];
  ids: number[];
  body: Record<string, unknown>;
}

const WHERE_ID = (scope: readonly string[]) => `t.id = ANY($1::int4[])${andAll(scope)}`;

/**
 * Every node must be one the session may act on (its structure's, for this operation): one that is not,
 * another structure's included, is not found, and nothing is done.
 */
async function reachAll({ tx, declaration, scope, ids }: Bulk): Promise<void> {
  const found = await tx.query<{ id: number }>(
    `SELECT t.id FROM ${ident(declaration.table)} t WHERE ${WHERE_ID(scope)}`,
    [ids],
  );
  const reached = new Set(found.map((row) => row.id));
  const missing = ids.find((id) => !reached.has(id));
  if (missing !== undefined) throw notFound(`${declaration.type} ${missing} not found.`);
}

/**
 * Locks the nodes' groups (and `more`), as every writer of a group does before its rows, then answers each
 * node's parent as it is once they are held: a move that held one first may have changed it.
 */
async function lockParents({ tx, group, ids }: Bulk, more: number[] = []): Promise<Map<number, number>> {
  const read = async () =>
    new Map(
      (
        await tx.query<{ id: number; parent: number }>(
          `SELECT id, ${ident(group.parentColumn)} AS parent FROM ${ident(group.table)} WHERE id = ANY($1::int4[]) FOR UPDATE`,
          [ids],
        )
      ).map((row) => [row.id, row.parent]),
    );
  const seen = new Map(
    (
      await tx.query<{ id: number; parent: number }>(
        `SELECT id, ${ident(group.parentColumn)} AS parent FROM ${ident(group.table)} WHERE id = ANY($1::int4[])`,
        [ids],
      )
    ).map((row) => [row.id, row.parent]),
  );
  const held = new Set([...seen.values(), ...more]);
  await lockGroups(tx, group, [...held]);
  const now = await read();
  const moved = [...now.values()].filter((parent) => !held.has(parent));
  if (moved.length > 0) await lockGroups(tx, group, moved);
  return now;
}

/** The parent the body names, which the session must be allowed to write into (as a copy's or a move's). */
async function writableParent(bulk: Bulk, required: boolean): Promise<number | undefined> {
  const { key, resource } = PARENT_OF[bulk.declaration.name as BulkResource];
  const given = bulk.body[key];
  if (given === undefined || given === null) {
    if (required) throw unprocessable([violation(key, 'blank', 'This value should not be blank.')]);
    return undefined;
  }
  const id = idFromReference(given, resource);
  if (id === undefined) throw unprocessable([violation(key, 'reference', `Expected an IRI of ${resource}.`)]);
  const parent = declarationOf(resource);
  const session = bulk.request.session!;
  const [row] = await bulk.tx.query(
    `SELECT 1 FROM ${ident(parent.table)} t WHERE t.id = $1${andAll(structureScope(parent, 'update', session.structure))}`,
    [id],
  );
  if (!row) throw unprocessable([violation(key, 'reference', `Item not found for "/api/${resource}/${id}".`)]);
  return id;
}

/**
 * The nodes, in the order given, go together to `parent` at `position` (among its other children; the end
 * without one); the groups they left close their gaps.
 */
async function move(bulk: Bulk): Promise<number[]> {
  const { tx, group, ids } = bulk;
  const target = (await writableParent(bulk, true)) as number;
  const from = await lockParents(bulk, [target]);
  const others = (
    await tx.query<{ id: number }>(
      `SELECT id FROM ${ident(group.table)} WHERE ${ident(group.parentColumn)} = $1 AND id <> ALL($2::int4[]) ORDER BY position, id`,
      [target, ids],
    )
  ).map((row) => row.id);
  const requested = bulk.body.position as number | undefined;
  if (requested !== undefined) checkPosition(requested, others.length);
  const at = requested ?? others.length;
  await tx.query(
    `UPDATE ${ident(group.table)} SET ${ident(group.parentColumn)} = $2, updated_at = now()
      WHERE id = ANY($1::int4[]) AND ${ident(group.parentColumn)} <> $2`,
    [ids, target],
  );
  await renumber(tx, group, [...others.slice(0, at), ...ids, ...others.slice(at)]);
  for (const parent of new Set(from.values())) if (parent !== target) await closeGap(tx, group, parent);
  return ids;
}

/** Each node copied just after itself, as the single copy and its reorder do; answers the copies. */
async function duplicate(bulk: Bulk): Promise<number[]> {
  const { request, tx, group, ids, declaration } = bulk;
  const rows =
    declaration.name === 'chapter-parts'
      ? 'cardinality($1::int4[])'
      : copyRows[declaration.table as 'chapters' | 'modules']('SELECT unnest($1::int4[])');
  await boundCopy(request, tx, rows, [ids]);
  const from = await lockParents(bulk);
  const copies: number[] = [];
  for (const id of ids) {
    const parent = from.get(id) as number;
    const next = await countSiblings(tx, group, parent);
    let copy: number;
    if (declaration.name === 'chapters') [copy] = await copyChapters(tx, [id], parent, next);
    else if (declaration.name === 'modules') copy = await copyModule(tx, id, parent);
    else
      [{ id: copy }] = await tx.query<{ id: number }>(
        `INSERT INTO chapter_parts (chapter_id, type, position, title, content, required${withScheduledDates('chapter-parts')})
         SELECT chapter_id, type, $2, title, content, required${withScheduledDates('chapter-parts')}
           FROM chapter_parts WHERE id = $1 RETURNING id`,
        [id, next],
      );
    const [{ position }] = await tx.query<{ position: number }>(
      `SELECT position FROM ${ident(group.table)} WHERE id = $1`,
      [id],
    );
    await placeAmongSiblings(tx, group, copy, parent, position + 1);
    copies.push(copy);
  }
  return copies;
}

/** Each node to the recycle bin with what its delete takes, as the single DELETE does (one bin item each). */
async function remove(bulk: Bulk): Promise<number[]> {
  const { request, tx, engine, group, declaration, scope, ids } = bulk;
  for (const id of ids) {
    const gap = await prepareRemoval(tx, group, id);
    await declaration.beforeDelete?.(tx, id);
    const taken = await removeFromDraft(tx, declaration, id, scope);
    if (taken) {
      await engine.bin.keepRemoval(tx, declaration, id, taken, request.session?.userId ?? null);
      await gap();
      continue;
    }
    if (!(await engine.bin.keep(tx, declaration, id, scope, request.session?.userId ?? null)))
      throw notFound(`${declaration.type} ${id} not found.`);
    await tx.query(`DELETE FROM ${ident(declaration.table)} t WHERE t.id = $1${andAll(scope)}`, [id]);
    await gap();
  }
  return ids;
}

/** The tags (which the session reads) added to every node; those it has already stay. */
async function addTags(bulk: Bulk): Promise<number[]> {
  const { request, tx, declaration, ids } = bulk;
  const session = request.session!;
  const type = declaration.fields.tags?.type;
  if (type?.kind !== 'relations') throw new Error(`${declaration.name} has no tags.`);
  const given = (bulk.body.tags as unknown[] | undefined) ?? [];
  const tags = given.map((value) => idFromReference(value, type.resource));
  if (tags.length === 0 || tags.some((tag) => tag === undefined))
    throw unprocessable([violation('tags', 'reference', `Expected a list of IRIs of ${type.resource}.`)]);
  const distinct = [...new Set(tags as number[])];
  const [unknown] = await unreachable(tx, session, type.resource, distinct);
  if (unknown !== undefined)
    throw unprocessable([violation('tags', 'reference', `Item not found for "/api/${type.resource}/${unknown}".`)]);
  await tx.query(
    `INSERT INTO ${ident(type.joinTable)} (${ident(type.ownColumn)}, ${ident(type.otherColumn)})
     SELECT node, tag FROM unnest($1::int4[]) AS node, unnest($2::int4[]) AS tag ON CONFLICT DO NOTHING`,
    [ids, distinct],
  );
  await tx.query(`UPDATE ${ident(declaration.table)} SET updated_at = now() WHERE id = ANY($1::int4[])`, [ids]);
  return ids;
}

/**
 * Every node's release date set to the one given, or cleared by null (released at once), as the single edit of
 * the field would.
 */
async function release(bulk: Bulk): Promise<number[]> {
  const { tx, declaration, ids, body } = bulk;
  const field = declaration.fields[RELEASE_FIELD];
  if (!field) throw new Error(`${declaration.name} has no release date.`);
  const value = body[RELEASE_FIELD];
  if (value === undefined)
    throw unprocessable([violation(RELEASE_FIELD, 'blank', 'Give a release date, or null to release at once.')]);
  const problem = value === null ? undefined : valueProblem({ kind: 'datetime' }, value);
  if (problem) throw unprocessable([violation(RELEASE_FIELD, problem.code, problem.message)]);
  await tx.query(
    `UPDATE ${ident(declaration.table)} SET ${ident(columnOf(RELEASE_FIELD, field))} = $2::timestamptz, updated_at = now()
      WHERE id = ANY($1::int4[])`,
    [ids, value],
  );
  return ids;
}

const RUN: Record<BulkAction, (bulk: Bulk) => Promise<number[]>> = {
  move,
  duplicate,
  delete: remove,
  'add-tags': addTags,
  release,
};

/**
 * `POST /api/{modules|chapters|chapter-parts}/bulk`: one gesture of the outline on several nodes, in one
 * transaction (all or nothing), each node meeting the rights of the single action (API.md, "Bulk actions").
 */
export async function bulkRoutes(fastify: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const app = typedRoutes(fastify);
  for (const [resource, actions] of Object.entries(BULK_RESOURCES) as [BulkResource, readonly BulkAction[]][]) {
    const declaration = declarationOf(resource);
    const group = siblingGroupOf(declaration);
    if (!group) throw new Error(`${resource} is not ordered among siblings.`);
    const parent = PARENT_OF[resource];
    const schema = {
      body: objectBody(
        {
          action: refusedAs({ type: 'string', enum: actions }, 'choice', `One of: ${actions.join(', ')}.`),
          ids: refusedAs(
            {
              type: 'array',
              items: { type: 'integer', minimum: 1, maximum: 2147483647 },
              minItems: 1,
              maxItems: BULK_MAX_IDS,
              uniqueItems: true,
            },
            'count',
            `Give 1 to ${BULK_MAX_IDS} distinct ids.`,
          ),
          [parent.key]: reference(parent.resource),
          position: refusedAs({ type: 'integer', minimum: 0 }, 'type', 'The position must be a non-negative integer.'),
          ...(actions.includes('add-tags') ? { tags: referenceList('tags') } : {}),
          ...(actions.includes('release')
            ? {
                [RELEASE_FIELD]: refusedAs(
                  { type: ['string', 'null'] },
                  'format',
                  'This value is not a valid datetime.',
                ),
              }
            : {}),
        },
        ['action', 'ids'],
      ),
      response: {
        200: closedObject('The nodes acted on, in the order given; for a duplicate, their copies.', {
          ids: { type: 'array', items: { type: 'integer' } },
        }),
      },
    };
    // The rights of the single action the body names, before the body is read further.
    const rights = (request: FastifyRequest) => {
      const named = optionalField(request.body, 'action');
      const action = actions.find((candidate) => candidate === named);
      const operation = action ? OPERATION_OF[action] : 'update';
      const allowed = authorize(request, declaration, operation);
      // A field with a write role of its own asks for it here as the single edit does.
      const field = action === 'add-tags' ? 'tags' : action === 'release' ? RELEASE_FIELD : undefined;
      const role = field && fieldWriteRole(declaration.name, field);
      if (role && !hasRole(allowed.session.roles, role)) throw forbidden(`Changing ${field} requires ${role}.`);
      return allowed;
    };
    app.post(`/api/${resource}/bulk`, { schema, ...rightsFirst(rights) }, async (request) => {
      const { scope: allowed, session } = rights(request);
      const body = request.body;
      const { action, ids } = body;
      // A copy lands beside its source: the source must be a node the session changes, not only reads.
      const scope = action === 'duplicate' ? structureScope(declaration, 'update', session.structure) : allowed;
      try {
        const done = await runAsAction(BULK_AUDIT_ACTION[action], { resource, id: ids[0] }, () =>
          db.transaction(async (tx) => {
            const bulk: Bulk = { request, tx, engine, declaration, group, scope, ids, body };
            await reachAll(bulk);
            // The request spent one write; each further node, one more, as its own request would.
            if (action !== 'duplicate') await spendMoreWrites(request, ids.length - 1, tx);
            return RUN[action](bulk);
          }),
        );
        return { ids: done };
      } catch (error) {
        throw mapPgError(error, declaration, action === 'delete' ? 'delete' : 'write');
      }
    });
  }
}
