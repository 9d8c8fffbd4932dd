import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PERMISSION_OPERATIONS, STRUCTURE_ROLES } from '../../src/domain/permissions.ts';
import { GOVERNED_RESOURCES } from '../../src/domain/rights.ts';
import { PLATFORM_ROLE } from '../../src/domain/tenancy.ts';
import { readGrants, type RolePermissions } from '../auth/rolePermissions.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { refusal, closedObject } from '../http/answers.ts';
import { badRequest } from '../shared/errors.ts';
import { objectBody, refusedAs, rightsFirst, typedRoutes } from '../http/routeSchema.ts';
import { requireRole, type Session } from '../http/session.ts';

const matrixAnswer = closedObject(
  "A structure's rights: the roles, resources and operations the rights screen governs, and what platform staff " +
    'changed of the defaults (`grants`: `"<role> <resource> <operation>"` -> granted or withdrawn; absent, the default).',
  {
    company: { type: 'integer' },
    roles: { type: 'array', items: { type: 'string' } },
    resources: { type: 'array', items: { type: 'string' } },
    operations: { type: 'array', items: { type: 'string' } },
    grants: { type: 'object', additionalProperties: { type: 'boolean' } },
  },
  ['company', 'roles', 'resources', 'operations', 'grants'],
);

const cellBody = objectBody(
  {
    role: refusedAs({ type: 'string', enum: STRUCTURE_ROLES }, 'choice', "Ce rôle n'est pas un rôle d'une structure."),
    resource: refusedAs(
      { type: 'string', enum: GOVERNED_RESOURCES },
      'choice',
      'Les droits de cette ressource ne se changent pas par structure.',
    ),
    operation: refusedAs({ type: 'string', enum: PERMISSION_OPERATIONS }, 'choice', "Cette action n'existe pas."),
    allowed: refusedAs({ type: ['boolean', 'null'] }, 'type', 'Accordé (true), retiré (false) ou par défaut (null).'),
  },
  ['role', 'resource', 'operation', 'allowed'],
);

const noStructure = refusal('Platform staff working across all structures: a structure’s rights need one.');

/** The structure a rights call works on: the session's own, or the one platform staff chose. */
function structureOf(session: Session): number {
  const structure = session.structure.structure;
  if (structure === null || session.structure.allStructures)
    throw badRequest('Choisissez une structure : ses droits sont les siens.');
  return structure;
}

const matrixOf = async (db: Database, company: number) => ({
  company,
  roles: STRUCTURE_ROLES,
  resources: GOVERNED_RESOURCES,
  operations: PERMISSION_OPERATIONS,
  grants: await readGrants(db, company),
});

/**
 * The rights screen's calls (`/api/role-permissions`): a structure's people read their structure's rights,
 * which their back-office follows; platform staff, working in a structure, read and change them. Every
 * statement names the structure (the first lock); row-level security keeps the structure's rows (the second).
 */
export async function rolePermissionRoutes(
  fastify: FastifyInstance,
  { db, permissions }: { db: Database; permissions: RolePermissions },
) {
  const app = typedRoutes(fastify);
  const staff = (request: FastifyRequest) => requireRole(request, PLATFORM_ROLE, 'Changing rights');
  const member = (request: FastifyRequest) => requireRole(request, 'ROLE_USER', 'Reading rights');

  app.get(
    '/api/role-permissions',
    { schema: { response: { 200: matrixAnswer, 400: noStructure } }, ...rightsFirst(member) },
    async (request) => matrixOf(db, structureOf(member(request))),
  );

  app.put(
    '/api/role-permissions',
    { schema: { body: cellBody, response: { 200: matrixAnswer, 400: noStructure } }, ...rightsFirst(staff) },
    async (request) => {
      const session = staff(request);
      const company = structureOf(session);
      const { role, resource, operation, allowed } = request.body;
      // What a structure's people may do is worth a line of its journal, as the structure's own change.
      await runAsAction('change-rights', { resource: 'companies', id: company }, () =>
        db.transaction(async (tx) => {
          if (allowed === null)
            await tx.query(
              'DELETE FROM role_permissions WHERE company_id = $1 AND role = $2 AND resource = $3 AND operation = $4',
              [company, role, resource, operation],
            );
          else
            await tx.query(
              `INSERT INTO role_permissions (company_id, role, resource, operation, allowed, updated_by)
               VALUES ($1, $2, $3, $4, $5, $6)
               ON CONFLICT (company_id, role, resource, operation)
               DO UPDATE SET allowed = EXCLUDED.allowed, updated_by = EXCLUDED.updated_by, updated_at = now()`,
              [company, role, resource, operation, allowed, session.userId],
            );
          await noteInAuditLog(tx, 'companies', company);
        }),
      );
      // The next call, on any process, checks the new rights: this one has heard its own change first.
      await permissions.settle();
      return matrixOf(db, company);
    },
  );
}
