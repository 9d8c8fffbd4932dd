import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';
import { hasRole, type Role } from '../../src/domain/roles.ts';

export interface Session {
  userId: number;
  roles: string[];
  company: number | null;
  username: string;
  family: string;
  scope: 'full' | 'code' | 'password';
  /** The user's session version the token was issued at (server/auth/sessionVersions.ts). */
  sessionVersion: number;
}

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
