import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach, beforeEach, inject, type TestContext } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { openSession } from '../../src/providers/session.ts';
import { createSessionStore } from '../../src/providers/sessionStore.ts';
import { freePort } from '../support/freePort.ts';
import { CHROMIUM_ARGS } from '../support/chromium.ts';

/**
 * The browser-test harness: the real server (`server/main.ts`, as `npm start` runs it) on a copy of the
 * seeded template database, driven by Debian's Chromium through playwright-core.
 *
 *   let t: App;
 *   beforeAll(async () => { t = await startApp(); });
 *   afterAll(() => t?.stop());
 *   it('…', async () => { await t.signIn('contributeur', '/courses'); await t.page.getByText('…').waitFor(); });
 *
 * `t.signIn(account, route)` opens a route already signed in (`t.login` goes through the form, for the
 * tests of signing in), `t.goto('/courses')` opens a route, `t.api('/api/tags', { body })` arranges data through the API,
 * `startApp({ env: { JWT_TTL: '5' } })` passes settings to the server. The server has no SMTP_URL: its
 * e-mails are .eml files in `${t.dataDir}/outbox`, and `t.readLastCode(email)` reads the latest code sent.
 *
 * Server and browser are shared by a file's tests; every test gets a fresh browser context (an empty
 * session) in `t.page`. A failed test leaves a screenshot and a log (browser console, page errors,
 * failed requests, server output) under test-results/e2e/. A request to any origin but the app's own
 * is blocked and fails the test: the back-office must make no outside call (the server's own local
 * stand-ins aside, when a test allows them: `startApp({ allowStandIns: true })`).
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const resultsDir = join(root, 'test-results', 'e2e');

type LocalPart<Email> = Email extends `${infer Name}@${string}` ? Name : never;
/** A demo account by the local part of its e-mail: 'superadmin', 'admin', 'contributeur'. */
/** A word no other test's record holds: a test's own names, titles and addresses take it. */
export const stamp = (): string => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

export type DemoAccount = LocalPart<(typeof DEMO_ACCOUNTS)[number]['email']>;

export interface Credentials {
  email: string;
  password: string;
}

export interface StartOptions {
  /** Extra environment for the server, e.g. `{ JWT_TTL: '5' }`. */
  env?: Record<string, string>;
  /**
   * Lets the page reach the server's local stand-ins (the addresses its start-up banner lists under
   * "Services simulés en local"): the Stripe.js the payment step loads, and the Stripe API it calls.
   */
  allowStandIns?: boolean;
}

export interface App {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  readonly baseUrl: string;
  /** The current test's page, in a browser context of its own. */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Opens a route of the app, e.g. `goto('/courses')` (react-admin routes after the `#`). */
  goto(route?: string): Promise<void>;
  /** Logs in through the login form and waits for the app's layout; throws with the shown error otherwise. */
  login(account?: DemoAccount | Credentials): Promise<void>;
  /**
   * Opens `route` already signed in: the session the login form would store, asked of the API and put in
   * the tab's storage, without rendering the login page and the home page on the way. For every test
   * that is not about signing in.
   */
  signIn(account: DemoAccount, route?: string): Promise<void>;
  /** Calls the API directly (to arrange data), as a demo account; answers the parsed JSON, throws unless 2xx. */
  api<T = unknown>(path: string, options?: { method?: string; body?: unknown; as?: DemoAccount }): Promise<T>;
  /** The server's DATA_DIR (a copy of the seeded template); its e-mails are in `outbox/`. */
  readonly dataDir: string;
  /**
   * The verification code of the latest e-mail to `email` in the outbox (waits up to 10 s for one). With
   * `after`, only a code other than that one counts (a resend, or a new code after an expired one).
   */
  readLastCode(email: string, options?: { after?: string }): Promise<string>;
  stop(): Promise<void>;
}

function credentialsOf(account: DemoAccount | Credentials): Credentials {
  if (typeof account !== 'string') return account;
  const demo = DEMO_ACCOUNTS.find((candidate) => candidate.email.startsWith(`${account}@`));
  if (!demo) throw new Error(`No demo account "${account}"`);
  return { email: demo.email, password: DEMO_PASSWORD };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before answering:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  throw new Error(`The server did not answer /api/health within 60 s:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Reads a header of an .eml file, decoding RFC 2047 (`=?UTF-8?B?...?=`) words. */
function emlHeader(eml: string, name: string): string {
  const line =
    eml.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_, base64: string) => Buffer.from(base64, 'base64').toString('utf8'));
}

/** The code of the newest mail to `email` (file names start with their ISO date, so they sort by time). */
async function latestCode(outbox: string, email: string): Promise<string | undefined> {
  const files = (await readdir(outbox).catch(() => [] as string[]))
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .reverse();
  for (const file of files) {
    const eml = await readFile(join(outbox, file), 'utf8');
    if (emlHeader(eml, 'To').toLowerCase() !== email.toLowerCase()) continue;
    return /\b(\d{6})\b/.exec(emlHeader(eml, 'Subject'))?.[1];
  }
  return undefined;
}

/** The running app of the current test file, which the hooks below give a fresh page per test. */
let current: Harness | undefined;

class Harness implements App {
  private pageOfTest?: Page;
  private contextOfTest?: BrowserContext;
  private log: string[] = [];
  private outsideRequests: string[] = [];
  private serverOutputAtTestStart = 0;
  private testStartedAt = 0;

  constructor(
    readonly baseUrl: string,
    private readonly browser: Browser,
    private readonly child: ChildProcess,
    private readonly serverOutput: string[],
    readonly dataDir: string,
    private readonly allowStandIns = false,
  ) {}

  /** The origins of the stand-ins the server announced, when the test allows them. */
  private standInOrigins(): Set<string> {
    if (!this.allowStandIns) return new Set();
    const banner = /Services simulés en local : (.*)/.exec(this.serverOutput.join(''))?.[1] ?? '';
    return new Set([...banner.matchAll(/http:\/\/127\.0\.0\.1:\d+/g)].map(([address]) => address));
  }

  get page(): Page {
    if (!this.pageOfTest) throw new Error('No page: use t.page inside a test, after startApp() in beforeAll.');
    return this.pageOfTest;
  }

  get context(): BrowserContext {
    if (!this.contextOfTest) throw new Error('No browser context: use t.context inside a test.');
    return this.contextOfTest;
  }

  async goto(route = '/'): Promise<void> {
    await this.page.goto(`${this.baseUrl}/#${route.startsWith('/') ? route : `/${route}`}`);
  }

  async login(account: DemoAccount | Credentials = 'superadmin'): Promise<void> {
    const { email, password } = credentialsOf(account);
    const page = this.page;
    await this.goto('/login');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    const layout = page.locator('#main-content');
    const error = page.getByRole('alert');
    await layout.or(error).first().waitFor();
    if (!(await layout.isVisible())) throw new Error(`Login as ${email} failed: ${await error.first().innerText()}`);
  }

  async signIn(account: DemoAccount, route = '/'): Promise<void> {
    const { email, password } = credentialsOf(account);
    const answer = await this.fetchJson('/api/auth/token', 'POST', { login: email, password });
    // The app's own session store writes the keys, so they are the ones the app reads.
    const entries: [string, string][] = [];
    openSession(
      answer,
      createSessionStore(() => ({
        setItem: (key, value) => void entries.push([key, value]),
        getItem: () => null,
        removeItem: () => undefined,
      })),
    );
    const page = this.page;
    // sessionStorage belongs to the tab and the origin: any page of the origin opens it, the lightest is best.
    await page.goto(`${this.baseUrl}/api/health`);
    await page.evaluate((pairs) => pairs.forEach(([key, value]) => sessionStorage.setItem(key, value)), entries);
    await this.goto(route);
    await page.locator('#main-content').waitFor();
  }

  async api<T = unknown>(
    path: string,
    options: { method?: string; body?: unknown; as?: DemoAccount } = {},
  ): Promise<T> {
    // A fresh token per call: a test may run the server with a short JWT_TTL.
    const { email, password } = credentialsOf(options.as ?? 'superadmin');
    const { token } = await this.fetchJson<{ token: string }>('/api/auth/token', 'POST', { login: email, password });
    return this.fetchJson<T>(
      path,
      options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      options.body,
      token,
    );
  }

  private async fetchJson<T>(path: string, method: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(this.baseUrl + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async readLastCode(email: string, { after }: { after?: string } = {}): Promise<string> {
    const outbox = join(this.dataDir, 'outbox');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const code = await latestCode(outbox, email);
      if (code && code !== after) return code;
      if (Date.now() > deadline) throw new Error(`No${after ? ' new' : ''} code e-mailed to ${email} in ${outbox}`);
      await sleep(100);
    }
  }

  private record(line: string): void {
    this.log.push(`${String(Date.now() - this.testStartedAt).padStart(6)} ms  ${line}`);
  }

  async openPage(): Promise<void> {
    this.log = [];
    this.outsideRequests = [];
    this.testStartedAt = Date.now();
    this.serverOutputAtTestStart = this.serverOutput.length;
    const context = await this.browser.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    // Generous: on 2 shared cores the first render of the app can take seconds.
    context.setDefaultTimeout(20_000);
    const origin = new URL(this.baseUrl).origin;
    await context.route(
      (url) => url.origin !== origin && /^(https?|wss?):$/.test(url.protocol) && !this.standInOrigins().has(url.origin),
      async (route) => {
        this.outsideRequests.push(`${route.request().method()} ${route.request().url()}`);
        this.record(`[outside request blocked] ${route.request().method()} ${route.request().url()}`);
        await route.abort('blockedbyclient');
      },
    );
    const page = await context.newPage();
    page.on('console', (message) => this.record(`[console.${message.type()}] ${message.text()}`));
    page.on('pageerror', (error) => this.record(`[page error] ${error.stack ?? error.message}`));
    page.on('requestfailed', (request) =>
      this.record(`[request failed] ${request.method()} ${request.url()}: ${request.failure()?.errorText ?? ''}`),
    );
    page.on('response', (response) => {
      if (response.status() >= 400)
        this.record(`[http ${response.status()}] ${response.request().method()} ${response.url()}`);
    });
    this.contextOfTest = context;
    this.pageOfTest = page;
  }

  /** Closes the test's context; on failure first saves what there is to see. Throws for outside calls. */
  async closePage(context: TestContext): Promise<void> {
    const outside = this.outsideRequests;
    const failed = context.task.result?.state === 'fail' || outside.length > 0;
    if (failed && this.pageOfTest) await this.saveFailure(context);
    await this.contextOfTest?.close();
    this.contextOfTest = undefined;
    this.pageOfTest = undefined;
    if (outside.length > 0)
      throw new Error(`The page called outside its own origin (${this.baseUrl}):\n  ${outside.join('\n  ')}`);
  }

  private async saveFailure(context: TestContext): Promise<void> {
    const file = basename(context.task.file?.name ?? 'e2e').replace(/\.e2e\.test\.ts$/, '');
    const stem = join(resultsDir, `${file}--${slug(context.task.name)}`);
    await mkdir(resultsDir, { recursive: true });
    const saved: string[] = [];
    try {
      await this.page.screenshot({ path: `${stem}.png`, fullPage: true, timeout: 5_000 });
      saved.push(`${stem}.png`);
    } catch (error) {
      this.record(`[harness] no screenshot: ${(error as Error).message}`);
    }
    const report = [
      `test: ${context.task.name}`,
      `url: ${this.page.url()}`,
      '',
      '--- browser ---',
      ...this.log,
      '',
      '--- server output during the test ---',
      this.serverOutput.slice(this.serverOutputAtTestStart).join(''),
    ].join('\n');
    await writeFile(`${stem}.log`, report);
    saved.push(`${stem}.log`);
    console.error(`e2e failure artefacts:\n  ${saved.map((path) => relative(root, path)).join('\n  ')}`);
  }

  async stop(): Promise<void> {
    if (current === this) current = undefined;
    await this.contextOfTest?.close().catch(() => undefined);
    await this.browser.close().catch(() => undefined);
    await stopChild(this.child);
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** Starts the server on a copy of the seeded template and a headless Chromium; see the top of this file. */
export async function startApp(options: StartOptions = {}): Promise<App> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lms-e2e-'));
  await cp(inject('e2eTemplateDir'), dataDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // The template is PGlite: a DATABASE_URL of the developer's must not send the server elsewhere.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...env,
      SKIP_BUILD: '1',
      DIST_DIR: inject('e2eDistDir'),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_REQUESTS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverOutput: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => serverOutput.push(chunk.toString()));
  // Should the test process die without stop(), the server must not outlive it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));

  const [launched, healthy] = await Promise.allSettled([
    chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }),
    waitForHealth(baseUrl, child, () => serverOutput.join('')),
  ]);
  if (launched.status === 'rejected' || healthy.status === 'rejected') {
    if (launched.status === 'fulfilled') await launched.value.close();
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true });
    throw launched.status === 'rejected' ? launched.reason : (healthy as PromiseRejectedResult).reason;
  }
  const browser = launched.value;
  current = new Harness(baseUrl, browser, child, serverOutput, dataDir, options.allowStandIns);
  return current;
}

beforeEach(async () => {
  await current?.openPage();
});

afterEach(async (context) => {
  await current?.closePage(context);
});
