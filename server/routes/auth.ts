import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import type { TokenService } from '../auth/jwt.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { badRequest, unauthorized } from '../http/errors.ts';

export interface AuthOptions {
  db: Database;
  tokens: TokenService;
  refreshTtl: number;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type UserRow = {
  id: number;
  email: string;
  roles: string[];
  enabled: boolean;
  company_id: number | null;
  password_hash: string | null;
};

// Spent on unknown logins too, so that the answer's timing does not tell which e-mails exist.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** Issues an access token and a new refresh-token family for a user. */
export async function issueTokens(options: AuthOptions, user: UserRow, family = randomUUID()) {
  const token = await options.tokens.sign({
    role: user.roles,
    company: user.company_id,
    employeeId: user.id,
    username: user.email,
  });
  const refreshToken = randomBytes(32).toString('base64url');
  await options.db.query(
    `INSERT INTO refresh_tokens (user_id, token_hash, family, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
    [user.id, hashToken(refreshToken), family, options.refreshTtl],
  );
  return { token, refresh_token: refreshToken };
}

export async function authRoutes(app: FastifyInstance, options: AuthOptions) {
  app.post('/api/auth/token', async (request, reply) => {
    const body = request.body as { login?: unknown; password?: unknown } | null;
    if (!body || typeof body.login !== 'string' || typeof body.password !== 'string')
      throw badRequest('The body must hold "login" and "password" strings.');
    const [user] = await options.db.query<UserRow>(
      'SELECT id, email, roles, enabled, company_id, password_hash FROM users WHERE lower(email) = lower($1)',
      [body.login.trim()],
    );
    const valid = await verifyPassword(body.password, user?.password_hash ?? DUMMY_HASH);
    const success = Boolean(user && valid && user.enabled);
    await options.db.query(
      `WITH attempt AS (
         INSERT INTO user_connections (user_id, ip, user_agent, success) VALUES ($1, $2, $3, $4))
       UPDATE users SET last_connection_at = now() WHERE id = $1 AND $4`,
      [user?.id ?? null, request.ip, request.headers['user-agent'] ?? null, success],
    );
    if (!success) throw unauthorized('Invalid credentials.');
    return reply.send(await issueTokens(options, user));
  });
}
