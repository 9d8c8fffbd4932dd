import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { sharedRateLimits } from '../http/rateLimits.ts';
import { objectBody, typedRoutes } from '../http/routeSchema.ts';
import { noContent } from '../http/answers.ts';

const text = (value: unknown, max = 2000) => (typeof value === 'string' ? value.slice(0, max) : null);
// A report is kept whatever it holds: a value its column cannot store is stored as unknown (null).
const INT4_MAX = 2_147_483_647;
const integer = (value: unknown) => {
  const number = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && Math.abs(number) <= INT4_MAX ? number : null;
};
/** PostgreSQL's timestamptz ends in 294276 AD; JavaScript dates go further. */
const LATEST = Date.UTC(294275, 0, 1);
const instant = (value: unknown) => {
  const date = typeof value === 'number' || typeof value === 'string' ? new Date(value) : undefined;
  const time = date?.getTime();
  return time !== undefined && !Number.isNaN(time) && Math.abs(time) < LATEST ? date!.toISOString() : null;
};

/** Any value is kept (a report describes a failure, whatever shape it took); only the body must be an object. */
const report = objectBody({ details: {}, status: {}, timestamp: {}, url: {}, endpoint: {}, protocol: {} });

/**
 * Failed secured calls the back-office reports; super admins list them as error-calls. A report belongs to
 * its reporter's structure (the platform's when anonymous): `db` is the platform's scope, and the structure
 * is written from the verified token, never from the body.
 */
export async function errorCallRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  // Unauthenticated by design (a failed refresh must still be reportable), so bounded per address.
  await app.register(rateLimit, sharedRateLimits(db));
  app.post(
    '/api/errorCall',
    {
      schema: { body: report, response: { 204: noContent } },
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const report = request.body;
      // Who reported comes from the verified token alone: a body could name anyone, and an anonymous
      // report (no token, or one no longer valid) names no one.
      const session = request.session;
      await db.query(
        `INSERT INTO error_calls (details, status, occurred_at, url, company_id, employee_id, endpoint, protocol)
       VALUES ($1::jsonb, $2, $3, $4, $5, $6, $7, $8)`,
        [
          JSON.stringify(report.details ?? null),
          integer(report.status),
          instant(report.timestamp),
          text(report.url),
          session?.company ?? null,
          session?.userId ?? null,
          text(report.endpoint),
          text(report.protocol, 20),
        ],
      );
      return reply.status(204).send();
    },
  );
}
