import { itemAnswer, listAnswer } from './answerSchemas.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import {
  CSV_MEDIA_TYPE,
  EXPORT_MAX_ROWS,
  EXPORT_TOO_LARGE,
  exportExtraCost,
  exportFilename,
  exportPath,
} from '../../src/domain/csvExport.ts';
import { asSupervisor, currentScope } from '../db/scope.ts';
import { streamed } from '../http/answers.ts';
import { authorize } from './authorize.ts';
import { badRequest, unprocessable, violation } from '../shared/errors.ts';
import { idParams as idParamsSchema, pathId as idParam } from '../http/routeSchema.ts';
import { declarations } from './definitions/index.ts';
import type { ResourceEngine } from './engine.ts';
import { formatOf, rawQueryOf, sendCollection, sendItem } from './envelope.ts';
import { parseQueryString } from './listQuery.ts';
import { bodySchema, exportQuerySchema, querySchema, refusal } from './routeSchemas.ts';
import { DEFAULT_CSV_FORMAT, type CsvFormat } from '../../src/domain/csvFrench.ts';
import type { Operation, ResourceDeclaration } from './types.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';

const ALL_OPERATIONS: readonly Operation[] = ['list', 'get', 'create', 'update', 'delete'];

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

/**
 * The whole filtered list as CSV: the list's own conditions, filters and order. Paid for before a byte is
 * read: one write of the user's budget, then one per EXPORT_ROWS_PER_WRITE rows, refused beyond
 * EXPORT_MAX_ROWS (docs/SECURITY.md).
 */
async function sendListExport(
  request: FastifyRequest,
  reply: FastifyReply,
  engine: ResourceEngine,
  declaration: ResourceDeclaration,
  scope: string[],
) {
  await spendMoreWrites(request, 1);
  const query = new Map(parseQueryString(rawQueryOf(request)));
  // The route's schema let only a known format through; the list's query is the rest.
  const format = (query.get('format')?.at(-1) ?? DEFAULT_CSV_FORMAT) as CsvFormat;
  query.delete('format');
  const listExport = engine.exportOf(declaration, query, scope, format);
  const rows = await listExport.countUpTo(EXPORT_MAX_ROWS);
  if (rows > EXPORT_MAX_ROWS)
    throw unprocessable([
      violation(
        '',
        EXPORT_TOO_LARGE,
        `An export sends at most ${EXPORT_MAX_ROWS} rows; narrow the list with its filters first.`,
      ),
    ]);
  await spendMoreWrites(request, exportExtraCost(rows));
  return reply
    .type(CSV_MEDIA_TYPE)
    .header('Content-Disposition', `attachment; filename="${exportFilename(declaration.name, new Date())}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(listExport.stream(currentScope()));
}

/** A read of a supervisor's learners runs in a scope that reads as one: row-level security holds it too. */
const readAs = <T>(supervised: boolean, work: () => T): T => (supervised ? asSupervisor(work) : work());

/** CRUD and Hydra listing for every declared resource, generic over the declarations. */
export async function resourceRoutes(app: FastifyInstance, { engine }: { engine: ResourceEngine }) {
  for (const declaration of declarations) {
    const operations = (declaration.operations ?? ALL_OPERATIONS).filter(
      (operation) => !declaration.ownRoutes?.includes(operation),
    );
    const base = `/api/${declaration.name}`;
    // One item schema for get, create and update: each compiles its serialiser on its first answer.
    const itemSchema = itemAnswer(declaration);
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
      app.get(
        base,
        guarded('list', { querystring: querySchema(declaration), response: { 200: listAnswer(declaration) } }),
        async (request, reply) => {
          const { scope, supervised } = authorize(request, declaration, 'list');
          return readAs(supervised, () => sendCollection(request, reply, engine, declaration, base, scope));
        },
      );

    // A path of its own beside the items': Fastify matches it before `/:id`.
    if (operations.includes('list'))
      app.get(
        exportPath(declaration.name),
        guarded('list', {
          querystring: exportQuerySchema(declaration),
          response: {
            200: streamed(
              CSV_MEDIA_TYPE,
              'The whole filtered list as CSV (UTF-8 with BOM, `;`, CRLF): French headers and values, or the API’s with `format=api`.',
            ),
          },
        }),
        async (request, reply) => {
          const { scope, supervised } = authorize(request, declaration, 'list');
          return readAs(supervised, () => sendListExport(request, reply, engine, declaration, scope));
        },
      );

    if (operations.includes('get'))
      app.get(
        `${base}/:id`,
        guarded('get', { params: idParamsSchema, response: { 200: itemSchema } }),
        async (request, reply) => {
          const { scope, supervised } = authorize(request, declaration, 'get');
          const format = formatOf(request);
          const item = await readAs(supervised, () => engine.get(declaration, idParam(request), format, scope));
          return sendItem(reply, format, declaration, item);
        },
      );

    if (operations.includes('create'))
      app.post(
        base,
        guarded('create', { body: bodySchema(declaration, 'create'), response: { 201: itemSchema } }),
        async (request, reply) => {
          const { session, forced } = authorize(request, declaration, 'create');
          const format = formatOf(request);
          const item = await engine.create(declaration, withForced(request.body, forced), session, format);
          reply.header('Location', `${base}/${item.id}`);
          return sendItem(reply, format, declaration, item, 201);
        },
      );

    if (operations.includes('update'))
      app.put(
        `${base}/:id`,
        guarded('update', {
          params: idParamsSchema,
          body: bodySchema(declaration, 'update'),
          response: { 200: itemSchema },
        }),
        async (request, reply) => {
          const { session, scope, forced } = authorize(request, declaration, 'update');
          const format = formatOf(request);
          const item = await engine.update(
            declaration,
            idParam(request),
            withForced(request.body, forced),
            session,
            format,
            scope,
            readAtOf(request),
          );
          return sendItem(reply, format, declaration, item);
        },
      );

    if (operations.includes('delete'))
      app.delete(
        `/api/${declaration.deletePath ?? declaration.name}/:id`,
        guarded('delete', { params: idParamsSchema }),
        async (request, reply) => {
          const { session, scope } = authorize(request, declaration, 'delete');
          await engine.remove(declaration, idParam(request), scope, session.userId);
          return reply.status(204).send();
        },
      );
  }
}
