import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';

/**
 * The built app under its Content-Security-Policy: the real server sends the policy
 * with the page, the browser enforces it, and nothing the app does on the way through login, a list, the
 * side panel and an edit form trips it. tests/security/headers.test.ts checks the headers themselves.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

// What Chromium writes to the console when the policy blocks something (a load, an inline script, an eval).
const CSP_MESSAGE = /Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|evaluate|create|run)/i;

interface Watch {
  /** The `securitypolicyviolation` events of every document of the page, as "directive: what, where". */
  violations: string[];
  /** Console messages and page errors that tell of the policy. */
  console: string[];
}

// A broken policy trips on every styled element: the first few say enough, and keep the report readable.
const KEPT = 10;
function keep(list: string[], text: string): void {
  if (list.length < KEPT) list.push(text);
}

/**
 * Records, from the first document the test's page loads, what the policy blocks. The listener is an init
 * script, which the browser driver injects: it runs whatever the page's policy, in every document.
 */
async function watchPolicy(): Promise<Watch> {
  const watch: Watch = { violations: [], console: [] };
  await t.context.exposeFunction('reportPolicyViolation', (text: string) => keep(watch.violations, text));
  await t.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (text: string) => void }).reportPolicyViolation;
      report(
        `${event.effectiveDirective}: ${event.blockedURI || 'inline'} at ${event.sourceFile || '?'}:${event.lineNumber}`,
      );
    });
  });
  t.page.on('console', (message) => {
    if (CSP_MESSAGE.test(message.text())) keep(watch.console, `[console.${message.type()}] ${message.text()}`);
  });
  t.page.on('pageerror', (error) => {
    if (CSP_MESSAGE.test(error.message)) keep(watch.console, `[page error] ${error.message}`);
  });
  return watch;
}

/** Lets the events of what just happened reach the test (they are dispatched asynchronously). */
async function settle(): Promise<void> {
  await t.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
}

const rows = () => t.page.locator('tbody tr');
const panel = () => t.page.getByRole('complementary');

describe('the app under its Content-Security-Policy', () => {
  it('comes with the policy, which the browser enforces against an inline script', async () => {
    const watch = await watchPolicy();
    const response = await t.page.goto(`${t.baseUrl}/#/login`);
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/(^|;)\s*script-src 'self'\s*(;|$)/);
    expect(policy).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
    await t.page.getByRole('button', { name: 'Connexion' }).waitFor();
    await settle();
    expect(watch, 'the login page').toEqual({ violations: [], console: [] });

    // What an injected script would do: the browser refuses it, and says so where this file listens.
    const ran = await t.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedScriptRan = true';
      document.head.append(script);
      return (window as unknown as { injectedScriptRan?: boolean }).injectedScriptRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => watch.violations).toEqual([expect.stringMatching(/^script-src-elem: inline/)]);
  });

  it('trips nothing through login, a list, the side panel and an edit form', async () => {
    const watch = await watchPolicy();
    const page = t.page;
    await t.login('superadmin');
    await settle();
    expect(watch, 'signing in').toEqual({ violations: [], console: [] });

    await t.goto('/courses');
    await rows().first().waitFor();
    await settle();
    expect(watch, 'the courses list').toEqual({ violations: [], console: [] });

    // A click on a plain cell (past the checkbox) opens the record in the side panel.
    await rows().first().locator('td').nth(1).click();
    await panel().getByRole('tab', { name: 'Infos', selected: true }).waitFor();
    await settle();
    expect(watch, 'the side panel').toEqual({ violations: [], console: [] });

    await panel().getByRole('link', { name: 'Modifier' }).click();
    await page.locator('input[name="title"]').waitFor();
    await expect.poll(() => page.locator('input[name="title"]').inputValue()).not.toBe('');
    await settle();
    expect(watch, 'the edit form').toEqual({ violations: [], console: [] });
  });
});
