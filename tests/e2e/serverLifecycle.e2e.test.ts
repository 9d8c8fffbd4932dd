import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../support/freePort.ts';

/**
 * `npm start` as a newcomer meets it: the first start of an empty database seeds the demo, prints the URL
 * and the accounts; Ctrl-C stops cleanly and a restart finds everything as it was.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));

interface Server {
  process: ChildProcess;
  output: () => string;
  baseUrl: string;
}

async function start(dataDir: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // The suite's own build (globalSetup), already made: `npm start` would otherwise build into dist/.
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      DIST_DIR: inject('e2eDistDir'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server stopped at start-up:\n${output}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The server did not answer within 2 minutes:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { process: child, output: () => output, baseUrl };
}

function stop(server: Server, signal: NodeJS.Signals = 'SIGINT'): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.process.exitCode !== null) return resolve(server.process.exitCode);
    server.process.once('exit', (code) => resolve(code));
    server.process.kill(signal);
  });
}

async function login(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'superadmin@demo.fr', password: 'Demo2026!' }),
  });
}

let dir: string;
const running: Server[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'lifecycle-'));
});
afterAll(async () => {
  for (const server of running) await stop(server, 'SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('seeds an empty database, prints the URL and the demo accounts, serves the app and the API', async () => {
    const server = await start(join(dir, 'data'));
    running.push(server);
    expect(server.output()).toContain(`${server.baseUrl}/`);
    for (const email of ['superadmin@demo.fr', 'admin@demo.fr', 'contributeur@demo.fr'])
      expect(server.output()).toContain(email);
    expect(server.output()).toContain('Demo2026!');
    expect(await (await fetch(`${server.baseUrl}/api/health`)).json()).toEqual({ status: 'ok', database: 'pglite' });
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    expect((await login(server.baseUrl)).status).toBe(200);
  });

  it('stops cleanly on Ctrl-C and keeps what was written', async () => {
    const first = running[0];
    const { token } = (await (await login(first.baseUrl)).json()) as { token: string };
    const created = await fetch(`${first.baseUrl}/api/tags`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Écrit avant Ctrl-C' }),
    });
    expect(created.status).toBe(201);
    const users = async (baseUrl: string, bearer: string) =>
      (
        (await (
          await fetch(`${baseUrl}/api/users?itemsPerPage=1`, {
            headers: { Authorization: `Bearer ${bearer}`, Accept: 'application/ld+json' },
          })
        ).json()) as { 'hydra:totalItems': number }
      )['hydra:totalItems'];
    const usersBefore = await users(first.baseUrl, token);

    expect(await stop(first)).toBe(0);
    expect(first.output()).toContain('arrêt propre');

    const second = await start(join(dir, 'data'));
    running.push(second);
    expect(second.output()).not.toContain('données de démonstration');
    const tags = await fetch(`${second.baseUrl}/api/tags?q=${encodeURIComponent('avant ctrl')}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(((await tags.json()) as { name: string }[]).map((tag) => tag.name)).toEqual(['Écrit avant Ctrl-C']);
    expect(await users(second.baseUrl, token)).toBe(usersBefore);
    expect(await stop(second, 'SIGTERM')).toBe(0);
  });

  it('skips the demo data with SEED=none', async () => {
    const server = await start(join(dir, 'empty'), { SEED: 'none' });
    running.push(server);
    expect((await login(server.baseUrl)).status).toBe(401);
    expect(await stop(server)).toBe(0);
  });
});
