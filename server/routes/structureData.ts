import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { noContent, streamed } from '../http/answers.ts';
import { forbidden, notFound } from '../shared/errors.ts';
import { contentDisposition } from '../http/fileDownload.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireRole, type Session } from '../http/session.ts';
import { deleteStructure } from '../privacy/deleteStructure.ts';
import { exportStructure } from '../privacy/exportStructure.ts';
import type { FileStorage } from '../storage/fileStorage.ts';

/** A whole structure's data is platform staff's alone, in a full session (not one carried by a link). */
function platformStaff(httpRequest: FastifyRequest): Session {
  const session = requireRole(httpRequest, 'ROLE_SUPER_ADMIN', 'A structure’s data');
  if (session.scope !== 'full') throw forbidden('A structure’s data needs a full session.');
  return session;
}

/**
 * A structure's data, whole (docs/API.md, "Structure export"): its export as one ZIP, in the layout of a
 * person's, which `npm run structure:import` loads into another platform; its deletion, with its people,
 * their sessions and its files. Platform staff only.
 */
export async function structureDataRoutes(
  fastify: FastifyInstance,
  { db, files }: { db: Database; files: FileStorage },
) {
  const app = typedRoutes(fastify);
  const guard = rightsFirst(platformStaff);

  const existing = async (id: number) => {
    const [row] = await db.query('SELECT id FROM companies WHERE id = $1', [id]);
    if (!row) throw notFound(`Company ${id} not found.`);
  };

  app.get(
    '/api/companies/:id/export',
    {
      compress: false,
      schema: {
        params: idParams,
        response: { 200: streamed('application/zip', 'The structure’s archive (docs/API.md, "Structure export").') },
      },
      ...guard,
    },
    async (httpRequest, reply) => {
      const session = platformStaff(httpRequest);
      const id = pathId(httpRequest);
      await existing(id);
      const { stream } = await exportStructure(db, files, id, session.userId);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(`structure-${id}.zip`))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );

  app.delete(
    '/api/companies/:id',
    {
      schema: {
        params: idParams,
        body: noBody,
        response: { 204: noContent('The structure is deleted, with its rows, its people’s sessions and its files.') },
      },
      ...guard,
    },
    async (httpRequest, reply) => {
      const session = platformStaff(httpRequest);
      const id = pathId(httpRequest);
      const deleted = await deleteStructure(db, id, session.userId);
      if (!deleted) throw notFound(`Company ${id} not found.`);
      return reply.status(204).send();
    },
  );
}
