import { readFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type App } from './harness.ts';

/**
 * API Platform's own admin (<HydraAdmin>, docs-admin/), which knows our API only by its Hydra documentation,
 * lists and edits courses in the browser. Built apart from the product (vite.docs-admin.config.ts) and served
 * on the app's origin, under the app's content security policy.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));
const outDir = join(root, '.tmp', `docs-admin-${basename(process.env.E2E_DIST_DIR ?? 'dist')}`);
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

let t: App;
let policy: string;

interface Course {
  id: number;
  title: string;
}

beforeAll(async () => {
  const { build } = await import('vite');
  await build({
    configFile: join(root, 'vite.docs-admin.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  t = await startApp();
  policy = (await fetch(`${t.baseUrl}/`)).headers.get('content-security-policy') ?? '';
});

afterAll(async () => {
  await t?.stop();
});

/** Opens the admin page, served from its build as the server serves the app (same origin, same CSP). */
async function openAdmin(route: string): Promise<void> {
  await t.context.route(`${t.baseUrl}/docs-admin/**`, async (intercepted) => {
    const path = new URL(intercepted.request().url()).pathname.slice('/docs-admin/'.length);
    const file = path.startsWith('assets/') && !path.includes('..') ? path : 'index.html';
    await intercepted.fulfill({
      status: 200,
      headers: {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': policy,
      },
      body: await readFile(join(outDir, file)),
    });
  });
  await t.page.goto(`${t.baseUrl}/docs-admin/#${route}`);
}

async function signIn(): Promise<void> {
  await t.page.locator('input[name="username"]').fill('admin@demo.fr');
  await t.page.locator('input[name="password"]').fill('Demo2026!');
  await t.page.getByRole('button', { name: /sign in/i }).click();
}

describe('<HydraAdmin> over our API', () => {
  // One flow, one sign-in: the admin's bundle is heavy for 2 busy cores.
  it('signs in with our JWT, lists the courses, edits one, and the API keeps it', { timeout: 180_000 }, async () => {
    expect(policy).toContain("script-src 'self'");
    const [course] = await t.api<Course[]>('/api/courses?order[id]=asc&itemsPerPage=1');
    await openAdmin('/login');
    await signIn();
    // Signed in, the admin reads the documentation with the token: from here on, nothing may fail. (Before,
    // it reads each collection's hydra:search unauthenticated and leaves the 401s unhandled: its own way.)
    const errors: string[] = [];
    t.page.on('pageerror', (error) => errors.push(error.stack ?? error.message));
    // Every resource of the documentation made it to the menu: the parser read them all.
    await t.page.getByRole('menuitem', { name: /chapter.parts/i }).waitFor({ timeout: 60_000 });
    await t.page.getByRole('menuitem', { name: /^courses$/i }).click();
    // Its list is ordered by id, as the admin asks: the first course is on the first page.
    await t.page.getByText(course.title, { exact: true }).first().waitFor({ timeout: 60_000 });

    await t.page.goto(`${t.baseUrl}/docs-admin/#/courses/${encodeURIComponent(`/api/courses/${course.id}`)}`);
    const title = t.page.getByLabel(/^title/i);
    await expect.poll(() => title.inputValue(), { timeout: 30_000 }).toBe(course.title);
    // The guesser may build its form once more after the record first shows (its inputs come from the
    // documentation, read meanwhile): a title typed before that is reset, and Save stays disabled.
    const revised = `${course.title} (revu)`;
    const save = t.page.getByRole('button', { name: /save/i });
    await expect
      .poll(
        async () => {
          if ((await title.inputValue()) !== revised) await title.fill(revised);
          return save.isEnabled();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await save.click();
    await expect
      .poll(async () => (await t.api<Course>(`/api/courses/${course.id}`)).title)
      .toBe(`${course.title} (revu)`);
    expect(errors).toEqual([]);
  });
});
