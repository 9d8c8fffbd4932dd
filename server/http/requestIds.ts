import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The header a load balancer names a request with, and the answer names it back with. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * An id a client or a load balancer sent is kept when it looks like one (short, printable, no spaces): it
 * ends up in log lines and error reports, where anything else could forge a line. Otherwise, a new one.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(sent: unknown): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return typeof value === 'string' && ACCEPTED_ID.test(value) ? value : randomUUID();
}

/** Whether a value may be stored as a request's id (an error report names the failed call's). */
export const isRequestId = (value: unknown): value is string => typeof value === 'string' && ACCEPTED_ID.test(value);

/** Fastify's options that make the id. */
export const requestIdOptions = {
  genReqId: (request: IncomingMessage) => requestIdOf(request.headers[REQUEST_ID_HEADER]),
  requestIdHeader: false,
} as const;

/** The name every log line of a request carries its id under. */
export const REQUEST_ID_LOG_LABEL = 'requestId';

/**
 * Every answer says its request's id (`X-Request-Id`), so that a user's screenshot, an error report, a log
 * line and a trace name the same request.
 */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
});
