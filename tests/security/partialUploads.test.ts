import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { cp, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sweepPartialUploads } from '../../server/storage/fileStorage.ts';
import { LocalFileStorage } from '../../server/storage/localFiles.ts';
import { DATA_FOLDER, PGLITE_FOLDER } from '../api/support/template.ts';
import { freePort } from '../support/freePort.ts';

/**
 * A server process killed mid-upload leaves the upload's temporary `.part` file, which no row, bin item or
 * removal queue holds: the periodic job `partial-uploads-sweep` removes it once it is older than the grace
 * period (docs/SECURITY.md), and leaves alone what is younger (an upload in progress) and every whole file.
 * The server here is a real `server/main.ts` process on a copy of the test database, killed with SIGKILL.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dataDir = '';
let port = 0;
let server: ChildProcess | undefined;
let output = '';
let dropDatabase = async () => {};

async function filesUnder(folder: string): Promise<string[]> {
  const found = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return found.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
const partials = async () => (await filesUnder(join(dataDir, 'files'))).filter((path) => path.endsWith('.part'));

beforeAll(async () => {
  const template = inject('testDatabase');
  dataDir = await mkdtemp(join(tmpdir(), 'partial-uploads-'));
  await cp(join(template.root, DATA_FOLDER), dataDir, { recursive: true });
  const env: Record<string, string> = {};
  if (template.kind === 'postgresql') {
    const name = `partial_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: `${template.baseUrl}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.template}"`);
    await admin.end();
    env.DATABASE_URL = `${template.baseUrl}/${name}`;
    dropDatabase = async () => {
      const again = new pg.Client({ connectionString: `${template.baseUrl}/postgres` });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await again.end();
    };
  } else await cp(join(template.root, PGLITE_FOLDER), dataDir, { recursive: true });
  port = await freePort();
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      ...env,
      SKIP_BUILD: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      UPLOAD_MAX_MB: '10',
      JWT_SECRET: randomBytes(32).toString('hex'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped at start-up:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The server was not up within 120 s:\n${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await sleep(200);
  }
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  await dropDatabase().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

describe('partial uploads', () => {
  it('are swept once past the grace period after their process was killed mid-upload; younger ones stay', async () => {
    expect(await partials()).toEqual([]);
    // An anonymous upload (no session needed) that sends 2 MB of its file and then nothing more.
    const boundary = '----partial-upload-boundary';
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/public/documents/onboarding/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    upload.on('error', () => undefined);
    upload.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gros.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
    );
    upload.write(Buffer.alloc(2 * 1024 * 1024, 0x20));
    const deadline = Date.now() + 20_000;
    while ((await partials()).length === 0) {
      if (Date.now() > deadline) throw new Error(`No partial file appeared:\n${output}`);
      await sleep(50);
    }
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGKILL');
    await exited;
    upload.destroy();
    const [left] = await partials();
    expect(left, 'the kill leaves its partial file').toMatch(/\.pdf\.[0-9a-f-]{36}\.part$/);

    // The default grace (a day) keeps it: it might be an upload still in progress.
    const store = new LocalFileStorage(dataDir);
    expect(await sweepPartialUploads(store)).toBe(0);
    expect(await partials()).toEqual([left]);

    // Two seconds later, with a grace of one: the dead process's file is past it, a fresh one is not.
    await sleep(2_000);
    const month = join(dataDir, 'files', new Date().toISOString().slice(0, 7));
    await mkdir(month, { recursive: true });
    const fresh = join(month, `${randomUUID()}.pdf.${randomUUID()}.part`);
    await writeFile(fresh, '%PDF-1.4\n');
    // A whole file, however old, is a document's: never the sweep's.
    const whole = join(month, `${randomUUID()}.pdf`);
    await writeFile(whole, '%PDF-1.4\n');
    const lastYear = new Date(Date.now() - 365 * 24 * 3600 * 1000);
    await utimes(whole, lastYear, lastYear);
    const before = await filesUnder(join(dataDir, 'files'));

    expect(await sweepPartialUploads(store, 1)).toBe(1);
    expect(await partials()).toEqual([fresh]);
    expect((await filesUnder(join(dataDir, 'files'))).sort()).toEqual(before.filter((path) => path !== left).sort());
  }, 60_000);
});
