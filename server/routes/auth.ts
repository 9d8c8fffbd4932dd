import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Codes } from '../auth/codes.ts';
import type { Mailer } from '../auth/mailer.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { needsFirstConnection, Sessions, type SessionUser } from '../auth/sessions.ts';
import { LoginThrottle } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { ApiError, badRequest, forbidden, problem, unauthorized, unprocessable, violation } from '../http/errors.ts';
import { requireSession } from '../http/session.ts';
import { declarationsByName } from '../resources/definitions/index.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { formatOf, sendItem } from '../resources/plugin.ts';

export interface AuthOptions {
  db: Database;
  sessions: Sessions;
  mailer: Mailer;
  engine: ResourceEngine;
  throttle?: LoginThrottle;
}

type UserRow = SessionUser & { password_hash: string | null; first_name: string };

// Spent on unknown logins too, so that the answer's timing does not tell which e-mails exist.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const USER_COLUMNS = 'id, email, roles, enabled, company_id, password_hash, first_name';

function stringsOf<K extends string>(body: unknown, keys: readonly K[]): Record<K, string> {
  if (!body || typeof body !== 'object') throw badRequest(`The body must be a JSON object with ${keys.join(', ')}.`);
  const values = body as Record<string, unknown>;
  for (const key of keys)
    if (typeof values[key] !== 'string') throw badRequest(`"${key}" must be a string.`);
  return values as Record<K, string>;
}

function tooMany(seconds: number): ApiError {
  const error = problem(429, `Too many failed attempts; try again in ${seconds} s.`);
  return new ApiError(429, error.body, error.contentType, { 'Retry-After': String(seconds) });
}

/** The authentication calls of API.md: login, refresh rotation, reset by e-mailed code, first connection. */
export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  const { db, sessions, mailer, engine } = options;
  const codes = new Codes(db, mailer);
  const throttle = options.throttle ?? new LoginThrottle();
  const resetThrottle = new LoginThrottle({ perLogin: 5, perAddress: 30, windowMs: 15 * 60_000 });

  const userById = async (id: number) =>
    (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]))[0];

  function restrictedSession(request: FastifyRequest, scope: 'code' | 'password') {
    const session = requireSession(request);
    if (session.scope !== scope)
      throw forbidden(scope === 'code' ? 'This call needs a session waiting for its e-mailed code.' : 'This call needs a session whose code was checked.');
    return session;
  }

  app.post('/api/auth/token', async (request) => {
    const { login, password } = stringsOf(request.body, ['login', 'password']);
    const wait = throttle.retryAfter(login, request.ip);
    if (wait > 0) throw tooMany(wait);
    const [user] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1)`, [login.trim()]);
    const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
    const success = Boolean(user && valid && user.enabled);
    await db.query(
      `WITH attempt AS (
         INSERT INTO user_connections (user_id, ip, user_agent, success) VALUES ($1, $2, $3, $4))
       UPDATE users SET last_connection_at = now() WHERE id = $1 AND $4`,
      [user?.id ?? null, request.ip, request.headers['user-agent'] ?? null, success],
    );
    if (!success) {
      throttle.fail(login, request.ip);
      throw unauthorized('Invalid credentials.');
    }
    throttle.succeed(login);
    if (needsFirstConnection(user)) {
      await codes.send(user);
      return sessions.issue(user, 'code');
    }
    return sessions.issue(user, 'full');
  });

  app.post('/api/auth/refresh', async (request) => {
    const { refresh_token: refreshToken } = stringsOf(request.body, ['refresh_token']);
    return sessions.rotate(refreshToken);
  });

  app.post('/api/auth/reinit-password/request', async (request) => {
    const { email } = stringsOf(request.body, ['email']);
    const wait = resetThrottle.retryAfter(email, request.ip);
    if (wait > 0) throw tooMany(wait);
    resetThrottle.fail(email, request.ip);
    const [user] = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE lower(email) = lower($1) AND enabled`, [email.trim()]);
    if (!user) throw problem(404, 'No account has this e-mail address.');
    await codes.send(user);
    return sessions.issue(user, 'code');
  });

  app.post('/api/auth/email/check-code', async (request) => {
    const session = restrictedSession(request, 'code');
    const { code } = stringsOf(request.body, ['code']);
    const user = await userById(session.userId);
    if (!user?.enabled) throw unauthorized('Invalid JWT Token');
    const result = await codes.check(user, code.trim());
    if (result !== 'valid') throw problem(404, result === 'new_code_sent' ? 'The code expired; a new one was sent.' : 'Wrong code.', { description: result });
    await sessions.revokeFamily(session.family);
    return sessions.issue(user, 'password');
  });

  app.post('/api/auth/email/resend-code', async (request, reply) => {
    const session = restrictedSession(request, 'code');
    const user = await userById(session.userId);
    if (!user?.enabled) throw unauthorized('Invalid JWT Token');
    await codes.send(user);
    return reply.status(204).send();
  });

  app.post('/api/auth/reinit-password/validate', async (request, reply) => {
    const session = restrictedSession(request, 'password');
    const { password, passwordConfirmation } = stringsOf(request.body, ['password', 'passwordConfirmation']);
    const policy = passwordProblem(password);
    if (policy) throw unprocessable([violation('password', 'password', policy)]);
    if (password !== passwordConfirmation)
      throw unprocessable([violation('passwordConfirmation', 'mismatch', 'The two passwords differ.')]);
    const hash = await hashPassword(password);
    await db.transaction(async (tx) => {
      await tx.query(
        `UPDATE users SET password_hash = $2, roles = array_remove(roles, 'ROLE_FIRST_CONNECT'), updated_at = now() WHERE id = $1`,
        [session.userId, hash],
      );
      await sessions.widenFamily(session.family, tx);
    });
    const users = declarationsByName.get('users');
    if (!users) throw new Error('The users resource is not declared.');
    const format = formatOf(request);
    return sendItem(reply, format, users, await engine.get(users, session.userId, format));
  });
}
