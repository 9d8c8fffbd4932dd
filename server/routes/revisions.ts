import type { FastifyInstance } from 'fastify';
import { isAudited, revisionsPath } from '../../src/domain/audit.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { REVISION, resourceCollection, resourceItem } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { asSupervisor } from '../db/scope.ts';
import { ApiError, notFound, unprocessable, violation, type Violation } from '../shared/errors.ts';
import { ID_PATTERN, optionalBody, optionalField, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { declarations } from '../resources/definitions/index.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { formatOf, sendItem } from '../resources/envelope.ts';
import { DEFAULT_ITEMS_PER_PAGE, MAX_ITEMS_PER_PAGE, pageTooLarge } from '../resources/listQuery.ts';
import { restoreBody, revisionsOf } from '../resources/revisions.ts';
import { structureScope } from '../resources/tenancy.ts';
import type { ResourceDeclaration } from '../resources/types.ts';
import { declarationOf } from './actions/support.ts';

const COUNT = '^[1-9]\\d{0,8}$';
const pageQuery = {
  type: 'object',
  properties: { page: { type: 'string', pattern: COUNT }, itemsPerPage: { type: 'string', pattern: COUNT } },
} as const;
const restoreParams = {
  type: 'object',
  properties: { id: { type: 'string', pattern: ID_PATTERN }, changeId: { type: 'string', pattern: ID_PATTERN } },
  required: ['id', 'changeId'],
} as const;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

const revisionPage = resourceCollection(REVISION);

// What a field's refusal means once a version is put back, for the person who asked for it.
const WHY: Record<string, string> = {
  reference: 'un élément auquel elle renvoie n’existe plus',
  unique: 'sa valeur est déjà prise par un autre enregistrement',
  blank: 'une valeur obligatoire y manque',
};

/** A refusal of the restored version, said in French in `detail`; the violations stay those of a PUT. */
function refusedRestore(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 422) return error;
  const violations = (error.body.violations ?? []) as Violation[];
  const reasons = violations.map(
    (found) => `${found.propertyPath || 'l’enregistrement'} : ${WHY[found.code] ?? 'sa valeur n’est plus acceptée'}`,
  );
  return new ApiError(
    422,
    { ...error.body, detail: `Cette version ne peut plus être restaurée (${reasons.join(' ; ')}).`, reason: 'restore' },
    error.contentType,
  );
}

/**
 * Each audited record's revisions (GET /api/{resource}/{id}/revisions), for whoever may read the record, and
 * the restore of one of them: one write through the engine's update, as a PUT would be, logged as `restore`.
 */
export async function revisionRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  const auditLog = declarationOf('audit-log');
  const audited = declarations.filter(
    (declaration) => isAudited(declaration.name) && (declaration.operations ?? ['get']).includes('get'),
  );
  for (const declaration of audited) serve(declaration);

  function serve(declaration: ResourceDeclaration) {
    const path = revisionsPath(declaration.name, ':id');
    app.get(
      path,
      {
        schema: {
          params: { type: 'object', properties: { id: { type: 'string', pattern: ID_PATTERN } }, required: ['id'] },
          querystring: pageQuery,
          response: { 200: revisionPage },
        },
        ...rightsFirst((request) => authorize(request, declaration, 'get')),
      },
      async (request, reply) => {
        const { scope, session, supervised } = authorize(request, declaration, 'get');
        const id = pathId(request);
        // Whoever may read the record reads its history; a record they may not read is not found (a supervisor
        // reads it as one, under row-level security too).
        const read = () => engine.get(declaration, id, 'json', scope);
        await (supervised ? asSupervisor(read) : read());
        const page = Number(request.query.page ?? 1);
        const itemsPerPage = Number(request.query.itemsPerPage ?? DEFAULT_ITEMS_PER_PAGE);
        if (itemsPerPage > MAX_ITEMS_PER_PAGE) throw pageTooLarge(itemsPerPage);
        const logScope = structureScope(auditLog, 'list', session.structure);
        const result = await revisionsOf(db, declaration, id, logScope, { page, itemsPerPage });
        const members = `[${result.members.join(',')}]`;
        if (formatOf(request) === 'json') return reply.type('application/json; charset=utf-8').send(members);
        const base = revisionsPath(declaration.name, id);
        const at = (n: number) =>
          `${base}?page=${n}${request.query.itemsPerPage ? `&itemsPerPage=${itemsPerPage}` : ''}`;
        const last = Math.max(1, Math.ceil(result.totalItems / itemsPerPage));
        const view: Record<string, unknown> = {
          '@id': at(page),
          '@type': 'hydra:PartialCollectionView',
          'hydra:first': at(1),
          'hydra:last': at(last),
        };
        if (page > 1) view['hydra:previous'] = at(page - 1);
        if (page < last) view['hydra:next'] = at(page + 1);
        const head = JSON.stringify({
          '@context': 'http://www.w3.org/ns/hydra/context.jsonld',
          '@id': base,
          '@type': 'hydra:Collection',
          'hydra:totalItems': result.totalItems,
        });
        return reply
          .type('application/ld+json; charset=utf-8')
          .send(`${head.slice(0, -1)},"hydra:member":${members},"hydra:view":${JSON.stringify(view)}}`);
      },
    );

    if (!(declaration.operations ?? ['update']).includes('update') || declaration.ownRoutes?.includes('update')) return;
    app.post(
      `${path}/:changeId/restore`,
      {
        schema: {
          params: restoreParams,
          body: optionalBody({ updatedAt: { type: ['string', 'null'] } }),
          response: { 200: resourceItem(declaration.type) },
        },
        ...rightsFirst((request) => authorize(request, declaration, 'update')),
      },
      async (request, reply) => {
        const { session, scope, forced } = authorize(request, declaration, 'update');
        const id = pathId(request);
        const changeId = Number(request.params.changeId);
        const readAt = optionalField(request.body, 'updatedAt');
        if (
          readAt !== undefined &&
          readAt !== null &&
          (typeof readAt !== 'string' || !ISO_DATETIME.test(readAt) || Number.isNaN(Date.parse(readAt)))
        )
          throw unprocessable([violation('updatedAt', 'format', 'This value is not a valid datetime.')]);
        const logScope = structureScope(auditLog, 'list', session.structure);
        // The record first: one the session may not change is not found, whatever its history.
        await engine.get(declaration, id, 'json', scope);
        const body = await restoreBody(db, declaration, id, changeId, logScope, session.roles);
        if (!body) throw notFound(`Revision ${changeId} of ${declaration.type} ${id} not found.`);
        const format = formatOf(request);
        try {
          const item = await runAsAction('restore', { resource: declaration.name, id }, () =>
            engine.update(
              declaration,
              id,
              { ...body, ...forced },
              session,
              format,
              scope,
              typeof readAt === 'string' ? readAt : undefined,
            ),
          );
          return sendItem(reply, format, declaration, item);
        } catch (error) {
          throw refusedRestore(error);
        }
      },
    );
  }
}
