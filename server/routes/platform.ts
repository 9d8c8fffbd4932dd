import type { FastifyInstance } from 'fastify';
import { reach } from '../../src/domain/rights.ts';
import type { Database } from '../db/database.ts';
import { problem } from '../shared/errors.ts';
import { requireRole } from '../http/session.ts';
import type { PushNotifier } from '../notify/pushover.ts';
import { declarations, declarationsByName } from '../resources/definitions/index.ts';
import { authorize } from '../resources/authorize.ts';
import { ownRowsOf } from '../resources/ownRows.ts';
import { structureScope } from '../resources/tenancy.ts';
import { ident } from '../shared/sql.ts';
import { columnOf } from '../resources/types.ts';
import { BLANK, filledText, objectBody, refusedAs, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { listOf, noContent, closedObject } from '../http/answers.ts';

/** The column that names a row of a resource in a choice list. */
function labelColumn(resource: string): string | undefined {
  const declaration = declarationsByName.get(resource);
  if (!declaration) return undefined;
  for (const name of ['name', 'title', 'label', 'subject', 'email', 'code'])
    if (declaration.fields[name]) return columnOf(name, declaration.fields[name]);
  return undefined;
}

export const filterChoices = listOf(
  'The filters of the list, each with its choices.',
  closedObject(
    'A filter and its choices.',
    {
      field: { type: 'string' },
      label: { type: 'string' },
      choices: listOf(
        'Its choices.',
        closedObject(
          'A choice: the value to filter by (an enum value, a boolean, a related row’s IRI) and its label.',
          { id: { type: ['string', 'integer', 'boolean'] }, name: { type: 'string' } },
          ['id', 'name'],
        ),
      ),
    },
    ['field', 'choices'],
  ),
);

export async function platformRoutes(fastify: FastifyInstance, { db, push }: { db: Database; push: PushNotifier }) {
  const app = typedRoutes(fastify);
  // The choices of a list's filters, from the resource's own declaration: enum values, or the related rows.
  // One static route per resource: a `/api/:context/filters` pattern would lose to `/api/users/:id`.
  for (const declaration of declarations)
    app.get(`/api/${declaration.name}/filters`, { schema: { response: { 200: filterChoices } } }, async (request) => {
      const { session } = authorize(request, declaration, 'list');
      const filters = [];
      for (const name of declaration.filters) {
        const field = declaration.fields[name];
        if (!field) continue;
        const type = field.type;
        if (type.kind === 'enum')
          filters.push({
            field: name,
            label: name,
            choices: type.values.map((value) => ({ id: value, name: String(value) })),
          });
        else if (type.kind === 'boolean')
          filters.push({
            field: name,
            label: name,
            choices: [
              { id: true, name: 'true' },
              { id: false, name: 'false' },
            ],
          });
        else if (type.kind === 'relation' || type.kind === 'relations') {
          const related = declarationsByName.get(type.resource);
          const label = labelColumn(type.resource);
          if (!related || !label) continue;
          // The choices are rows of the related resource: the session sees those its own list would show.
          const reachable = reach(session.roles, related.name, 'list', session.grants);
          const ownRows = ownRowsOf(related);
          if (!reachable || (reachable === 'own' && !ownRows)) continue;
          const conditions = [
            ...structureScope(related, 'list', session.structure),
            ...(reachable === 'own' && ownRows ? [ownRows.condition(session.userId)] : []),
          ];
          const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
          const choices = await db.query<{ id: number; name: string }>(
            `SELECT t.id, t.${ident(label)}::text AS name FROM ${ident(related.table)} t ${where} ORDER BY t.${ident(label)}, t.id LIMIT 500`,
          );
          filters.push({
            field: name,
            label: name,
            choices: choices.map((choice) => ({ id: `/api/${type.resource}/${choice.id}`, name: choice.name })),
          });
        }
      }
      return filters;
    });

  const pushSchema = {
    body: objectBody(
      { title: refusedAs(filledText(), 'blank', BLANK), message: refusedAs(filledText(), 'blank', BLANK) },
      ['title', 'message'],
    ),
  };
  app.post(
    '/api/pushover',
    {
      schema: { ...pushSchema, response: { 204: noContent('The push notification was handed to Pushover.') } },
      ...rightsFirst((request) => requireRole(request, 'ROLE_ADMIN', 'Sending a push')),
    },
    async (request, reply) => {
      const { title, message } = request.body;
      try {
        // Pushover's own bounds: longer texts are cut, not refused (an alert is still worth sending).
        await push.send({ title: title.slice(0, 250), message: message.slice(0, 1024) });
      } catch (error) {
        request.log.warn(error);
        throw problem(502, 'The push service did not accept the message.');
      }
      return reply.status(204).send();
    },
  );
}
