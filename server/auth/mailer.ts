import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer | string;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files carried by the mail (a report's CSV). */
  attachments?: readonly MailAttachment[];
  /** More header fields (`List-Unsubscribe`...): names and values of plain ASCII on one line. */
  headers?: Readonly<Record<string, string>>;
}

/** Where the server's e-mails go: an SMTP server in production, the outbox folder otherwise. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

const FROM = 'Back-office <no-reply@plateforme.local>';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from = FROM,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(mail: Mail): Promise<void> {
    const headers = checkedHeaders(mail.headers);
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments?.length
        ? {
            attachments: mail.attachments.map(({ filename, content, contentType }) => ({
              filename,
              content,
              contentType,
            })),
          }
        : {}),
      ...(Object.keys(headers).length > 0 ? { headers } : {}),
    });
  }
}

const HEADER_NAME = /^[A-Za-z][A-Za-z0-9-]{0,76}$/;
const HEADER_VALUE = /^[\x20-\x7e]{0,900}$/;
/** Fields the mailer writes itself: a caller's header never replaces them. */
const OWN_HEADERS = new Set([
  'from',
  'to',
  'subject',
  'date',
  'mime-version',
  'content-type',
  'content-transfer-encoding',
]);

/**
 * A mail's extra header fields, refused unless each is one line of printable ASCII under a plain name:
 * a value carrying a line break would add fields (or a body) of its own.
 */
function checkedHeaders(headers: Mail['headers'] = {}): Record<string, string> {
  for (const [name, value] of Object.entries(headers))
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value) || OWN_HEADERS.has(name.toLowerCase()))
      throw new Error(`The mail header "${name.slice(0, 80)}" is not one the mailer may write.`);
  return { ...headers };
}

/** Encodes a header value with RFC 2047 when it is not plain ASCII (French subjects are not). */
function header(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** A file's name in a MIME parameter: quoted when plain ASCII, else RFC 2231's UTF-8 form. */
function filenameParameter(name: string): string {
  return /^[\x20-\x7e]*$/.test(name) && !/["\\]/.test(name)
    ? `filename="${name}"`
    : `filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Base64 in lines of 76 characters, as MIME wants a body part. */
const base64Lines = (content: Buffer | string) =>
  (Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8')).toString('base64').replace(/.{1,76}/g, '$&\r\n');

/**
 * One mail as an .eml file (RFC 5322): a plain text body, or with attachments a multipart/mixed message whose
 * first part is the text and each file a base64 part of its own.
 */
export function emlOf(mail: Mail, from = FROM, date = new Date()): string {
  const head = [
    `From: ${from}`,
    `To: ${mail.to}`,
    `Subject: ${header(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    ...Object.entries(checkedHeaders(mail.headers)).map(([name, value]) => `${name}: ${value}`),
    'MIME-Version: 1.0',
  ];
  const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', mail.text, ''];
  if (!mail.attachments?.length) return [...head, ...textPart].join('\r\n');
  const boundary = `=_mixed_${randomUUID().replace(/-/g, '')}`;
  const parts = [
    textPart.join('\r\n'),
    ...mail.attachments.map((file) =>
      [
        `Content-Type: ${file.contentType}; name="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
        'Content-Transfer-Encoding: base64',
        `Content-Disposition: attachment; ${filenameParameter(file.filename)}`,
        '',
        base64Lines(file.content),
      ].join('\r\n'),
    ),
  ];
  return [
    ...head,
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    'This is a multi-part message in MIME format.',
    ...parts.map((part) => `--${boundary}\r\n${part}`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Writes each mail as an .eml file a person (or a test) can open, and logs its subject. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  async send(mail: Mail): Promise<void> {
    const eml = emlOf(mail);
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    await writeFile(join(this.dir, name), eml);
    this.log(`Courriel pour ${mail.to} : « ${mail.subject} » (${join(this.dir, name)})`);
  }
}

export function createMailer(smtpUrl: string | undefined, dataDir: string, log?: (line: string) => void): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new OutboxMailer(join(dataDir, 'outbox'), log);
}
