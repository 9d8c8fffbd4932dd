import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { sharedRateLimits } from '../http/rateLimits.ts';
import { objectBody, typedRoutes } from '../http/routeSchema.ts';
import { noContent } from '../http/answers.ts';
import { isRequestId } from '../http/requestIds.ts';
import type { RouteTemplates } from '../http/routeTemplates.ts';
import { isExpectedRefusal } from '../../src/domain/errorCalls.ts';
import { DEFAULT_TIME_ZONE } from '../../src/domain/releases.ts';

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

// The parts of a failure's key are kept to what a real call has, so the rows stay as few as the server's
// routes, methods and statuses whatever an anonymous report sends.
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const method = (value: unknown) => (typeof value === 'string' && METHODS.has(value) ? value : null);
/** An HTTP status, or 0 for a call that got no answer. */
const httpStatus = (value: unknown) => {
  const status = integer(value);
  return status !== null && status >= 0 && status <= 599 ? status : null;
};

/** Any value is kept (a report describes a failure, whatever shape it took); only the body must be an object. */
const report = objectBody({
  details: {},
  status: {},
  timestamp: {},
  url: {},
  endpoint: {},
  protocol: {},
  method: {},
  requestId: {},
});

/**
 * One statement whatever the report: its failure's group is made or counted once more, also when two
 * processes receive the same failure at once (the group's key is unique). A refusal the user can fix is
 * counted in its day's row (the structure's time zone) and keeps nothing of the report; any other failure
 * keeps its last report's details, page and person.
 */
const RECORD = `INSERT INTO error_calls AS e
   (details, status, occurred_at, url, company_id, employee_id, endpoint, protocol, route, method, request_id, day)
 VALUES ($1::jsonb, $2, $3, $4, $5, $6, $7, $8, $9, $10, $13,
   CASE WHEN $11::boolean
     THEN (now() AT TIME ZONE coalesce((SELECT c.time_zone FROM companies c WHERE c.id = $5), $12::text))::date
   END)
 ON CONFLICT (company_id, route, method, status, day) DO UPDATE SET
   occurrences = least(e.occurrences::bigint + 1, 2147483647)::integer,
   last_at = now(),
   updated_at = now(),
   details = EXCLUDED.details,
   occurred_at = EXCLUDED.occurred_at,
   url = EXCLUDED.url,
   employee_id = EXCLUDED.employee_id,
   endpoint = EXCLUDED.endpoint,
   protocol = EXCLUDED.protocol,
   request_id = EXCLUDED.request_id`;

/**
 * Failed calls the back-office reports; administrators list them as error-calls, grouped by failure. A
 * report belongs to the structure its reporter's session works in (the platform's when anonymous or over
 * every structure): `db` is the platform's scope, and the structure and the person are written from the
 * verified token, never from the body; the route is the server's own that serves the reported path.
 */
export async function errorCallRoutes(
  fastify: FastifyInstance,
  { db, routes }: { db: Database; routes: RouteTemplates },
) {
  const app = typedRoutes(fastify);
  // Unauthenticated by design (a failed refresh must still be reportable), so bounded per address.
  await app.register(rateLimit, sharedRateLimits(db));
  app.post(
    '/api/errorCall',
    {
      schema: { body: report, response: { 204: noContent("The client's error report is recorded.") } },
      bodyLimit: 64 * 1024,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const report = request.body;
      // Who reported comes from the verified token alone: a body could name anyone, and an anonymous
      // report (no token, or one no longer valid) names no one.
      const session = request.session;
      const status = httpStatus(report.status);
      const endpoint = text(report.endpoint);
      const called = method(report.method);
      const expected = isExpectedRefusal(status);
      const kept = <T>(value: T) => (expected ? null : value);
      await db.query(RECORD, [
        kept(JSON.stringify(report.details ?? null)),
        status,
        kept(instant(report.timestamp)),
        kept(text(report.url)),
        session?.structure.structure ?? null,
        kept(session?.userId ?? null),
        kept(endpoint),
        kept(text(report.protocol, 20)),
        endpoint === null ? null : routes.match(endpoint, called),
        called,
        expected,
        DEFAULT_TIME_ZONE,
        kept(isRequestId(report.requestId) ? report.requestId : null),
      ]);
      return reply.status(204).send();
    },
  );
}
