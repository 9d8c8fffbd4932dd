import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { Counters } from '../bounds/counters.ts';
import { tooMany } from '../shared/errors.ts';
import type { Mail, Mailer } from './mailer.ts';

export const CODE_LIFETIME_MINUTES = 10;
/** Tries per code, the right one included: the fifth wrong guess ends the code and its session. */
export const CODE_MAX_TRIES = 5;

/**
 * Codes sent to one account over time: with 5 tries a code, at most 15 guesses an hour and 40 a day reach
 * an account, whatever the number of addresses guessing (a 6-digit code has a million values). They also
 * bound the mails a victim receives from someone asking for resets in their name.
 */
export const CODE_SEND_LIMITS = [
  { codes: 3, windowSeconds: 3600 },
  { codes: 8, windowSeconds: 24 * 3600 },
] as const;

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/**
 * `expired`: the code's ten minutes are over; `exhausted`: its tries are spent, or a newer code (another
 * session's) replaced it. Either way the session that was waiting for it ends.
 */
export type CodeCheck = 'valid' | 'wrong_code' | 'expired' | 'exhausted';

/**
 * What a code is for: a password reset, or the first connection of an account (a structure's sign-up, a
 * user created by an administrator), which confirms its address and has no password to leave unchanged.
 */
export type CodePurpose = 'reset' | 'first-connection';

/** The mail of a code, in French; the code is in the subject too. */
function verificationMail(user: { email: string; first_name?: string }, code: string, purpose: CodePurpose): Mail {
  const ignore =
    purpose === 'reset'
      ? "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé."
      : "Si vous n'avez pas demandé à créer ce compte, ignorez ce message : il ne sera pas activé.";
  return {
    to: user.email,
    subject: `Votre code de vérification : ${code}`,
    text: [
      `Bonjour${user.first_name ? ` ${user.first_name}` : ''},`,
      '',
      purpose === 'reset'
        ? `Voici le code pour choisir un nouveau mot de passe : ${code}`
        : `Voici le code qui confirme votre adresse e-mail : ${code}`,
      '',
      `Il est valable ${CODE_LIFETIME_MINUTES} minutes. ${ignore}`,
      '',
      "L'équipe de la plateforme",
    ].join('\n'),
  };
}

/** The six-digit codes e-mailed for a reset or a first connection, each bound to the session waiting for it. */
export class Codes {
  private readonly counters: Counters;

  constructor(
    private readonly db: Queryable,
    private readonly mailer: Mailer,
  ) {
    this.counters = new Counters(db);
  }

  /**
   * Replaces any pending code of the user with a new one for the session `family` and e-mails it (in French).
   * Past the account's sending limits, a 429 with Retry-After and no mail.
   */
  async send(
    user: { id: number; email: string; first_name?: string },
    family: string,
    how: CodePurpose | ((code: string) => Mail),
  ): Promise<void> {
    // Counted before the code is made, in PostgreSQL: parallel requests, to any process, share the limits.
    const wait = await this.counters.take(
      CODE_SEND_LIMITS.map((limit) => ({
        key: `codes-sent:${limit.windowSeconds}:${user.id}`,
        max: limit.codes,
        windowSeconds: limit.windowSeconds,
      })),
    );
    if (wait > 0) throw tooMany(wait, `Too many codes were sent to this account; try again in ${wait} s.`);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(
      `WITH retired AS (UPDATE auth_codes SET consumed_at = now() WHERE user_id = $1 AND consumed_at IS NULL)
       INSERT INTO auth_codes (user_id, code_hash, expires_at, family) VALUES ($1, $2, now() + make_interval(mins => $3), $4)`,
      [user.id, hashCode(user.id, code), CODE_LIFETIME_MINUTES, family],
    );
    await this.mailer.send(typeof how === 'function' ? how(code) : verificationMail(user, code, how));
  }

  /**
   * Checks a code against the one the session `family` waits for. The try is counted before the code is
   * compared, in one statement, so that guesses sent in parallel cannot share a try.
   */
  async check(userId: number, family: string, code: string): Promise<CodeCheck> {
    const [tried] = await this.db.query<{ id: number; code_hash: string; attempts: number }>(
      `UPDATE auth_codes SET attempts = attempts + 1
        WHERE id = (SELECT id FROM auth_codes WHERE user_id = $1 AND family = $2 AND consumed_at IS NULL
                     ORDER BY created_at DESC, id DESC LIMIT 1)
          AND consumed_at IS NULL AND expires_at > now() AND attempts < $3
        RETURNING id, code_hash, attempts`,
      [userId, family, CODE_MAX_TRIES],
    );
    if (!tried) {
      const [pending] = await this.db.query<{ id: number }>(
        `UPDATE auth_codes SET consumed_at = now()
          WHERE user_id = $1 AND family = $2 AND consumed_at IS NULL AND expires_at <= now() RETURNING id`,
        [userId, family],
      );
      return pending ? 'expired' : 'exhausted';
    }
    const right = /^\d{6}$/.test(code) && tried.code_hash === hashCode(userId, code);
    if (right || tried.attempts >= CODE_MAX_TRIES) {
      const [consumed] = await this.db.query(
        'UPDATE auth_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id',
        [tried.id],
      );
      if (right && consumed) return 'valid';
      return 'exhausted';
    }
    return 'wrong_code';
  }
}
