import type { FastifyInstance } from 'fastify';
import { tooMany } from '../auth/codes.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../auth/passwords.ts';
import { LoginThrottle } from '../auth/throttle.ts';
import type { Database } from '../db/database.ts';
import { badRequest, unauthorized, unprocessable, violation } from '../http/errors.ts';
import { requireRole } from '../http/session.ts';

export interface AccountOptions {
  db: Database;
  throttle?: LoginThrottle;
}

/**
 * "Mon compte" (issue 16) beyond the user's own record (`PUT /api/users/{own id}` for the profile): a new
 * password given the current one, and the end of every session of the user. Both need a full session.
 */
export async function accountRoutes(app: FastifyInstance, options: AccountOptions) {
  const { db } = options;
  // A stolen access token must not become a way to guess the current password: wrong ones are bounded
  // per account and per address, like logins.
  const throttle = options.throttle ?? new LoginThrottle({ perLogin: 5, perAddress: 20, windowMs: 15 * 60_000 });

  app.put('/api/account/password', async (request, reply) => {
    const session = requireRole(request, 'ROLE_USER', 'Changing one\'s password');
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The body must be a JSON object with currentPassword and password.');
    const { currentPassword, password } = body;
    const violations = [];
    if (typeof currentPassword !== 'string' || currentPassword === '')
      violations.push(violation('currentPassword', 'blank', 'This value should not be blank.'));
    const policy = typeof password === 'string' ? passwordProblem(password) : 'This value should not be blank.';
    if (policy) violations.push(violation('password', typeof password === 'string' ? 'password' : 'blank', policy));
    if (violations.length > 0) throw unprocessable(violations);
    const key = `account:${session.userId}`;
    const wait = throttle.retryAfter(key, request.ip);
    if (wait > 0) throw tooMany(wait);
    const [user] = await db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1 AND enabled', [session.userId]);
    if (!user) throw unauthorized('Invalid JWT Token');
    if (!(await verifyPassword(currentPassword as string, user.password_hash))) {
      throttle.fail(key, request.ip);
      throw unprocessable([violation('currentPassword', 'current_password', 'The current password is wrong.')]);
    }
    throttle.succeed(key);
    const hash = await hashPassword(password as string);
    await db.transaction(async (tx) => {
      // The new password ends every other session of the user (migration 0003); this one goes on.
      await tx.query(`SELECT set_config('app.keep_family', $1, true)`, [session.family]);
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [session.userId, hash]);
    });
    return reply.status(204).send();
  });

  // Moving the session version revokes every refresh token of the user and refuses every access token
  // issued before (migration 0003): this session ends too.
  app.post('/api/account/sign-out-everywhere', async (request, reply) => {
    const session = requireRole(request, 'ROLE_USER', 'Signing out everywhere');
    await db.query('UPDATE users SET session_version = session_version + 1 WHERE id = $1', [session.userId]);
    return reply.status(204).send();
  });
}
