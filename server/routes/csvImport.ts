import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../auth/mailer.ts';
import { UserInvitations } from '../auth/userInvitations.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../shared/errors.ts';
import { authorize } from '../resources/authorize.ts';
import { closedObject } from '../http/answers.ts';
import { objectBody, refusedAs, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { spendMoreWrites } from '../http/writeBudget.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { importRows } from '../resources/importRows.ts';
import { declarations } from '../resources/definitions/index.ts';
import {
  CSV_IMPORT_INVITES,
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  CSV_IMPORT_RESOURCES,
  csvImportPath,
} from '../../src/domain/csvImport.ts';

export interface CsvImportOptions {
  db: Database;
  engine: ResourceEngine;
  mailer: Mailer;
  /** The back-office's address, for the link in the invitations. */
  appUrl: string;
}

const bodySchema = objectBody(
  {
    rows: refusedAs(
      { type: 'array', items: { type: 'object' }, minItems: 1, maxItems: CSV_IMPORT_MAX_ROWS },
      'count',
      `Give 1 to ${CSV_IMPORT_MAX_ROWS} rows, each an object of the resource's fields.`,
    ),
    dryRun: refusedAs({ type: 'boolean' }, 'type', 'This value should be of type bool.'),
  },
  ['rows', 'dryRun'],
);

const ids = { type: 'array', items: { type: 'integer' } };

/**
 * `POST /api/{users|tags|skills}/import`: the rows of a CSV file the browser read, each created as the
 * resource's own create would (rights, field rules, checks, the session's structure), in one transaction;
 * a dry run checks them all and keeps nothing. Imported users are then invited, each as one invitation is.
 */
export async function csvImportRoutes(fastify: FastifyInstance, { db, engine, mailer, appUrl }: CsvImportOptions) {
  const app = typedRoutes(fastify);
  const invitations = new UserInvitations(db, mailer, appUrl);
  for (const resource of CSV_IMPORT_RESOURCES) {
    const declaration = declarations.find((candidate) => candidate.name === resource);
    if (!declaration) throw new Error(`${resource} is not declared.`);
    const schema = {
      body: bodySchema,
      response: {
        200: closedObject('A dry run: every row would be created; nothing was.', {
          dryRun: { type: 'boolean' },
          count: { type: 'integer' },
        }),
        201: closedObject('The rows created, in the order given; the users invited, and those who could not be.', {
          dryRun: { type: 'boolean' },
          count: { type: 'integer' },
          ids,
          invited: ids,
          notInvited: {
            type: 'array',
            items: closedObject('A user created but not invited, and why.', {
              id: { type: 'integer' },
              detail: { type: 'string' },
            }),
          },
        }),
      },
    };
    // The create's rights, before the body is read: a session that may not create one row imports none.
    const rights = (request: Parameters<typeof authorize>[0]) => authorize(request, declaration, 'create');
    app.post(
      csvImportPath(resource),
      { schema, bodyLimit: CSV_IMPORT_MAX_BYTES, ...rightsFirst(rights) },
      async (request, reply) => {
        const { session, forced } = rights(request);
        const { rows, dryRun } = request.body;
        const created = await importRows(
          db,
          engine,
          declaration,
          rows.map((row) => ({ ...row, ...forced })),
          session,
          // The request spent one write; each further row, one more, as its own create would.
          { dryRun, spend: (tx) => spendMoreWrites(request, rows.length - 1, tx) },
        );
        if (dryRun) return reply.status(200).send({ dryRun, count: created.length });
        const invited: number[] = [];
        const notInvited: { id: number; detail: string }[] = [];
        // After the commit: a code mailed is no part of the rows, and a refused one leaves the account to invite again.
        if (CSV_IMPORT_INVITES[resource])
          for (const id of created)
            try {
              await invitations.invite(id);
              invited.push(id);
            } catch (error) {
              if (!(error instanceof ApiError)) request.log.error(error);
              notInvited.push({ id, detail: error instanceof ApiError ? error.message : 'The mail was not sent.' });
            }
        return reply.status(201).send({ dryRun, count: created.length, ids: created, invited, notInvited });
      },
    );
  }
}
