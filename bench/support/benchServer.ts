import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { openSession } from '../../src/providers/session.ts';
import { createSessionStore, type KeyValueStorage } from '../../src/providers/sessionStore.ts';

/**
 * Starts a bench's server script in a child process (`node --import tsx script`), so that the browser
 * driver does not share its event loop, and waits for the line `${readyPrefix}{json}` it prints once it
 * listens. Its other lines are echoed. `onStop` receives what stops it (SIGTERM, then SIGKILL after 5 s).
 */
export async function startBenchServer<Info>(
  script: string,
  { cwd, env, readyPrefix }: { cwd: string; env: Record<string, string>; readyPrefix: string },
  onStop: (stop: () => Promise<void>) => void,
): Promise<{ child: ChildProcess; info: Info }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  onStop(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  );
  const info = await new Promise<Info>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The bench server was not ready within 240 s.')), 240_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith(readyPrefix)) return console.log(`  [server] ${line}`);
      clearTimeout(timer);
      resolve(JSON.parse(line.slice(readyPrefix.length)) as Info);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The bench server stopped before it was ready (${code ?? signal}).`));
    });
  });
  return { child, info };
}

/**
 * A fresh session from a real login of a demo account, as the entries the back-office's own session store
 * writes in sessionStorage: a page given them before its scripts run opens signed in.
 */
export async function sessionEntries(baseUrl: string, login: string): Promise<[string, string][]> {
  const response = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ login, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Login answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  const entries = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
  openSession(
    await response.json(),
    createSessionStore(() => storage),
  );
  return [...entries];
}

/** The e2e suite's seeded PGlite template under `root`, when there is one: it spares initdb and the demo seed. */
export function seededTemplate(root: string): string | undefined {
  const cache = join(root, '.tmp', 'e2e');
  if (!existsSync(cache)) return undefined;
  const template = readdirSync(cache).find((entry) => entry.startsWith('template-') && !entry.includes('.partial-'));
  return template ? join(cache, template) : undefined;
}
