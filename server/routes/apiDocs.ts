import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../shared/errors.ts';
import { routesOf } from '../http/inputGuard.ts';
import { API_DOCUMENTATION_REL, apiDocumentation, contextOf, DOCS_PATH, entrypoint } from '../docs/hydra.ts';
import { courseFormatSchema } from '../docs/courseFormatSchema.ts';
import { openApiDocument } from '../docs/openapi.ts';
import { COURSE_FORMAT_SCHEMA_PATH } from '../../src/domain/courseFormat.ts';
import { documentationPage } from '../docs/page.ts';
import { typedRoutes } from '../http/routeSchema.ts';

/** A Host header names a host and a port, nothing else: anything else is not echoed into the documents. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The scheme and host the client reached, for the absolute IRIs JSON-LD needs. */
export function originOf(request: FastifyRequest): string {
  const host = HOST.test(request.host) ? request.host : '127.0.0.1';
  return `${request.protocol}://${host}`;
}

const JSON_LD = 'application/ld+json; charset=utf-8';

/**
 * The API's documentation, generated from the contracts: Hydra (entrypoint, docs, contexts) as API
 * Platform serves it, OpenAPI 3.1 and a page for people. Public (docs/SECURITY.md): they describe the API,
 * never its data. Every /api answer links to the Hydra documentation, as API Platform's do.
 */
export const apiDocsRoutes = fp(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
      reply.header('Link', `<${originOf(request)}${DOCS_PATH}>; rel="${API_DOCUMENTATION_REL}"`);
  });

  app.get('/api', async (request, reply) => {
    const accept = request.headers.accept ?? '';
    // A browser opening /api gets the page; clients asking for JSON-LD or JSON get the entrypoint.
    if (accept.includes('text/html') && !accept.includes('json')) return reply.redirect('/api/docs');
    return reply.type(JSON_LD).send(entrypoint());
  });
  app.get(DOCS_PATH, async (request, reply) => reply.type(JSON_LD).send(apiDocumentation(originOf(request))));
  app.get('/api/docs.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(openApiDocument(routesOf(app))),
  );
  app.get(COURSE_FORMAT_SCHEMA_PATH, async (_request, reply) =>
    reply.type('application/schema+json; charset=utf-8').send(courseFormatSchema()),
  );
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(documentationPage()));
  const contextParams = { type: 'object', properties: { type: { type: 'string' } }, required: ['type'] } as const;
  typedRoutes(app).get('/api/contexts/:type', { schema: { params: contextParams } }, async (request, reply) => {
    const context = contextOf(request.params.type, originOf(request));
    if (!context) throw notFound();
    return reply.type(JSON_LD).send(context);
  });
});
