import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
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
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** Encodes a header value with RFC 2047 when it is not plain ASCII (French subjects are not). */
function header(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Writes each mail as an .eml file a person (or a test) can open, and logs its subject. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`;
    const eml = [
      `From: ${FROM}`,
      `To: ${mail.to}`,
      `Subject: ${header(mail.subject)}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      mail.text,
      '',
    ].join('\r\n');
    await writeFile(join(this.dir, name), eml);
    this.log(`Courriel pour ${mail.to} : « ${mail.subject} » (${join(this.dir, name)})`);
  }
}

export function createMailer(smtpUrl: string | undefined, dataDir: string, log?: (line: string) => void): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new OutboxMailer(join(dataDir, 'outbox'), log);
}
