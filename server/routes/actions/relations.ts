import { runAsAction } from '../../db/scope.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database, Queryable } from '../../db/database.ts';
import { fieldWriteRole } from '../../../src/domain/rights.ts';
import { hasRole } from '../../../src/domain/roles.ts';
import { forbidden, notFound, unprocessable, violation } from '../../shared/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { idFromReference } from '../../resources/iri.ts';
import { unreachable } from '../../resources/references.ts';
import { mapPgError } from '../../resources/pgErrors.ts';
import { authorize } from '../../resources/authorize.ts';
import { ident } from '../../shared/sql.ts';
import { idParams, objectBody, pathId, referenceList, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { declarationOf, replyWithRecord } from './support.ts';
import { resourceItem } from '../../http/answers.ts';

/** The add-/remove- actions the back-office calls: which to-many field of which resource, and the body key. */
const RELATION_ACTIONS = [
  { resource: 'users', suffix: 'access-rights', field: 'accessRights', bodyKey: 'accessRights' },
  { resource: 'modules', suffix: 'tags', field: 'tags', bodyKey: 'tags' },
  { resource: 'courses', suffix: 'tags', field: 'tags', bodyKey: 'tags' },
  { resource: 'courses', suffix: 'skills', field: 'skills', bodyKey: 'skills' },
  { resource: 'chapters', suffix: 'chapter-unlocks', field: 'unlocks', bodyKey: 'chapters' },
] as const;

/** A chapter may not, through its unlocks, end up requiring itself. */
async function wouldCycle(tx: Queryable, chapterId: number, required: number[]): Promise<boolean> {
  const [row] = await tx.query<{ cycle: boolean }>(
    `WITH RECURSIVE reach(id) AS (
       SELECT unnest($2::int4[])
       UNION
       SELECT u.required_chapter_id FROM chapter_unlocks u JOIN reach r ON u.chapter_id = r.id)
     SELECT EXISTS (SELECT 1 FROM reach WHERE id = $1) AS cycle`,
    [chapterId, required],
  );
  return row.cycle;
}

/** Idempotent: adding what is there or removing what is not changes nothing and is not an error. */
export async function relationActionRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  for (const action of RELATION_ACTIONS) {
    const declaration = declarationOf(action.resource);
    const type = declaration.fields[action.field].type;
    if (type.kind !== 'relations') throw new Error(`${action.resource}.${action.field} is not a to-many relation.`);

    const schema = {
      params: idParams,
      body: objectBody({ [action.bodyKey]: referenceList(type.resource) }, [action.bodyKey]),
      response: { 200: resourceItem(declaration.type) },
    };
    const rights = (request: FastifyRequest) => {
      const allowed = authorize(request, declaration, 'update');
      const writeRole = fieldWriteRole(declaration.name, action.field);
      if (writeRole && !hasRole(allowed.session.roles, writeRole))
        throw forbidden(`Changing ${action.field} requires ${writeRole}.`);
      return allowed;
    };
    for (const verb of ['add', 'remove'] as const) {
      app.put(
        `/api/${action.resource}/:id/${verb}-${action.suffix}`,
        { schema, ...rightsFirst(rights) },
        async (request, reply) => {
          const { session, scope } = rights(request);
          const id = pathId(request);
          const given = request.body[action.bodyKey];
          // The schema admitted the shapes; an object without an id, or an id past int4, is refused here.
          const ids = given.map((value) => idFromReference(value, type.resource));
          if (ids.some((other) => other === undefined))
            throw unprocessable([
              violation(action.bodyKey, 'reference', `Expected a list of IRIs of ${type.resource}.`),
            ]);
          const others = [...new Set(ids as number[])];
          try {
            await runAsAction(`${verb}-${action.suffix}`, { resource: declaration.name, id }, () =>
              db.transaction(async (tx) => {
                const owner = await tx.query(
                  `SELECT t.id FROM ${ident(declaration.table)} t WHERE t.id = $1${scope.map((condition) => ` AND ${condition}`).join('')} FOR UPDATE`,
                  [id],
                );
                if (owner.length === 0) throw notFound(`${declaration.type} ${id} not found.`);
                if (verb === 'add') {
                  // A row the session does not read (another structure's) is not found, as in any body.
                  const [unknown] = await unreachable(tx, session, type.resource, others);
                  if (unknown !== undefined)
                    throw unprocessable([
                      violation(action.bodyKey, 'reference', `Item not found for "/api/${type.resource}/${unknown}".`),
                    ]);
                  if (action.resource === 'chapters') {
                    // Serialises unlock changes so that two concurrent adds cannot close a cycle together.
                    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('chapter_unlocks'))`);
                    if (await wouldCycle(tx, id, others))
                      throw unprocessable([
                        violation(action.bodyKey, 'cycle', 'These unlocks would make the chapter require itself.'),
                      ]);
                  }
                  await tx.query(
                    `INSERT INTO ${ident(type.joinTable)} (${ident(type.ownColumn)}, ${ident(type.otherColumn)})
                 SELECT $1, other FROM unnest($2::int4[]) AS other ON CONFLICT DO NOTHING`,
                    [id, others],
                  );
                } else {
                  await tx.query(
                    `DELETE FROM ${ident(type.joinTable)} WHERE ${ident(type.ownColumn)} = $1 AND ${ident(type.otherColumn)} = ANY($2::int4[])`,
                    [id, others],
                  );
                }
                await tx.query(`UPDATE ${ident(declaration.table)} SET updated_at = now() WHERE id = $1`, [id]);
              }),
            );
          } catch (error) {
            const mapped = mapPgError(error, declaration, 'write');
            // A missing target shows on the body key the client sent, not on the join column.
            if (
              mapped &&
              typeof mapped === 'object' &&
              'status' in mapped &&
              (mapped as { status: number }).status === 422 &&
              ['23503', '42501'].includes((error as { code?: string }).code ?? '')
            )
              throw unprocessable([violation(action.bodyKey, 'reference', 'The referenced record does not exist.')]);
            throw mapped;
          }
          return replyWithRecord(engine, request, reply, declaration, id);
        },
      );
    }
  }
}
