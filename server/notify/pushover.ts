import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Push {
  title: string;
  message: string;
}

/** Pushes to the on-call device. */
export interface PushNotifier {
  send(push: Push): Promise<void>;
}

/** Pushover's messages API (form-encoded POST with the application token and the user key). */
export class PushoverClient implements PushNotifier {
  constructor(private readonly settings: { token: string; user: string; url: string }) {}

  async send(push: Push): Promise<void> {
    const response = await fetch(this.settings.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: this.settings.token,
        user: this.settings.user,
        title: push.title,
        message: push.message,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`Pushover answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  }
}

/** Without Pushover credentials, pushes are kept as JSON files in the outbox, like the e-mails. */
export class OutboxPushNotifier implements PushNotifier {
  constructor(private readonly dir: string) {}

  async send(push: Push): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(
      join(this.dir, `push-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`),
      JSON.stringify(push, null, 2),
    );
  }
}

export function createPushNotifier(
  settings: { token?: string; user?: string; url: string },
  dataDir: string,
): PushNotifier {
  return settings.token && settings.user
    ? new PushoverClient({ token: settings.token, user: settings.user, url: settings.url })
    : new OutboxPushNotifier(join(dataDir, 'outbox'));
}
