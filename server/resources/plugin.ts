import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { reach, roleNeeded } from '../../src/domain/rights.ts';
import { searchTemplateText } from '../docs/hydra.ts';
import { badRequest, forbidden, unprocessable, violation } from '../http/errors.ts';
import { idParams as idParamsSchema, pathId as idParam } from '../http/routeSchema.ts';
import { requireSession } from '../http/session.ts';
import { declarations } from './definitions/index.ts';
import type { ResourceEngine } from './engine.ts';
import { parseQueryString } from './listQuery.ts';
import { ownRowsOf } from './ownRows.ts';
import { bodySchema, querySchema, refusal } from './routeSchemas.ts';
import { withContext, type Format } from './serialize.ts';
import type { Operation, ResourceDeclaration } from './types.ts';

const ALL_OPERATIONS: readonly Operation[] = ['list', 'get', 'create', 'update', 'delete'];

export function formatOf(request: FastifyRequest): Format {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('application/ld+json') ? 'json' : 'jsonld';
}

/** A weak validator of the version an item is at: its `updatedAt` in milliseconds (what If-Match sends back). */
export function etagOf(item: Record<string, unknown>): string | undefined {
  const at = typeof item.updatedAt === 'string' ? Date.parse(item.updatedAt) : Number.NaN;
  return Number.isNaN(at) ? undefined : `W/"${at}"`;
}

export function sendItem(reply: FastifyReply, format: Format, declaration: ResourceDeclaration, item: Record<string, unknown>, status = 200) {
  const etag = etagOf(item);
  if (etag) reply.header('ETag', etag);
  return reply
    .status(status)
    .type(format === 'jsonld' ? 'application/ld+json; charset=utf-8' : 'application/json; charset=utf-8')
    .send(format === 'jsonld' ? withContext(declaration, item) : item);
}

function pageUrl(path: string, query: URLSearchParams, page: number): string {
  const copy = new URLSearchParams(query);
  copy.set('page', String(page));
  return `${path}?${copy.toString()}`;
}

export function rawQueryOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at + 1);
}

/** A list answered as a Hydra collection (JSON-LD) or a plain array (JSON), whichever the client accepts. */
export async function sendCollection(
  request: FastifyRequest,
  reply: FastifyReply,
  engine: ResourceEngine,
  declaration: ResourceDeclaration,
  path: string,
  scope: string[],
) {
  const format = formatOf(request);
  const rawQuery = rawQueryOf(request);
  const result = await engine.list(declaration, parseQueryString(rawQuery), format, scope);
  if (format === 'json') return reply.type('application/json; charset=utf-8').send(`[${result.members.join(',')}]`);
  const query = new URLSearchParams(rawQuery);
  const last = Math.max(1, Math.ceil(result.totalItems / result.itemsPerPage));
  const view: Record<string, unknown> = {
    '@id': pageUrl(path, query, result.page),
    '@type': 'hydra:PartialCollectionView',
    'hydra:first': pageUrl(path, query, 1),
    'hydra:last': pageUrl(path, query, last),
  };
  if (result.page > 1) view['hydra:previous'] = pageUrl(path, query, result.page - 1);
  if (result.page < last) view['hydra:next'] = pageUrl(path, query, result.page + 1);
  // The members arrive as JSON text from PostgreSQL: the envelope is assembled around them, not re-serialised.
  const head = JSON.stringify({ '@context': `/api/contexts/${declaration.type}`, '@id': path, '@type': 'hydra:Collection', 'hydra:totalItems': result.totalItems });
  return reply
    .type('application/ld+json; charset=utf-8')
    .send(
      `${head.slice(0, -1)},"hydra:member":[${result.members.join(',')}],"hydra:view":${JSON.stringify(view)},` +
        `"hydra:search":${searchTemplateText(declaration.contract, path)}}`,
    );
}

/**
 * The rights check of API.md's matrix, from the declaration: the role the operation needs, or else an
 * ownership rule that narrows the session to its own rows (answered as SQL conditions for the engine).
 */
export function authorize(request: FastifyRequest, declaration: ResourceDeclaration, operation: Operation) {
  const session = requireSession(request);
  const allowed = reach(session.roles, declaration.name, operation);
  if (allowed === 'all') return { session, scope: [] as string[], forced: undefined };
  const ownRows = allowed === 'own' ? ownRowsOf(declaration) : undefined;
  if (ownRows && Number.isSafeInteger(session.userId))
    return { session, scope: [ownRows.condition(session.userId as number)], forced: ownRows.forced };
  throw forbidden(`${operation} on ${declaration.name} requires ${roleNeeded(declaration.access, operation)}.`);
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The version a PUT was edited from: the `updatedAt` its body carries (what the back-office's forms send),
 * or the ETag in If-Match (API clients). Neither: the write is not checked, as API Platform does.
 */
function readAtOf(request: FastifyRequest): string | undefined {
  const body = request.body as Record<string, unknown> | null;
  const given = body && typeof body === 'object' && !Array.isArray(body) ? body.updatedAt : undefined;
  if (given !== undefined && given !== null) {
    if (typeof given !== 'string' || !ISO_DATETIME.test(given) || Number.isNaN(Date.parse(given)))
      throw unprocessable([violation('updatedAt', 'format', 'This value is not a valid datetime.')]);
    return given;
  }
  const ifMatch = request.headers['if-match'];
  if (typeof ifMatch !== 'string' || ifMatch.trim() === '*') return undefined;
  const millis = /^(?:W\/)?"(\d{1,15})"$/.exec(ifMatch.trim())?.[1];
  if (!millis) throw badRequest('If-Match must be an ETag this API sent (W/"<milliseconds>").');
  return new Date(Number(millis)).toISOString();
}

function withForced(body: unknown, forced: Record<string, unknown> | undefined): unknown {
  if (!forced || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  return { ...body, ...forced };
}

/** CRUD and Hydra listing for every declared resource, generic over the declarations. */
export async function resourceRoutes(app: FastifyInstance, { engine }: { engine: ResourceEngine }) {
  for (const declaration of declarations) {
    const operations = (declaration.operations ?? ALL_OPERATIONS).filter((operation) => !declaration.ownRoutes?.includes(operation));
    const base = `/api/${declaration.name}`;
    // Rights first (a 403 says nothing of the body), then the schema's refusal, both before the handler.
    const guarded = (operation: Operation, schema: FastifySchema) => ({
      schema,
      attachValidation: true,
      preHandler: async (request: FastifyRequest) => {
        authorize(request, declaration, operation);
        const refused = refusal(declaration, request);
        if (refused) throw refused;
      },
    });

    if (operations.includes('list'))
      app.get(base, guarded('list', { querystring: querySchema(declaration) }), async (request, reply) => {
        const { scope } = authorize(request, declaration, 'list');
        return sendCollection(request, reply, engine, declaration, base, scope);
      });

    if (operations.includes('get'))
      app.get(`${base}/:id`, guarded('get', { params: idParamsSchema }), async (request, reply) => {
        const { scope } = authorize(request, declaration, 'get');
        const format = formatOf(request);
        return sendItem(reply, format, declaration, await engine.get(declaration, idParam(request), format, scope));
      });

    if (operations.includes('create'))
      app.post(base, guarded('create', { body: bodySchema(declaration, 'create') }), async (request, reply) => {
        const { session, forced } = authorize(request, declaration, 'create');
        const format = formatOf(request);
        const item = await engine.create(declaration, withForced(request.body, forced), session, format);
        reply.header('Location', `${base}/${item.id}`);
        return sendItem(reply, format, declaration, item, 201);
      });

    if (operations.includes('update'))
      app.put(`${base}/:id`, guarded('update', { params: idParamsSchema, body: bodySchema(declaration, 'update') }), async (request, reply) => {
        const { session, scope, forced } = authorize(request, declaration, 'update');
        const format = formatOf(request);
        const item = await engine.update(declaration, idParam(request), withForced(request.body, forced), session, format, scope, readAtOf(request));
        return sendItem(reply, format, declaration, item);
      });

    if (operations.includes('delete'))
      app.delete(`/api/${declaration.deletePath ?? declaration.name}/:id`, guarded('delete', { params: idParamsSchema }), async (request, reply) => {
        const { scope } = authorize(request, declaration, 'delete');
        await engine.remove(declaration, idParam(request), scope);
        return reply.status(204).send();
      });
  }
}
