import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import {
  OPEN_REQUEST_STATUSES,
  PERSONAL_DATA_REQUEST_KINDS,
  PERSONAL_DATA_REQUEST_STATUSES,
} from '../../src/domain/personalData.ts';
import type { Config } from '../shared/settings.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { freeJson, listOf, refusal, streamed } from '../http/answers.ts';
import { conflict, forbidden, notFound, unprocessable, violation } from '../shared/errors.ts';
import { sendStoredFile } from '../http/fileDownload.ts';
import {
  idParams,
  noBody,
  objectBody,
  pathId,
  queryOf,
  reference,
  rightsFirst,
  typedRoutes,
} from '../http/routeSchema.ts';
import { requireRole, type Session } from '../http/session.ts';
import { exportPerson, type Person } from '../privacy/exportPerson.ts';
import { REQUEST_COLUMNS, REQUEST_FROM, requestById, requestOf } from '../privacy/requests.ts';
import { idFromReference } from '../resources/iri.ts';
import { newStorageKey, type FileStorage } from '../storage/fileStorage.ts';

const PATH = '/api/personal-data-requests';

const dateTime = { type: 'string', format: 'date-time' } as const;
const request = {
  type: 'object',
  description: 'A request about a person’s data: its kind, where it stands, its legal deadline, its archive.',
  additionalProperties: false,
  required: ['id', 'user', 'kind', 'status', 'requestedBy', 'requestedAt', 'dueAt', 'runAfter', 'completedAt'],
  properties: {
    id: { type: 'integer' },
    user: { type: 'integer', description: 'The person.' },
    kind: { type: 'string', enum: [...PERSONAL_DATA_REQUEST_KINDS] },
    status: { type: 'string', enum: [...PERSONAL_DATA_REQUEST_STATUSES] },
    requestedBy: {
      description: 'Who filed it (null once their account is gone).',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['id', 'name'],
          properties: { id: { type: 'integer' }, name: { type: 'string' } },
        },
        { type: 'null' },
      ],
    },
    requestedAt: dateTime,
    dueAt: { ...dateTime, description: 'The legal deadline: one month after the request.' },
    runAfter: { ...dateTime, description: 'Not carried out before: the end of an erasure’s cool-off.' },
    completedAt: { type: ['string', 'null'], format: 'date-time' },
    error: { type: ['string', 'null'] },
    archive: {
      description: 'An export’s archive, while it may be downloaded.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['size', 'expiresAt'],
          properties: { size: { type: 'integer' }, expiresAt: dateTime },
        },
        { type: 'null' },
      ],
    },
    summary: {
      description: 'What an export’s archive holds: rows by kind, files stored, files the store had lost.',
      oneOf: [
        {
          type: 'object',
          additionalProperties: false,
          required: ['kinds', 'files', 'missingFiles'],
          properties: {
            kinds: freeJson('Rows by kind (`data/<kind>.json`): the kinds are the schema’s tables, so free by design.'),
            files: { type: 'integer' },
            missingFiles: { type: 'integer' },
          },
        },
        { type: 'null' },
      ],
    },
  },
} as const;

const noStructure = refusal('The person belongs to no structure, or is the caller (an erasure of oneself).');
const alreadyOpen = refusal('A request of that kind is already open for the person.');

/** The administrators of a structure for its people, platform staff for anyone's; in a full session. */
function requester(httpRequest: FastifyRequest): Session {
  const session = requireRole(httpRequest, 'ROLE_ADMIN', 'A person’s data');
  if (session.scope !== 'full') throw forbidden('A person’s data needs a full session.');
  return session;
}

/** The person, as the session's scope reads them: a 404 for anyone it does not reach. */
async function personOf(db: Database, id: number): Promise<Person & { roles: string[] }> {
  const [row] = await db.query<{ id: number; company_id: number | null; email: string; roles: string[] }>(
    'SELECT id, company_id, email, roles FROM users WHERE id = $1',
    [id],
  );
  // Named in the body: the same refusal as any reference the session does not reach, on its field.
  if (!row) throw unprocessable([violation('user', 'reference', `Item not found for "/api/users/${id}".`)]);
  if (row.company_id === null)
    throw unprocessable([
      violation('user', 'no_structure', 'Ce compte n’appartient à aucune structure : sa demande se traite à part.'),
    ]);
  return { id: Number(row.id), structure: Number(row.company_id), email: row.email, roles: row.roles };
}

const isOpenConflict = (error: unknown) =>
  (error as { code?: string }).code === '23505' &&
  String((error as { constraint?: string }).constraint ?? (error as Error).message).includes('open_once');

/**
 * A person's data on request (docs/API.md, "Personal data"): their structure's administrators and platform
 * staff file an export (made at once: a ZIP of the person's rows and files, downloadable for some days) or an
 * erasure (carried out by the job once its cool-off is over, unless called off), and follow each to its
 * legal deadline. Every statement runs in the session's scope: a person of another structure is a 404.
 */
export async function personalDataRoutes(
  fastify: FastifyInstance,
  { db, files, config }: { db: Database; files: FileStorage; config: Config },
) {
  const app = typedRoutes(fastify);
  const guard = rightsFirst(requester);

  app.get(
    PATH,
    {
      schema: {
        querystring: queryOf({ user: { type: 'string', pattern: '^\\d{1,9}$' } }),
        response: { 200: listOf('The requests, newest first (the last 100).', request) },
      },
      ...guard,
    },
    async (httpRequest) => {
      requester(httpRequest);
      const user = httpRequest.query.user;
      const rows = await db.query(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM} ${user ? 'WHERE r.user_id = $1' : ''}
          ORDER BY r.id DESC LIMIT 100`,
        user ? [Number(user)] : [],
      );
      return rows.map(requestOf);
    },
  );

  app.post(
    PATH,
    {
      schema: {
        body: objectBody(
          { user: reference('users'), kind: { type: 'string', enum: [...PERSONAL_DATA_REQUEST_KINDS] } },
          ['user', 'kind'],
        ),
        response: { 201: request, 409: alreadyOpen, 422: noStructure },
      },
      ...guard,
    },
    async (httpRequest, reply) => {
      const session = requester(httpRequest);
      const person = await personOf(db, idFromReference(httpRequest.body.user, 'users')!);
      const { kind } = httpRequest.body;
      if (kind === 'erasure' && person.id === session.userId)
        throw unprocessable([
          violation(
            'user',
            'own_account',
            'Vous ne pouvez pas effacer votre propre compte : demandez-le à un autre administrateur.',
          ),
        ]);
      const action = kind === 'export' ? 'export-personal-data' : 'request-erasure';
      let id: number;
      try {
        id = await runAsAction(action, { resource: 'users', id: person.id }, () =>
          db.transaction(async (tx) => {
            const [row] = await tx.query<{ id: number }>(
              `INSERT INTO personal_data_requests (company_id, user_id, kind, status, requested_by_id, run_after, started_at, attempts)
               VALUES ($1, $2, $3, $4, $5, now() + make_interval(hours => $6), $7, $8) RETURNING id`,
              kind === 'export'
                ? [person.structure, person.id, kind, 'running', session.userId, 0, new Date(), 1]
                : [
                    person.structure,
                    person.id,
                    kind,
                    'scheduled',
                    session.userId,
                    config.personalData.coolOffHours,
                    null,
                    0,
                  ],
            );
            await noteInAuditLog(tx, 'users', person.id);
            return Number(row.id);
          }),
        );
      } catch (error) {
        if (isOpenConflict(error)) throw conflict(`An open ${kind} request exists for user ${person.id}.`);
        throw error;
      }
      if (kind === 'export') await makeArchive(id, session, person);
      return reply.status(201).send((await requestById(db, id))!);
    },
  );

  /** The export's archive, stored for `archiveDays`; a failure is the request's, which the screen shows. */
  async function makeArchive(id: number, session: Session, person: Person) {
    try {
      const { zip, summary } = await exportPerson(db, files, session, person, session.userId);
      const key = newStorageKey('zip');
      await files.write(key, zip, 'application/zip');
      await db.query(
        `UPDATE personal_data_requests SET status = 'done', completed_at = now(), archive_key = $2, archive_size = $3,
                archive_expires_at = now() + make_interval(days => $4), summary = $5::jsonb, updated_at = now()
          WHERE id = $1`,
        [id, key, zip.length, config.personalData.archiveDays, JSON.stringify(summary)],
      );
    } catch (error) {
      await db.query(
        `UPDATE personal_data_requests SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`,
        [id, String((error as Error).message).slice(0, 500)],
      );
    }
  }

  app.post(
    `${PATH}/:id/cancel`,
    {
      schema: {
        params: idParams,
        body: noBody,
        response: { 200: request, 409: refusal('Only a scheduled erasure is called off.') },
      },
      ...guard,
    },
    async (httpRequest) => {
      const session = requester(httpRequest);
      const id = pathId(httpRequest);
      const found = await requestById(db, id);
      if (!found) throw notFound(`Request ${id} not found.`);
      const canceled = await runAsAction('cancel-erasure', { resource: 'users', id: found.user }, () =>
        db.transaction(async (tx) => {
          const rows = await tx.query(
            `UPDATE personal_data_requests SET status = 'canceled', canceled_by_id = $2, completed_at = now(), updated_at = now()
              WHERE id = $1 AND kind = 'erasure' AND status = $3 RETURNING id`,
            [id, session.userId, OPEN_REQUEST_STATUSES[0]],
          );
          if (rows.length > 0) await noteInAuditLog(tx, 'users', found.user);
          return rows.length > 0;
        }),
      );
      if (!canceled) throw conflict(`Request ${id} is no scheduled erasure.`);
      return (await requestById(db, id))!;
    },
  );

  app.get(
    `${PATH}/:id/archive`,
    {
      compress: false,
      schema: {
        params: idParams,
        response: {
          200: streamed('application/zip', 'The export’s archive (docs/API.md, "Personal data").'),
          206: streamed('application/zip', 'The byte range asked for (Range).'),
        },
      },
      ...guard,
    },
    async (httpRequest, reply) => {
      requester(httpRequest);
      const id = pathId(httpRequest);
      const [row] = await db.query<{ archive_key: string | null; archive_size: number; user_id: number }>(
        'SELECT archive_key, archive_size, user_id FROM personal_data_requests WHERE id = $1',
        [id],
      );
      if (!row?.archive_key) throw notFound(`Request ${id} has no archive.`);
      const key = row.archive_key;
      reply.header('Cache-Control', 'private, no-store');
      // The archive the export made for this request, read past the request's own scope (its row above).
      const file = {
        name: `donnees-personnelles-${row.user_id}.zip`,
        mimeType: 'application/zip',
        size: row.archive_size,
        read: async (range?: { start: number; end: number }) =>
          (await files.read(key, range)) ?? (undefined as Readable | undefined),
        exists: async () => (await files.size(key)) !== undefined,
      };
      return sendStoredFile(httpRequest, reply, file, `donnees-personnelles-${id}`, `Request ${id} has no archive.`);
    },
  );
}
