import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOURCE_RIGHTS } from '../../src/domain/rights.ts';
import {
  SAVED_VIEW_NAME_MAX_LENGTH,
  SAVED_VIEW_PARAMS_MAX_LENGTH,
  SAVED_VIEW_SORT_ORDERS,
  type SavedView,
} from '../../src/domain/savedViews.ts';
import type { Database, Row } from '../db/database.ts';
import { closedObject, freeJson, listOf, noContent } from '../http/answers.ts';
import { notFound, unprocessable, violation } from '../shared/errors.ts';
import {
  filledText,
  idParams,
  noBody,
  objectBody,
  pathId,
  queryOf,
  rightsFirst,
  typedRoutes,
} from '../http/routeSchema.ts';
import { requireRole, type Session } from '../http/session.ts';
import { FIELD_NAME_MAX_LENGTH } from '../../src/domain/queryBounds.ts';
import { frenchOrder } from '../shared/sql.ts';

const RESOURCES = Object.keys(RESOURCE_RIGHTS);
const FIELD = { type: 'string', maxLength: FIELD_NAME_MAX_LENGTH } as const;

const paramsSchema = {
  type: 'object',
  properties: {
    filter: { type: 'object' },
    sort: {
      type: 'object',
      properties: { field: FIELD, order: { type: 'string', enum: SAVED_VIEW_SORT_ORDERS } },
      required: ['field', 'order'],
    },
    columns: { type: 'array', items: FIELD, maxItems: 100 },
  },
  required: ['filter'],
} as const;

const viewAnswer = closedObject(
  'A saved view of a list: its name and what it keeps (filters, order, columns).',
  {
    id: { type: 'integer' },
    resource: { type: 'string' },
    name: { type: 'string' },
    params: freeJson(
      'What the view keeps, as the list saved it (`SavedViewParams`): its filter, which is the list’s own ' +
        'free JSON, its order and columns.',
    ),
    createdAt: { type: 'string', format: 'date-time' },
    updatedAt: { type: 'string', format: 'date-time' },
  },
  ['id', 'resource', 'name', 'params'],
);

const viewSql = `id, resource, name, params,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

const asView = (row: Row): SavedView => ({ ...(row as SavedView), id: Number(row.id) });

/** Every signed-in user keeps views (a session still in its first connection does not). */
const userOf = (request: FastifyRequest): Session => requireRole(request, 'ROLE_USER', 'Saved views');

/** A view's state is bounded as a whole, whatever its filters hold. */
function checkParams(params: unknown) {
  if (JSON.stringify(params).length > SAVED_VIEW_PARAMS_MAX_LENGTH)
    throw unprocessable([
      violation(
        'params',
        'length',
        `This value is too long. It should have ${SAVED_VIEW_PARAMS_MAX_LENGTH} characters or less.`,
      ),
    ]);
}

const nameTaken = () => unprocessable([violation('name', 'unique', 'Une vue de cette liste porte déjà ce nom.')]);

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/**
 * Saved views (`/api/saved-views`): each user's own, whoever they are. Every statement names the session's
 * user (the first lock); row-level security shows a session its user's rows only (the second).
 */
export async function savedViewRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = typedRoutes(fastify);
  const guard = rightsFirst(userOf);

  app.get(
    '/api/saved-views',
    {
      schema: {
        querystring: queryOf({ resource: { type: 'string', enum: RESOURCES } }),
        response: {
          200: listOf("The session's views of one list, by name; without a list, all of them, by list.", viewAnswer),
        },
      },
      ...guard,
    },
    async (request) => {
      const session = userOf(request);
      const { resource } = request.query;
      // Without a list (the home page's card), every view of the user: bounded by the views a list keeps.
      const rows =
        resource === undefined
          ? await db.query(
              `SELECT ${viewSql} FROM saved_views WHERE user_id = $1 ORDER BY resource, ${frenchOrder('name')}, id`,
              [session.userId],
            )
          : await db.query(
              `SELECT ${viewSql} FROM saved_views WHERE user_id = $1 AND resource = $2 ORDER BY ${frenchOrder('name')}, id`,
              [session.userId, resource],
            );
      return rows.map(asView);
    },
  );

  app.post(
    '/api/saved-views',
    {
      schema: {
        body: objectBody(
          {
            resource: { type: 'string', enum: RESOURCES },
            name: filledText(SAVED_VIEW_NAME_MAX_LENGTH),
            params: paramsSchema,
          },
          ['resource', 'name', 'params'],
        ),
        response: { 201: viewAnswer },
      },
      ...guard,
    },
    async (request, reply) => {
      const session = userOf(request);
      const { resource, name, params } = request.body;
      checkParams(params);
      // The cap on a list's views is the database's (bounds/rowCaps.ts): counted there under the group's
      // lock, so that parallel creations, on any process, never pass it.
      const [created] = await db
        .query(
          `INSERT INTO saved_views (user_id, company_id, resource, name, params)
           VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING ${viewSql}`,
          [session.userId, session.company, resource, name.trim(), JSON.stringify(params)],
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      reply.header('Location', `/api/saved-views/${created.id}`);
      return reply.status(201).send(asView(created));
    },
  );

  app.put(
    '/api/saved-views/:id',
    {
      schema: {
        params: idParams,
        body: objectBody({ name: filledText(SAVED_VIEW_NAME_MAX_LENGTH), params: paramsSchema }),
        response: { 200: viewAnswer },
      },
      ...guard,
    },
    async (request) => {
      const session = userOf(request);
      const { name, params } = request.body;
      if (params !== undefined) checkParams(params);
      const [row] = await db
        .query(
          `UPDATE saved_views SET name = coalesce($3, name), params = coalesce($4::jsonb, params), updated_at = now()
            WHERE id = $1 AND user_id = $2 RETURNING ${viewSql}`,
          [
            pathId(request),
            session.userId,
            name === undefined ? null : name.trim(),
            params === undefined ? null : JSON.stringify(params),
          ],
        )
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? nameTaken() : error;
        });
      if (!row) throw notFound();
      return asView(row);
    },
  );

  app.delete(
    '/api/saved-views/:id',
    { schema: { params: idParams, body: noBody, response: { 204: noContent('The view is deleted.') } }, ...guard },
    async (request, reply) => {
      const session = userOf(request);
      const rows = await db.query('DELETE FROM saved_views WHERE id = $1 AND user_id = $2 RETURNING id', [
        pathId(request),
        session.userId,
      ]);
      if (rows.length === 0) throw notFound();
      return reply.status(204).send();
    },
  );
}
