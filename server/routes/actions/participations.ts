import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.ts';
import { runAsAction } from '../../db/scope.ts';
import { resourceItem } from '../../http/answers.ts';
import { authorize } from '../../resources/authorize.ts';
import { notFound } from '../../shared/errors.ts';
import { idParams, noBody, pathId, rightsFirst, typedRoutes } from '../../http/routeSchema.ts';
import type { ResourceEngine } from '../../resources/engine.ts';
import { andAll, declarationOf, replyWithRecord } from './support.ts';

/**
 * One learner's enrolment undone, or made again: the participation stays, with its learner's validations and
 * answers, so that a learner enrolled again finds their progress, and a rule does not enrol again a learner a
 * manager unenrolled. Asking for what is already so changes nothing.
 */
const ACTIONS = [
  { verb: 'unenrol', set: 'unenrolled_at = now()', when: 't.unenrolled_at IS NULL' },
  { verb: 'reenrol', set: 'unenrolled_at = NULL, enrolled_by_id = $2', when: 't.unenrolled_at IS NOT NULL' },
] as const;

export async function participationRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: ResourceEngine },
) {
  const app = typedRoutes(fastify);
  const participations = declarationOf('participations');
  for (const { verb, set, when } of ACTIONS)
    app.post(
      `/api/participations/:id/${verb}`,
      {
        schema: { params: idParams, body: noBody, response: { 200: resourceItem(participations.type) } },
        ...rightsFirst((request) => authorize(request, participations, 'update')),
      },
      async (request, reply) => {
        const { session, scope } = authorize(request, participations, 'update');
        const id = pathId(request);
        await runAsAction(verb, { resource: participations.name, id }, () =>
          db.transaction(async (tx) => {
            const [found] = await tx.query(
              `SELECT t.id FROM participations t WHERE t.id = $1${andAll(scope)} FOR UPDATE`,
              [id],
            );
            if (!found) throw notFound(`Participation ${id} not found.`);
            await tx.query(`UPDATE participations t SET ${set}, updated_at = now() WHERE t.id = $1 AND ${when}`, [
              id,
              ...(verb === 'reenrol' ? [session.userId] : []),
            ]);
          }),
        );
        return replyWithRecord(engine, request, reply, participations, id);
      },
    );
}
