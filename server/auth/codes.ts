import { createHash, randomInt } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import type { Mailer } from './mailer.ts';

export const CODE_LIFETIME_MINUTES = 10;
export const CODE_MAX_TRIES = 5;

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

export type CodeCheck = 'valid' | 'wrong_code' | 'new_code_sent';

/** The six-digit codes e-mailed for a reset or a first connection. */
export class Codes {
  constructor(
    private readonly db: Queryable,
    private readonly mailer: Mailer,
  ) {}

  /** Replaces any pending code of the user with a new one and e-mails it (in French). */
  async send(user: { id: number; email: string; first_name?: string }): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.query(
      `WITH retired AS (UPDATE auth_codes SET consumed_at = now() WHERE user_id = $1 AND consumed_at IS NULL)
       INSERT INTO auth_codes (user_id, code_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [user.id, hashCode(user.id, code), CODE_LIFETIME_MINUTES],
    );
    await this.mailer.send({
      to: user.email,
      subject: `Votre code de vérification : ${code}`,
      text: [
        `Bonjour${user.first_name ? ` ${user.first_name}` : ''},`,
        '',
        `Voici votre code de vérification : ${code}`,
        '',
        `Il est valable ${CODE_LIFETIME_MINUTES} minutes. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.`,
        '',
        "L'équipe de la plateforme",
      ].join('\n'),
    });
  }

  /**
   * Checks a code against the user's pending one. An expired or exhausted code is replaced by a new one,
   * sent at once, so the user only has to read their mail again.
   */
  async check(user: { id: number; email: string; first_name?: string }, code: string): Promise<CodeCheck> {
    const [pending] = await this.db.query<{ id: number; code_hash: string; expired: boolean; attempts: number }>(
      `SELECT id, code_hash, expires_at <= now() AS expired, attempts
         FROM auth_codes WHERE user_id = $1 AND consumed_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [user.id],
    );
    if (!pending || pending.expired || pending.attempts >= CODE_MAX_TRIES) {
      await this.send(user);
      return 'new_code_sent';
    }
    if (/^\d{6}$/.test(code) && pending.code_hash === hashCode(user.id, code)) {
      const [consumed] = await this.db.query(
        'UPDATE auth_codes SET consumed_at = now() WHERE id = $1 AND consumed_at IS NULL RETURNING id',
        [pending.id],
      );
      return consumed ? 'valid' : 'wrong_code';
    }
    await this.db.query('UPDATE auth_codes SET attempts = attempts + 1 WHERE id = $1', [pending.id]);
    return 'wrong_code';
  }
}
