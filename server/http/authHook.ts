import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { sessionStructure, STRUCTURE_HEADER } from '../../src/domain/tenancy.ts';
import type { TokenService } from '../auth/jwt.ts';
import type { RolePermissions } from '../auth/rolePermissions.ts';
import type { SessionVersions } from '../auth/sessionVersions.ts';
import { NO_GRANTS } from '../../src/domain/permissions.ts';
import { isPlatformStaff } from '../../src/domain/tenancy.ts';
import { runInScope } from '../db/scope.ts';
import { badRequest, unauthorized } from '../shared/errors.ts';
import { scopeOf } from './session.ts';
import { COURSE_FORMAT_SCHEMA_PATH } from '../../src/domain/courseFormat.ts';

/** Paths reachable without a token (and /api, the entrypoint): the login and reset calls, the public endpoints, the health check, the documentation. */
const PUBLIC = [
  /^\/api\/auth\/token$/,
  /^\/api\/auth\/refresh$/,
  /^\/api\/auth\/reinit-password\/request$/,
  /^\/api\/auth\/invitation$/,
  /^\/api\/public\//,
  /^\/api\/health(?:\/ready)?$/,
  // The API's documentation describes it, never its data (docs/SECURITY.md).
  /^\/api\/docs(\.jsonld|\.json)?$/,
  new RegExp(`^${COURSE_FORMAT_SCHEMA_PATH.replace(/[.]/g, '\\.')}$`),
  /^\/api\/contexts\/[A-Za-z]+$/,
  /^\/api\/users\/register$/,
  /^\/api\/errorCall$/,
  // EventSource sends no header: the stream checks its own short-lived ticket (routes/events.ts).
  /^\/api\/events$/,
];

/**
 * Paths that also answer without a token, while a token sent is checked as on any other path: leaving a plan
 * needs a session, a mail's opt-out link (its signed token in the body) does not.
 */
const SESSION_OPTIONAL = [/^\/api\/unsubscribe$/];

function chosenStructure(request: FastifyRequest): number | null {
  const value = request.headers[STRUCTURE_HEADER.toLowerCase()];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || !/^[1-9]\d{0,8}$/.test(value))
    throw badRequest(`"${STRUCTURE_HEADER}" must be the id of a structure.`);
  return Number(value);
}

/**
 * Reads the bearer token of every /api call; any non-public path without a valid one gets Lexik's 401. A
 * token is valid while its user exists, is enabled and keeps the session version the token was issued at,
 * and while its session (refresh-token family) was not revoked.
 */
export const authHook = fp<{ tokens: TokenService; versions: SessionVersions; permissions: RolePermissions }>(
  async (app, { tokens, versions, permissions }) => {
    app.decorateRequest('session', null);
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0];
      if (!path.startsWith('/api/')) return;
      const header = request.headers.authorization;
      const isPublic = PUBLIC.some((pattern) => pattern.test(path));
      // The scheme is case-insensitive (RFC 9110).
      if (!/^bearer /i.test(header ?? '')) {
        if (isPublic || SESSION_OPTIONAL.some((pattern) => pattern.test(path))) return;
        throw unauthorized('JWT Token not found');
      }
      try {
        const claims = await tokens.verify((header ?? '').slice(7).trim());
        if (!(await versions.stands({ userId: claims.employeeId, version: claims.sv ?? 0, family: claims.sid })))
          throw unauthorized('Invalid JWT Token');
        request.session = {
          userId: claims.employeeId,
          roles: claims.role,
          company: claims.company,
          username: claims.username,
          family: claims.sid,
          scope: claims.scope ?? 'full',
          sessionVersion: claims.sv ?? 0,
          // A structure's people are in their own structure, whatever they send; platform staff choose.
          structure: sessionStructure(claims.role, claims.company ?? null, chosenStructure(request)),
          // Their structure's rights, as the rights screen left them; platform staff keep the table's.
          grants: isPlatformStaff(claims.role) ? NO_GRANTS : await permissions.of(claims.company ?? null),
        };
      } catch (error) {
        if (!isPublic) throw error;
      }
    });
    // Everything the request does from here runs in its session's scope, which row-level security reads;
    // without a session, in none (public routes that need rows name the platform's scope themselves).
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.session) runInScope(scopeOf(request.session), done);
      else done();
    });
  },
);
