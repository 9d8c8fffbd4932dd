import { runAsAction } from '../db/scope.ts';
import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { Throttle, THROTTLE_WINDOW_SECONDS } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { tooMany, unauthorized, unprocessable, violation } from '../shared/errors.ts';
import { noBody, objectBody, refusedAs, rightsFirst, typedRoutes, type Schema } from '../http/routeSchema.ts';
import { requireRole } from '../http/session.ts';
import { noContent } from '../http/answers.ts';

export interface AccountOptions {
  db: Database;
}

/**
 * "Mon compte" beyond the user's own record (`PUT /api/users/{own id}` for the profile): a new
 * password given the current one, and the end of every session of the user. Both need a full session.
 */
export async function accountRoutes(fastify: FastifyInstance, options: AccountOptions) {
  const app = typedRoutes(fastify);
  const { db } = options;
  // A stolen access token must not become a way to guess the current password: wrong ones are bounded
  // per account and per address, like logins.
  const throttle = new Throttle(db, 'account-password', {
    perKey: 5,
    perAddress: 20,
    windowSeconds: THROTTLE_WINDOW_SECONDS,
  });

  const blank = <const S extends Schema>(schema: S) => refusedAs(schema, 'blank', 'This value should not be blank.');
  const passwords = objectBody(
    { currentPassword: blank({ type: 'string', minLength: 1 }), password: blank({ type: 'string' }) },
    ['currentPassword', 'password'],
  );
  const signedIn = (what: string) => rightsFirst((request) => requireRole(request, 'ROLE_USER', what));

  app.put(
    '/api/account/password',
    {
      schema: {
        body: passwords,
        response: { 204: noContent('The password is changed; the other sessions of the user end.') },
      },
      ...signedIn("Changing one's password"),
    },
    async (request, reply) => {
      const session = requireRole(request, 'ROLE_USER', "Changing one's password");
      const { currentPassword, password } = request.body;
      const policy = passwordProblem(password);
      if (policy) throw unprocessable([violation('password', 'password', policy)]);
      const key = String(session.userId);
      const wait = await throttle.attempt(key, request.ip);
      if (wait > 0) throw tooMany(wait);
      const [user] = await db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE id = $1 AND enabled',
        [session.userId],
      );
      if (!user) throw unauthorized('Invalid JWT Token');
      if (!(await verifyPassword(currentPassword, user.password_hash)))
        throw unprocessable([violation('currentPassword', 'current_password', 'The current password is wrong.')]);
      await throttle.succeeded(key, request.ip);
      const hash = await hashPassword(password);
      await runAsAction('change-password', { resource: 'users', id: session.userId }, () =>
        db.transaction(async (tx) => {
          // The new password ends every other session of the user (migration 0003); this one goes on.
          await tx.query(`SELECT set_config('app.keep_family', $1, true)`, [session.family]);
          await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
            session.userId,
            hash,
          ]);
        }),
      );
      return reply.status(204).send();
    },
  );

  // Moving the session version revokes every refresh token of the user and refuses every access token
  // issued before (migration 0003): this session ends too.
  app.post(
    '/api/account/sign-out-everywhere',
    { schema: { body: noBody, response: { 204: noContent('Every session of the user ends, this one included.') } } },
    async (request, reply) => {
      const session = requireRole(request, 'ROLE_USER', 'Signing out everywhere');
      // The session version is no field of the user: the entry says who signed out, with no change.
      await runAsAction('sign-out-everywhere', { resource: 'users', id: session.userId }, () =>
        db.query(
          `WITH signed_out AS (UPDATE users SET session_version = session_version + 1 WHERE id = $1 RETURNING company_id)
           SELECT audit_note('users', $1) FROM signed_out`,
          [session.userId],
        ),
      );
      return reply.status(204).send();
    },
  );
}
