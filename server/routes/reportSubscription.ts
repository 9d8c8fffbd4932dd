import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REPORT_FREQUENCIES, type ReportFrequency } from '../../src/domain/learningMail.ts';
import { STRUCTURE_FIELD } from '../../src/domain/tenancy.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { refusal, closedObject } from '../http/answers.ts';
import { forbidden, notFound, unprocessable, violation } from '../shared/errors.ts';
import { noBody, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireRole, type Session } from '../http/session.ts';

const PATH = '/api/learning/report-subscription';

const state = closedObject(
  'Whether the session’s user receives the structure’s figures by mail, how often, and when they last went.',
  {
    subscribed: { type: 'boolean' },
    frequency: { type: 'string', enum: [...REPORT_FREQUENCIES] },
    lastSentAt: { type: ['string', 'null'] },
  },
  ['subscribed', 'frequency', 'lastSentAt'],
);

interface Subscriber {
  userId: number;
  structure: number;
}

const noStructure = refusal('Platform staff working across all structures: the report is one structure’s.');

/**
 * The report's subscriber: a structure's administrator in a full session, for the structure the session works
 * in (platform staff: the one they chose; "all structures" has no figures of one structure to send).
 */
function subscriberOf(request: FastifyRequest): Subscriber {
  const session: Session = requireRole(request, 'ROLE_ADMIN', 'The weekly report');
  if (session.scope !== 'full') throw forbidden('The weekly report needs a full session.');
  const { structure, allStructures } = session.structure;
  if (structure === null || allStructures)
    throw unprocessable([
      violation(
        STRUCTURE_FIELD,
        'structure_required',
        'Choisissez une structure : le rapport est celui d’une structure.',
      ),
    ]);
  return { userId: session.userId, structure };
}

async function stateOf(db: Queryable, { userId, structure }: Subscriber) {
  const [row] = await db.query<{ frequency: ReportFrequency; last_sent_at: Date | null }>(
    'SELECT frequency, last_sent_at FROM report_subscriptions WHERE user_id = $1 AND company_id = $2',
    [userId, structure],
  );
  return {
    subscribed: row !== undefined,
    frequency: row?.frequency ?? REPORT_FREQUENCIES[0],
    lastSentAt: row?.last_sent_at ? new Date(row.last_sent_at).toISOString() : null,
  };
}

/**
 * The weekly report's subscription (`/api/learning/report-subscription`): the session's user, in the session's
 * structure, reads, takes and ends theirs; nobody else's. Every statement names both (the first lock);
 * row-level security keeps the structure's rows (the second). Subscribing and ending are in the audit log,
 * on the structure whose figures go out.
 */
export async function reportSubscriptionRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const guard = rightsFirst(subscriberOf);

  app.get(PATH, { schema: { response: { 200: state, 422: noStructure } }, ...guard }, async (request) =>
    stateOf(db, subscriberOf(request)),
  );

  app.put(PATH, { schema: { body: noBody, response: { 200: state, 422: noStructure } }, ...guard }, async (request) => {
    const subscriber = subscriberOf(request);
    return runAsAction('subscribe', { resource: 'companies', id: subscriber.structure }, () =>
      db.transaction(async (tx) => {
        // A structure chosen by platform staff that does not exist has nothing to subscribe to.
        const [company] = await tx.query('SELECT 1 FROM companies WHERE id = $1', [subscriber.structure]);
        if (!company) throw notFound(`Company ${subscriber.structure} not found.`);
        const added = await tx.query(
          `INSERT INTO report_subscriptions (company_id, user_id, frequency) VALUES ($1, $2, $3)
           ON CONFLICT ON CONSTRAINT report_subscriptions_once DO NOTHING RETURNING id`,
          [subscriber.structure, subscriber.userId, REPORT_FREQUENCIES[0]],
        );
        if (added.length > 0) await noteInAuditLog(tx, 'companies', subscriber.structure);
        return stateOf(tx, subscriber);
      }),
    );
  });

  app.delete(
    PATH,
    { schema: { body: noBody, response: { 200: state, 422: noStructure } }, ...guard },
    async (request) => {
      const subscriber = subscriberOf(request);
      return runAsAction('unsubscribe', { resource: 'companies', id: subscriber.structure }, () =>
        db.transaction(async (tx) => {
          const removed = await tx.query(
            'DELETE FROM report_subscriptions WHERE user_id = $1 AND company_id = $2 RETURNING id',
            [subscriber.userId, subscriber.structure],
          );
          if (removed.length > 0) await noteInAuditLog(tx, 'companies', subscriber.structure);
          return stateOf(tx, subscriber);
        }),
      );
    },
  );
}
