import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../shared/errors.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { authorize } from '../../resources/authorize.ts';
import { sendCollection } from '../../resources/envelope.ts';
import { idParams, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import { querySchema } from '../../resources/routeSchemas.ts';
import { declarationOf } from './support.ts';
import { resourceCollection } from '../../http/answers.ts';

/** A user's sign-in history (`GET /api/users/[id]/user-connections`), newest first by default. */
export async function userRoutes(fastify: FastifyInstance, { db, engine }: { db: Database; engine: ResourceEngine }) {
  const app = typedRoutes(fastify);
  const users = declarationOf('users');
  const connections = declarationOf('user-connections');

  app.get(
    '/api/users/:id/user-connections',
    {
      schema: {
        params: idParams,
        querystring: querySchema(connections),
        response: { 200: resourceCollection(connections.type) },
      },
      ...rightsFirst((request) => [authorize(request, users, 'get'), authorize(request, connections, 'list')]),
    },
    async (request, reply) => {
      const { scope: userScope } = authorize(request, users, 'get');
      const { scope } = authorize(request, connections, 'list');
      const id = pathId(request);
      const [user] = await db.query(
        `SELECT 1 FROM users t WHERE t.id = $1${userScope.map((c) => ` AND ${c}`).join('')}`,
        [id],
      );
      if (!user) throw notFound(`User ${id} not found.`);
      // The id is a checked integer: the condition is as safe as the ownership ones beside it.
      return sendCollection(request, reply, engine, connections, `/api/users/${id}/user-connections`, [
        ...scope,
        `t.user_id = ${id}`,
      ]);
    },
  );
}
