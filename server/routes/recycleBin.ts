import type { FastifyInstance } from 'fastify';
import { mayEraseForGood, RECYCLE_BIN } from '../../src/domain/recycleBin.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { closedObject, noContent } from '../http/answers.ts';
import { authorize } from '../resources/authorize.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireSession } from '../http/session.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { eraseBinned } from '../resources/recycleBin.ts';
import { removeAll, type FileStorage } from '../storage/fileStorage.ts';
import { declarationOf } from './actions/support.ts';

const restored = closedObject(
  'What was restored: its resource and its IRI, with the same id as before its delete.',
  { resource: { type: 'string' }, record: { type: 'string' } },
  ['resource', 'record'],
);

/**
 * The recycle bin's actions beyond its listing (the generic engine's read-only resource): restore an item,
 * erase one for good, empty the bin. Each works on the items the session sees there: its structure's, of
 * the resources it may delete (definitions/recycleBin.ts).
 */
export async function recycleBinRoutes(
  app: FastifyInstance,
  { db, engine, files }: { db: Database; engine: ResourceEngine; files: FileStorage },
) {
  const routes = typedRoutes(app);
  const bin = declarationOf(RECYCLE_BIN);
  const mayErase = rightsFirst((request) => {
    authorize(request, bin, 'list');
    if (!mayEraseForGood(requireSession(request).roles, requireSession(request).grants))
      throw forbidden('Erasing for good from the recycle bin requires ROLE_ADMIN.');
  });
  /** Files are removed once their rows are gone for good: a file left behind is logged, not a failure. */
  const dropFiles = (keys: string[], log: FastifyInstance['log']) =>
    removeAll(files, keys).catch((error: unknown) => log.error({ err: error }, 'A binned file was not removed'));

  routes.post(
    `/api/${RECYCLE_BIN}/:id/restore`,
    {
      schema: { params: idParams, body: noBody, response: { 200: restored } },
      ...rightsFirst((request) => authorize(request, bin, 'get')),
    },
    async (request) => {
      const { scope } = authorize(request, bin, 'get');
      return engine.bin.restore(pathId(request), scope);
    },
  );

  routes.delete(
    `/api/${RECYCLE_BIN}/:id`,
    {
      schema: { params: idParams, response: { 204: noContent('The item is erased for good, with its files.') } },
      ...mayErase,
    },
    async (request, reply) => {
      const { scope } = authorize(request, bin, 'get');
      const id = pathId(request);
      const { erased, files: keys } = await eraseBinned(db, ['t.id = $1', ...scope], [id]);
      if (erased === 0) throw notFound(`Recycle bin item ${id} not found.`);
      await dropFiles(keys, request.log);
      return reply.status(204).send();
    },
  );

  routes.post(
    `/api/${RECYCLE_BIN}/empty`,
    {
      schema: {
        body: noBody,
        response: { 204: noContent('Every item of the bin the session may erase is erased for good.') },
      },
      ...mayErase,
    },
    async (request, reply) => {
      const { scope } = authorize(request, bin, 'list');
      const { files: keys } = await runAsAction('empty-bin', { resource: RECYCLE_BIN }, () => eraseBinned(db, scope));
      await dropFiles(keys, request.log);
      return reply.status(204).send();
    },
  );
}
