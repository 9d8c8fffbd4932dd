import { randomUUID } from 'node:crypto';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import { conflict, notFound } from '../shared/errors.ts';
import { CODE_LIFETIME_MINUTES, Codes } from './codes.ts';
import type { Mailer } from './mailer.ts';
import { FIRST_CONNECT, SESSION_USER_COLUMNS, type SessionUser } from './sessions.ts';

/** Codes mailed by an invitation belong to no session yet: their family says where they came from. */
export const INVITATION_FAMILY = 'invite:';

export type InvitedUser = SessionUser & { first_name: string };

/**
 * A user created by an administrator starts in first connection (ROLE_FIRST_CONNECT, no password); an
 * invitation mails them a code, within the limits of every code (server/auth/codes.ts: 429 past them), with
 * which they open the session that sets a password. Read and sent in the caller's scope.
 */
export class UserInvitations {
  private readonly codes: Codes;

  constructor(
    private readonly db: Queryable,
    mailer: Mailer,
    /** The back-office's address, for the link in the mail. */
    private readonly appUrl: string,
  ) {
    this.codes = new Codes(db, mailer);
  }

  /** Mails user `id` their code: 404 when the scope does not reach them, 409 when they cannot be invited. */
  async invite(id: number): Promise<void> {
    const [user] = await this.db.query<InvitedUser>(
      `SELECT ${SESSION_USER_COLUMNS}, first_name FROM users WHERE id = $1`,
      [id],
    );
    if (!user) throw notFound(`User ${id} not found.`);
    if (!user.enabled) throw conflict('This user is disabled: enable them before inviting them.');
    if (!user.roles.includes(FIRST_CONNECT))
      throw conflict('This user has already chosen a password: they sign in with it.');
    await this.codes.send(user, `${INVITATION_FAMILY}${randomUUID()}`, (code) => ({
      to: user.email,
      subject: `Votre invitation au back-office, code : ${code}`,
      text: [
        `Bonjour ${user.first_name},`,
        '',
        'Un compte vient de vous être ouvert sur le back-office de la plateforme de formation.',
        `Pour l'activer, ouvrez ${this.appUrl}#/invitation, saisissez votre adresse e-mail (${user.email}) et ce code : ${code}`,
        `puis choisissez votre mot de passe. Le code est valable ${CODE_LIFETIME_MINUTES} minutes ; un nouveau code peut vous être renvoyé.`,
        '',
        "L'équipe de la plateforme",
      ].join('\n'),
    }));
    // The code is no record of the API: the entry says who invited whom.
    await runAsAction('invite', { resource: 'users', id }, () => noteInAuditLog(this.db, 'users', id));
  }
}
