import type { FastifyInstance } from 'fastify';
import { Codes } from '../auth/codes.ts';
import { lookUpLogin } from '../auth/loginFold.ts';
import type { Mailer } from '../auth/mailer.ts';
import { FIRST_CONNECT, SESSION_USER_COLUMNS, type Sessions } from '../auth/sessions.ts';
import { Throttle, THROTTLE_WINDOW_SECONDS } from '../auth/throttle.ts';
import { INVITATION_FAMILY, UserInvitations, type InvitedUser } from '../auth/userInvitations.ts';
import type { Database } from '../db/database.ts';
import { PLATFORM } from '../db/scope.ts';
import { forbidden, notFound, problem, tooMany } from '../shared/errors.ts';
import { reach } from '../../src/domain/rights.ts';
import { authorize } from '../resources/authorize.ts';
import { declarationsByName } from '../resources/definitions/index.ts';
import { andAll } from './actions/support.ts';
import { idParams, noBody, pathId, rightsFirst, stringsBody, typedRoutes } from '../http/routeSchema.ts';
import { noContent, refusal, sessionTokens } from '../http/answers.ts';

export interface InvitationOptions {
  db: Database;
  sessions: Sessions;
  mailer: Mailer;
  /** The back-office's address, for the link in the mail. */
  appUrl: string;
}

/**
 * Inviting a user: an administrator's new user starts in first connection (ROLE_FIRST_CONNECT, no
 * password); `send-invitation` mails them a code, again on demand, within the limits of every code
 * (server/auth/codes.ts). The invitee gives their e-mail and that code to `POST /api/auth/invitation`, which
 * opens the session that sets a password (`reinit-password/validate`), as a checked reset code does.
 */
export async function invitationRoutes(fastify: FastifyInstance, { db, sessions, mailer, appUrl }: InvitationOptions) {
  const app = typedRoutes(fastify);
  const codes = new Codes(db, mailer);
  const invitations = new UserInvitations(db, mailer, appUrl);
  // The invitee has no session yet: their account is looked up on the platform's scope, by e-mail and code.
  const platformDb = db.scoped(PLATFORM);
  // Wrong codes from one address, whichever accounts they aim at (each code also has its 5 tries).
  const guesses = new Throttle(db, 'invitation', {
    perKey: 10,
    perAddress: 30,
    windowSeconds: THROTTLE_WINDOW_SECONDS,
  });

  // Inviting is changing a user: whoever may change every user of their structure (its administrators)
  // invites them, within their rank, as the users' update reaches them.
  const users = declarationsByName.get('users')!;
  const mayInvite = (request: Parameters<typeof authorize>[0]) => {
    const allowed = authorize(request, users, 'update');
    if (reach(allowed.session.roles, users.name, 'update', allowed.session.grants) !== 'all')
      throw forbidden('Inviting a user requires the right to change users.');
    return allowed;
  };
  app.post(
    '/api/users/:id/send-invitation',
    {
      schema: {
        params: idParams,
        body: noBody,
        response: {
          204: noContent('The invitation mail is on its way to the user.'),
          409: refusal('The user has already signed in: there is nothing to invite them to.'),
        },
      },
      ...rightsFirst(mayInvite),
    },
    async (request, reply) => {
      const { scope } = mayInvite(request);
      const id = pathId(request);
      const [reached] = await db.query(`SELECT 1 FROM users t WHERE t.id = $1${andAll(scope)}`, [id]);
      if (!reached) throw notFound(`User ${id} not found.`);
      await invitations.invite(id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/invitation',
    { schema: { body: stringsBody(['email', 'code']), response: { 200: sessionTokens } } },
    async (request) => {
      const body = request.body;
      const { key, user } = await lookUpLogin<InvitedUser & { family: string | null }>(
        platformDb,
        `${SESSION_USER_COLUMNS}, first_name,
       (SELECT c.family FROM auth_codes c
         WHERE c.user_id = users.id AND c.consumed_at IS NULL AND starts_with(c.family, $2)
         ORDER BY c.created_at DESC, c.id DESC LIMIT 1) AS family`,
        body.email,
        'enabled AND $3 = ANY(roles)',
        [INVITATION_FAMILY, FIRST_CONNECT],
      );
      const wait = await guesses.attempt(key, request.ip);
      if (wait > 0) throw tooMany(wait);
      // An unknown e-mail answers as a wrong code: the call does not tell who was invited.
      const result = user?.family ? await codes.check(user.id, user.family, body.code.trim()) : 'wrong_code';
      if (user && result === 'valid') {
        await guesses.succeeded(key, request.ip);
        return sessions.issue(user, 'password');
      }
      if (result === 'wrong_code') throw problem(404, 'Wrong code.', { description: 'wrong_code' });
      throw result === 'expired'
        ? problem(404, 'The code expired; ask for a new invitation.', { description: 'code_expired' })
        : problem(404, 'Too many wrong codes; ask for a new invitation.', { description: 'too_many_tries' });
    },
  );
}
