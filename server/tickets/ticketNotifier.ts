import type { Mailer } from '../auth/mailer.ts';
import type { DeliveryStatus } from '../../src/domain/helpdesk.ts';
import type { Database } from '../db/database.ts';
import { TICKET_STATUSES, type TicketStatus } from '../../src/domain/statuses.ts';
import type { LOCALES } from '../../src/domain/contracts/users.ts';
import { attachmentAppPath } from '../../src/domain/ticketAttachments.ts';

/** The template each reply's status sends to the ticket's author; a cancellation sends nothing. */
const TEMPLATE_BY_STATUS: Record<TicketStatus, string | undefined> = {
  created: 'ticket_reply',
  treated: 'ticket_treated',
  closed: 'ticket_closed',
  canceled: undefined,
};

/** The status's name in the author's language, for `{{ticketStatus}}`. */
const STATUS_LABELS: Record<(typeof LOCALES)[number], Record<TicketStatus, string>> = {
  fr: { created: 'en attente', treated: 'traité', canceled: 'annulé', closed: 'fermé' },
  en: { created: 'waiting', treated: 'treated', canceled: 'canceled', closed: 'closed' },
};

const DEFAULT_LOCALE: keyof typeof STATUS_LABELS = 'fr';

/** The heading of a reply's list of files, which open in the back-office after sign-in. */
const ATTACHMENTS_HEADING: Record<(typeof LOCALES)[number], string> = {
  fr: 'Pièces jointes (connexion requise) :',
  en: 'Attachments (sign-in required):',
};

/** Fills `{{name}}` (spaces allowed inside the braces); a variable the template does not know stays empty. */
export function renderTemplate(text: string, variables: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (_, name: string) => variables[name] ?? '');
}

interface Context {
  subject: string;
  author_id: number | null;
  company_id: number | null;
  email: string | null;
  first_name: string | null;
  locale: string | null;
  agent_name: string | null;
}

interface Template {
  code: string;
  channel: string;
  subject: string | null;
  body: string | null;
}

export interface Delivery {
  template: string;
  status: DeliveryStatus;
  error?: string;
}

/**
 * Tells a ticket's author that staff answered: the notification template of the reply's status in the
 * author's locale (`ticket_reply_fr`, `ticket_treated_en`...; French when the locale has none), the
 * author's structure's own template of that code if it has one, else the platform's; its `{{variables}}`
 * filled, sent by e-mail through the server's mailer (the outbox offline). Every attempt is recorded in
 * `ticket_notifications`, failures with their reason; a failure never fails the reply itself. The server's
 * own work after a reply the session could write: `db` is the platform's scope, the ticket names the rest.
 */
export class TicketNotifier {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
  ) {}

  async afterMessage({
    ticketId,
    messageId,
    status,
    agentId,
    message,
    attachments = [],
  }: {
    ticketId: number;
    messageId: number;
    status: string;
    agentId: number;
    message: string;
    /** The reply's files: listed as links into the back-office, never as the store's own addresses. */
    attachments?: readonly { id: number; name: string }[];
  }): Promise<Delivery | undefined> {
    if (!(TICKET_STATUSES as readonly string[]).includes(status)) return undefined;
    const known = status as TicketStatus;
    const base = TEMPLATE_BY_STATUS[known];
    if (!base) return undefined;
    const [context] = await this.db.query<Context>(
      `SELECT t.subject, t.author_id, t.company_id, u.email, u.first_name, u.locale, a.first_name || ' ' || a.last_name AS agent_name
         FROM tickets t LEFT JOIN users u ON u.id = t.author_id LEFT JOIN users a ON a.id = $2
        WHERE t.id = $1`,
      [ticketId, agentId],
    );
    // One's own message needs no e-mail to oneself (a reporter following up on their bug).
    if (!context || context.author_id === null || context.author_id === agentId) return undefined;
    const locale =
      context.locale && Object.hasOwn(STATUS_LABELS, context.locale)
        ? (context.locale as keyof typeof STATUS_LABELS)
        : DEFAULT_LOCALE;
    const wanted = `${base}_${locale}`;
    const [template] = await this.db.query<Template>(
      `SELECT code, channel, subject, body FROM notification_templates
        WHERE code = ANY($1::text[]) AND channel = 'email' AND enabled AND (company_id = $2 OR company_id IS NULL)
        ORDER BY array_position($1::text[], code), company_id NULLS LAST LIMIT 1`,
      [[wanted, `${base}_${DEFAULT_LOCALE}`, base], context.company_id],
    );
    const record = (delivery: {
      template: string;
      recipient: string | null;
      subject: string | null;
      status: DeliveryStatus;
      error?: string;
    }) =>
      this.db.query(
        `INSERT INTO ticket_notifications (ticket_id, message_id, template, channel, recipient, subject, status, error)
         VALUES ($1, $2, $3, 'email', $4, $5, $6, $7)`,
        [
          ticketId,
          messageId,
          delivery.template,
          delivery.recipient,
          delivery.subject,
          delivery.status,
          delivery.error ?? null,
        ],
      );

    if (!template) {
      const error = `No enabled e-mail template ${wanted} (nor ${base}_${DEFAULT_LOCALE}).`;
      await record({ template: wanted, recipient: context.email, subject: null, status: 'failed', error });
      return { template: wanted, status: 'failed', error };
    }
    const variables: Record<string, string> = {
      firstName: context.first_name ?? '',
      agentName: context.agent_name ?? '',
      message,
      ticketSubject: context.subject,
      ticketStatus: STATUS_LABELS[locale][known],
      ticketUrl: `${this.appUrl}#/account`,
    };
    const subject = renderTemplate(template.subject ?? context.subject, variables);
    if (!context.email) {
      const error = 'The author has no e-mail address.';
      await record({ template: template.code, recipient: null, subject, status: 'failed', error });
      return { template: template.code, status: 'failed', error };
    }
    try {
      const files = attachments.map(({ id, name }) => `- ${name} : ${this.appUrl}${attachmentAppPath(id)}`);
      const text = [
        renderTemplate(template.body ?? '', variables),
        ...(files.length ? ['', ATTACHMENTS_HEADING[locale], ...files] : []),
      ];
      await this.mailer.send({ to: context.email, subject, text: text.join('\n') });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await record({ template: template.code, recipient: context.email, subject, status: 'failed', error: reason });
      return { template: template.code, status: 'failed', error: reason };
    }
    await record({ template: template.code, recipient: context.email, subject, status: 'sent' });
    return { template: template.code, status: 'sent' };
  }
}
