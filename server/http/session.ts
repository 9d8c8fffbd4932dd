import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../shared/errors.ts';
import { hasRole, type Role } from '../../src/domain/roles.ts';
import type { Grants } from '../../src/domain/permissions.ts';
import type { SessionStructure } from '../../src/domain/tenancy.ts';
import type { Scope } from '../db/scope.ts';

export interface Session {
  userId: number;
  roles: string[];
  company: number | null;
  username: string;
  family: string;
  scope: 'full' | 'code' | 'password';
  /** The user's session version the token was issued at (server/auth/sessionVersions.ts). */
  sessionVersion: number;
  /** Whose rows this request works on: the user's structure, or the one platform staff chose (X-Structure). */
  structure: SessionStructure;
  /** What the rights screen changed of the rights table for the user's structure (none for platform staff). */
  grants: Grants;
}

/** The scope row-level security gives a session's statements. */
export const scopeOf = (session: Session): Scope => ({
  structure: session.structure.structure,
  platform: session.structure.allStructures,
  userId: session.userId,
});

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export function requireSession(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized('JWT Token not found');
  return request.session;
}

export function requireRole(request: FastifyRequest, role: Role, what: string): Session {
  const session = requireSession(request);
  if (!hasRole(session.roles, role)) throw forbidden(`${what} requires ${role}.`);
  return session;
}
