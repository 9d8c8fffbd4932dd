import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMailTopic, type MailTopic, unsubscribePageUrl } from '../../src/domain/learningMail.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database, Queryable } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';

/** A token is `<user id>.<topic>.<signature>`: short enough for a mail's link, and nothing to keep. */
const TOKEN = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/;

export interface OptOutGrant {
  userId: number;
  topic: MailTopic;
}

/**
 * The links that stop a kind of mail for its recipient, without a session: an HMAC-SHA256 of the user and
 * the topic under a key of their own (OPT_OUT_SECRET, else derived from the JWT secret), so that any process
 * checks a link whatever process wrote it, nothing is stored until it is used, and a link names one person
 * and one topic only. It never expires: a mail read a year later still stops the next one.
 */
export class OptOutTokens {
  private readonly key: Buffer;

  constructor(secret: Uint8Array | string) {
    this.key = createHmac('sha256', secret).update('lms-backoffice/mail-opt-out/v1').digest();
  }

  issue(userId: number, topic: MailTopic): string {
    return `${userId}.${topic}.${this.sign(userId, topic)}`;
  }

  /** The user and topic a token stops, or undefined for anything this server did not sign. */
  read(token: string): OptOutGrant | undefined {
    const match = TOKEN.exec(token);
    if (!match) return undefined;
    const [, user, topic, signature] = match;
    if (!isMailTopic(topic)) return undefined;
    const userId = Number(user);
    if (!Number.isSafeInteger(userId)) return undefined;
    const expected = Buffer.from(this.sign(userId, topic));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, topic } : undefined;
  }

  /** The link of a mail's foot, and the one-click address mail clients post to (RFC 8058). */
  links(userId: number, topic: MailTopic, appUrl: string, apiUrl: string) {
    const token = this.issue(userId, topic);
    const page = unsubscribePageUrl(appUrl, token);
    const oneClick = `${apiUrl.replace(/\/+$/, '')}/api/unsubscribe?token=${encodeURIComponent(token)}`;
    return {
      page,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  private sign(userId: number, topic: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${topic}`).digest('base64url');
  }
}

/** Whom of `users` asked not to receive `topic` (in the platform's scope: every structure's people). */
export async function optedOut(db: Queryable, users: readonly number[], topic: MailTopic): Promise<Set<number>> {
  if (users.length === 0) return new Set();
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM mail_opt_outs WHERE user_id = ANY($1::int4[]) AND topic = $2',
    [users, topic],
  );
  return new Set(rows.map((row) => Number(row.user_id)));
}

/** An address shown back to whoever holds the link, enough to recognise it: `c***@exemple.fr`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Records what a signed link asks (idempotent: a second use changes nothing and answers the same), in the
 * audit log as the user's own `unsubscribe`. Answers the topic and the address it stops, masked; undefined
 * when the link names a user who no longer exists. `db` is the platform's scope: the link needs no session.
 */
export async function recordOptOut(
  db: Database,
  { userId, topic }: OptOutGrant,
): Promise<{ topic: MailTopic; email: string } | undefined> {
  return runAsAction('unsubscribe', { resource: 'users', id: userId, userId }, () =>
    db.transaction(async (tx) => {
      const [user] = await tx.query<{ email: string; company_id: number | null }>(
        'SELECT email, company_id FROM users WHERE id = $1',
        [userId],
      );
      if (!user) return undefined;
      const added = await tx.query(
        `INSERT INTO mail_opt_outs (user_id, topic, company_id) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, topic) DO NOTHING RETURNING user_id`,
        [userId, topic, user.company_id],
      );
      if (added.length > 0) await noteInAuditLog(tx, 'users', userId);
      return { topic, email: maskedEmail(user.email) };
    }),
  );
}
