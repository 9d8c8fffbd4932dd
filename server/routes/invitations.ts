import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CODE_LIFETIME_MINUTES, Codes } from '../auth/codes.ts';
import { lookUpLogin } from '../auth/loginFold.ts';
import type { Mailer } from '../auth/mailer.ts';
import { FIRST_CONNECT, SESSION_USER_COLUMNS, type Sessions, type SessionUser } from '../auth/sessions.ts';
import { Throttle, THROTTLE_WINDOW_SECONDS } from '../auth/throttle.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database } from '../db/database.ts';
import { PLATFORM, runAsAction } from '../db/scope.ts';
import { conflict, notFound, problem, tooMany } from '../http/errors.ts';
import { requireRole } from '../http/session.ts';
import { idParams, noBody, pathId, rightsFirst, stringsBody, typedRoutes } from '../http/routeSchema.ts';
import { noContent, sessionTokens } from '../http/answers.ts';

export interface InvitationOptions {
  db: Database;
  sessions: Sessions;
  mailer: Mailer;
  /** The back-office's address, for the link in the mail. */
  appUrl: string;
}

/** Codes mailed by an invitation belong to no session yet: their family says where they came from. */
const INVITATION_FAMILY = 'invite:';

type InvitedUser = SessionUser & { first_name: string };

/**
 * Inviting a user: a super admin's new user starts in first connection (ROLE_FIRST_CONNECT, no
 * password); `send-invitation` mails them a code, again on demand, within the limits of every code
 * (server/auth/codes.ts). The invitee gives their e-mail and that code to `POST /api/auth/invitation`, which
 * opens the session that sets a password (`reinit-password/validate`), as a checked reset code does.
 */
export async function invitationRoutes(fastify: FastifyInstance, { db, sessions, mailer, appUrl }: InvitationOptions) {
  const app = typedRoutes(fastify);
  const codes = new Codes(db, mailer);
  // The invitee has no session yet: their account is looked up on the platform's scope, by e-mail and code.
  const platformDb = db.scoped(PLATFORM);
  // Wrong codes from one address, whichever accounts they aim at (each code also has its 5 tries).
  const guesses = new Throttle(db, 'invitation', {
    perKey: 10,
    perAddress: 30,
    windowSeconds: THROTTLE_WINDOW_SECONDS,
  });

  app.post(
    '/api/users/:id/send-invitation',
    {
      schema: { params: idParams, body: noBody, response: { 204: noContent } },
      ...rightsFirst((request) => requireRole(request, 'ROLE_SUPER_ADMIN', 'Inviting a user')),
    },
    async (request, reply) => {
      const id = pathId(request);
      const [user] = await db.query<InvitedUser>(
        `SELECT ${SESSION_USER_COLUMNS}, first_name FROM users WHERE id = $1`,
        [id],
      );
      if (!user) throw notFound(`User ${id} not found.`);
      if (!user.enabled) throw conflict('This user is disabled: enable them before inviting them.');
      if (!user.roles.includes(FIRST_CONNECT))
        throw conflict('This user has already chosen a password: they sign in with it.');
      await codes.send(user, `${INVITATION_FAMILY}${randomUUID()}`, (code) => ({
        to: user.email,
        subject: `Votre invitation au back-office, code : ${code}`,
        text: [
          `Bonjour ${user.first_name},`,
          '',
          'Un compte vient de vous être ouvert sur le back-office de la plateforme de formation.',
          `Pour l'activer, ouvrez ${appUrl}#/invitation, saisissez votre adresse e-mail (${user.email}) et ce code : ${code}`,
          `puis choisissez votre mot de passe. Le code est valable ${CODE_LIFETIME_MINUTES} minutes ; un nouveau code peut vous être renvoyé.`,
          '',
          "L'équipe de la plateforme",
        ].join('\n'),
      }));
      // The code is no record of the API: the entry says who invited whom.
      await runAsAction('invite', { resource: 'users', id }, () => noteInAuditLog(db, 'users', id, user.company_id));
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
