import { runAsAction } from '../db/scope.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessEnded, accessEndedAt } from '../auth/accessEnd.ts';
import { Codes, type CodePurpose } from '../auth/codes.ts';
import { recordConnection } from '../auth/connections.ts';
import { lookUpLogin } from '../auth/loginFold.ts';
import type { Mailer } from '../auth/mailer.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { needsFirstConnection, SESSION_USER_COLUMNS, Sessions, type SessionUser } from '../auth/sessions.ts';
import { Throttle, THROTTLE_WINDOW_SECONDS } from '../auth/throttle.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database } from '../db/database.ts';
import { forbidden, problem, tooMany, unauthorized, unprocessable, violation } from '../shared/errors.ts';
import { noBody, stringsBody, typedRoutes } from '../http/routeSchema.ts';
import { requireSession } from '../http/session.ts';
import type { ResourceEngine } from '../resources/engine.ts';
import { formatOf, sendItem } from '../resources/envelope.ts';
import { noContent, resourceItem, sessionTokens } from '../http/answers.ts';
import { declarationOf } from './actions/support.ts';

export interface AuthOptions {
  db: Database;
  sessions: Sessions;
  mailer: Mailer;
  engine: ResourceEngine;
}

type UserRow = SessionUser & { password_hash: string | null; first_name: string };

// Spent on unknown logins too, so that the answer's timing does not tell which e-mails exist.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const USER_COLUMNS = `${SESSION_USER_COLUMNS}, password_hash, first_name`;

/** The authentication calls of API.md: login, refresh rotation, reset by e-mailed code, first connection. */
export async function authRoutes(fastify: FastifyInstance, options: AuthOptions) {
  const app = typedRoutes(fastify);
  const { db, sessions, mailer, engine } = options;
  const users = declarationOf('users');
  const codes = new Codes(db, mailer);
  // Wrong passwords per login and per address (docs/SECURITY.md).
  const throttle = new Throttle(db, 'login', { perKey: 5, perAddress: 20, windowSeconds: THROTTLE_WINDOW_SECONDS });
  // Requests per e-mail and per address; what one account may be sent is bounded by Codes itself, from any address.
  const resetThrottle = new Throttle(db, 'reset', {
    perKey: 20,
    perAddress: 30,
    windowSeconds: THROTTLE_WINDOW_SECONDS,
  });
  // Wrong codes from one address, whichever accounts they aim at (no key: each code has its own 5 tries).
  const codeThrottle = new Throttle(db, 'code', { perKey: 0, perAddress: 30, windowSeconds: THROTTLE_WINDOW_SECONDS });

  const userById = async (id: number) =>
    (await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]))[0];

  /**
   * The restricted session a code or password call needs. Its access token is checked against its refresh
   * family too: a restricted session ends with its code, before its token expires.
   */
  async function restrictedSession(request: FastifyRequest, scope: 'code' | 'password') {
    const session = requireSession(request);
    if (session.scope !== scope)
      throw forbidden(
        scope === 'code'
          ? 'This call needs a session waiting for its e-mailed code.'
          : 'This call needs a session whose code was checked.',
      );
    const [alive] = await db.query('SELECT 1 FROM refresh_tokens WHERE family = $1 AND revoked_at IS NULL LIMIT 1', [
      session.family,
    ]);
    if (!alive) throw unauthorized('Invalid JWT Token');
    return session;
  }

  /** A restricted session and its first code; no session when the account may not be sent a code now. */
  async function codeSession(user: UserRow, purpose: CodePurpose) {
    const family = randomUUID();
    await codes.send(user, family, purpose);
    return sessions.issue(user, 'code', family);
  }

  app.post(
    '/api/auth/token',
    { schema: { body: stringsBody(['login', 'password']), response: { 200: sessionTokens } } },
    async (request) => {
      const { login, password } = request.body;
      const { key, user } = await lookUpLogin<UserRow>(db, USER_COLUMNS, login);
      const wait = await throttle.attempt(key, request.ip);
      if (wait > 0) throw tooMany(wait);
      const valid = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      const granted = user && valid && user.enabled ? user : undefined;
      // Told only to whoever knows the password: the structure left and its access has ended.
      const endedAt = granted ? await accessEndedAt(db, granted.id) : undefined;
      const success = Boolean(granted && !endedAt);
      // A sign-in is an entry of the audit log (its user's last connection is the change); a refused one is
      // only a connection attempt.
      await runAsAction('sign-in', { resource: 'users', id: user?.id ?? null, userId: user?.id ?? null }, () =>
        recordConnection(db, {
          userId: user?.id ?? null,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          success,
        }),
      );
      // The right password was no guess, whatever else refuses the sign-in.
      if (granted) await throttle.succeeded(key, request.ip);
      if (endedAt) throw accessEnded(endedAt);
      if (!granted) throw unauthorized('Invalid credentials.');
      if (needsFirstConnection(granted)) return codeSession(granted, 'first-connection');
      return sessions.issue(granted, 'full');
    },
  );

  // Signing out ends the session's refresh token (its access token lives out its short life) and is an entry
  // of the audit log.
  app.post(
    '/api/auth/sign-out',
    { schema: { body: noBody, response: { 204: noContent('The session ends: its refresh token is revoked.') } } },
    async (request, reply) => {
      const session = requireSession(request);
      await runAsAction('sign-out', { resource: 'users', id: session.userId }, () =>
        db.transaction(async (tx) => {
          await sessions.revokeFamily(session.family, tx);
          await noteInAuditLog(tx, 'users', session.userId);
        }),
      );
      return reply.status(204).send();
    },
  );

  // Another tab of the same browser opens signed in: a tab that has the session asks for a second one and
  // hands it over (the browser's sessionStorage is per tab).
  app.post(
    '/api/auth/fork',
    { schema: { body: stringsBody(['refresh_token']), response: { 200: sessionTokens } } },
    async (request) => {
      const session = requireSession(request);
      if (session.scope !== 'full') throw forbidden('Only a full session opens another tab.');
      return sessions.fork(session.userId, session.family, request.body.refresh_token);
    },
  );

  app.post(
    '/api/auth/refresh',
    { schema: { body: stringsBody(['refresh_token']), response: { 200: sessionTokens } } },
    async (request) => {
      const { refresh_token: refreshToken } = request.body;
      return sessions.rotate(refreshToken);
    },
  );

  app.post(
    '/api/auth/reinit-password/request',
    { schema: { body: stringsBody(['email']), response: { 200: sessionTokens } } },
    async (request) => {
      const { email } = request.body;
      const { key, user } = await lookUpLogin<UserRow>(db, USER_COLUMNS, email, 'enabled');
      const wait = await resetThrottle.attempt(key, request.ip);
      if (wait > 0) throw tooMany(wait);
      if (!user) throw problem(404, 'No account has this e-mail address.');
      return codeSession(user, 'reset');
    },
  );

  app.post(
    '/api/auth/email/check-code',
    { schema: { body: stringsBody(['code']), response: { 200: sessionTokens } } },
    async (request) => {
      const session = await restrictedSession(request, 'code');
      const { code } = request.body;
      const wait = await codeThrottle.attempt(null, request.ip);
      if (wait > 0) throw tooMany(wait);
      const user = await userById(session.userId);
      if (!user?.enabled) throw unauthorized('Invalid JWT Token');
      const result = await codes.check(user.id, session.family, code.trim());
      if (result === 'valid') {
        await codeThrottle.succeeded(null, request.ip);
        // A structure that signed up itself becomes active once its first administrator proves the address.
        await db.query(
          `UPDATE companies SET status = 'active', activated_at = now(), updated_at = now() WHERE id = $1 AND status = 'pending'`,
          [user.company_id],
        );
        await sessions.revokeFamily(session.family);
        return sessions.issue(user, 'password');
      }
      if (result === 'wrong_code') throw problem(404, 'Wrong code.', { description: 'wrong_code' });
      // The code is over, and the session that waited for it with it: a new code comes with a new request.
      await sessions.revokeFamily(session.family);
      throw result === 'expired'
        ? problem(404, 'The code expired; ask for a new one.', { description: 'code_expired' })
        : problem(404, 'Too many wrong codes; ask for a new one.', { description: 'too_many_tries' });
    },
  );

  app.post(
    '/api/auth/email/resend-code',
    {
      schema: {
        body: noBody,
        response: {
          204: noContent(
            'A new code is on its way by e-mail (the answer is the same whether the address is known or not).',
          ),
        },
      },
    },
    async (request, reply) => {
      const session = await restrictedSession(request, 'code');
      const user = await userById(session.userId);
      if (!user?.enabled) throw unauthorized('Invalid JWT Token');
      await codes.send(user, session.family, needsFirstConnection(user) ? 'first-connection' : 'reset');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/reinit-password/validate',
    {
      schema: {
        body: stringsBody(['password', 'passwordConfirmation']),
        response: { 200: resourceItem(users.type) },
      },
    },
    async (request, reply) => {
      const session = await restrictedSession(request, 'password');
      const { password, passwordConfirmation } = request.body;
      const policy = passwordProblem(password);
      if (policy) throw unprocessable([violation('password', 'password', policy)]);
      if (password !== passwordConfirmation)
        throw unprocessable([violation('passwordConfirmation', 'mismatch', 'The two passwords differ.')]);
      const hash = await hashPassword(password);
      await runAsAction('set-password', { resource: 'users', id: session.userId }, () =>
        db.transaction(async (tx) => {
          // Every other session of the user ends with the new password (migration 0003); this one goes on.
          await tx.query(`SELECT set_config('app.keep_family', $1, true)`, [session.family]);
          await tx.query(
            `UPDATE users SET password_hash = $2, roles = array_remove(roles, 'ROLE_FIRST_CONNECT'), updated_at = now() WHERE id = $1`,
            [session.userId, hash],
          );
          await sessions.widenFamily(session.family, tx);
          // The new password opens the full session: a sign-in, the first of an invited user.
          await recordConnection(tx, {
            userId: session.userId,
            ip: request.ip,
            userAgent: request.headers['user-agent'],
            success: true,
          });
        }),
      );
      const format = formatOf(request);
      return sendItem(reply, format, users, await engine.get(users, session.userId, format));
    },
  );
}
