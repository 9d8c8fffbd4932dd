import type { Mailer } from '../auth/mailer.ts';
import { Counters } from '../bounds/counters.ts';
import type { Database } from '../db/database.ts';
import { MENTION_MAILS_PER_RECIPIENT, MENTION_MAILS_WINDOW_SECONDS } from '../../src/domain/mentions.ts';

export interface MentionMail {
  ticketId: number;
  ticketSubject: string;
  authorName: string;
  excerpt: string;
  recipients: readonly number[];
}

/**
 * Tells each colleague a note mentioned, by e-mail through the server's mailer (the outbox offline), after
 * the note committed: the bell already holds the mention, so a failed mail is logged, never the note's
 * failure. Each recipient receives at most MENTION_MAILS_PER_RECIPIENT such mails in the window, counted in
 * PostgreSQL for every server process: a burst of mentions cannot flood an inbox. `db` is the platform's
 * scope (platform staff are among the recipients); the route chose who may be mentioned.
 */
export class MentionMails {
  private readonly counters: Counters;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: (error: unknown) => void,
  ) {
    this.counters = new Counters(db);
  }

  /** Answers the addresses written to. */
  async send(mail: MentionMail): Promise<string[]> {
    if (mail.recipients.length === 0) return [];
    const people = await this.db.query<{ id: number; email: string | null; first_name: string | null }>(
      'SELECT id, email, first_name FROM users WHERE id = ANY($1::int4[]) AND enabled ORDER BY id',
      [mail.recipients],
    );
    const sent: string[] = [];
    for (const person of people) {
      if (!person.email) continue;
      const wait = await this.counters.take([
        {
          key: `mention-mail:${person.id}`,
          max: MENTION_MAILS_PER_RECIPIENT,
          windowSeconds: MENTION_MAILS_WINDOW_SECONDS,
        },
      ]);
      if (wait > 0) continue;
      try {
        await this.mailer.send({
          to: person.email,
          subject: `${mail.authorName} vous a mentionné : ${mail.ticketSubject}`,
          text: [
            `Bonjour ${person.first_name ?? ''},`.replace(' ,', ','),
            '',
            `${mail.authorName} vous a mentionné dans une note interne du ticket « ${mail.ticketSubject} » :`,
            '',
            `« ${mail.excerpt} »`,
            '',
            `Ouvrir le ticket : ${this.appUrl}#/tickets/${mail.ticketId}/show`,
            '',
          ].join('\n'),
        });
        sent.push(person.email);
      } catch (error) {
        this.log(error);
      }
    }
    return sent;
  }
}
