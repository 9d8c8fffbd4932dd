import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';

/** A JS file the page loaded before its first list row. */
export interface LoadedScript {
  /** Path on the server, e.g. `/assets/index-abc.js`. */
  path: string;
  bytes: number;
  /** gzip at zlib's default level, as Vite's build report counts it. */
  gzipBytes: number;
  /** The body's bytes as they travelled (Resource Timing's encodedBodySize), and their Content-Encoding. */
  servedBytes: number;
  encoding: string;
  startMs: number;
  endMs: number;
}

export interface ApiCall {
  path: string;
  startMs: number;
  endMs: number;
}

/** One cold load; every time in ms from navigation start (the page's `performance.timeOrigin`). */
export interface LoadResult {
  firstRowMs: number;
  /** When the last of `scripts` had arrived. */
  scriptsEndMs: number;
  /** When the HTML had arrived. */
  documentEndMs: number;
  scripts: LoadedScript[];
  /** The API calls made before the first row, the list's own included. */
  apiCalls: ApiCall[];
}

export interface ColdLoadOptions {
  url: string;
  /** sessionStorage entries put in place before the app's code runs. */
  session: [string, string][];
  timeoutMs: number;
}

interface PageEntry {
  name: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
}

interface PageFigures {
  firstRow: number;
  documentEnd: number;
  resources: PageEntry[];
}

/**
 * Runs in the page before its own code: stores the session, then watches the DOM for the first `tbody`
 * row that shows data (a DataTable row with text, not the loading skeleton) and notes the time of the
 * animation frame that paints it. Plain JavaScript in a string: tsx would wrap a function's inner
 * functions in a `__name` helper that the page does not have.
 */
const instrumentPage = (session: [string, string][]) => `
  for (const [key, value] of ${JSON.stringify(session)}) sessionStorage.setItem(key, value);
  const observer = new MutationObserver(() => {
    if (window.__benchFirstRow !== undefined) return;
    const hasDataRow = [...document.querySelectorAll('tbody tr')].some((row) =>
      [...row.cells].some((cell) => (cell.textContent || '').trim() !== ''));
    if (!hasDataRow) return;
    window.__benchFirstRow = -1;
    observer.disconnect();
    requestAnimationFrame(() => { window.__benchFirstRow = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

// A function, not a string: Playwright runs a string predicate through eval, which the app's CSP
// (script-src 'self', no 'unsafe-eval') refuses in the page.
const FIRST_ROW_SHOWN = () => ((window as unknown as { __benchFirstRow?: number }).__benchFirstRow ?? -1) >= 0;

const READ_FIGURES = `({
  firstRow: window.__benchFirstRow,
  documentEnd: performance.getEntriesByType('navigation')[0]?.responseEnd ?? 0,
  resources: performance.getEntriesByType('resource').map((entry) => ({
    name: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd,
    encodedBodySize: entry.encodedBodySize,
  })),
})`;

/**
 * Opens `url` in a new browser context (empty cache, no connection kept from an earlier load), waits
 * for the first list row, and reads what the page loaded before it: the JS files from the network
 * (the bodies Chromium received, gzipped here, and the bytes that travelled as the server sent them)
 * and the API calls.
 */
export async function coldLoad(browser: Browser, { url, session, timeoutMs }: ColdLoadOptions): Promise<LoadResult> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript({ content: instrumentPage(session) });
    const page = await context.newPage();
    const bodies = new Map<string, Promise<Buffer | undefined>>();
    const encodings = new Map<string, string>();
    const errors: string[] = [];
    page.on('response', (response: Response) => {
      if (!new URL(response.url()).pathname.endsWith('.js')) return;
      encodings.set(response.url(), response.headers()['content-encoding'] ?? 'identity');
      bodies.set(
        response.url(),
        response.body().catch(() => undefined),
      );
    });
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
    try {
      await page.waitForFunction(FIRST_ROW_SHOWN, undefined, { timeout: timeoutMs, polling: 50 });
    } catch (error) {
      const shown = String(
        await page
          .evaluate('location.hash + ": " + document.body.innerText.replace(/\\s+/g, " ").slice(0, 200)')
          .catch(() => '?'),
      );
      throw new Error(
        `No list row within ${timeoutMs} ms at ${url} (showing ${shown}; page errors: ${errors.join(' | ') || 'none'})`,
        {
          cause: error,
        },
      );
    }
    const figures = (await page.evaluate(READ_FIGURES)) as PageFigures;
    const before = figures.resources.filter((entry) => entry.startTime < figures.firstRow);

    const scripts: LoadedScript[] = [];
    for (const entry of before.filter((resource) => new URL(resource.name).pathname.endsWith('.js'))) {
      // Playwright's response event may trail the page's own timing entry by a moment.
      for (let waited = 0; !bodies.has(entry.name) && waited < 2_000; waited += 50) await page.waitForTimeout(50);
      const body = await bodies.get(entry.name);
      if (!body) throw new Error(`The body of ${entry.name} was not captured from the network.`);
      scripts.push({
        path: new URL(entry.name).pathname,
        bytes: body.length,
        gzipBytes: gzipSync(body).length,
        servedBytes: entry.encodedBodySize,
        encoding: encodings.get(entry.name) ?? 'identity',
        startMs: entry.startTime,
        endMs: entry.responseEnd,
      });
    }
    const apiCalls = before
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .map((entry) => ({
        path: entry.name.slice(new URL(entry.name).origin.length),
        startMs: entry.startTime,
        endMs: entry.responseEnd,
      }));
    return {
      firstRowMs: figures.firstRow,
      scriptsEndMs: Math.max(0, ...scripts.map((script) => script.endMs)),
      documentEndMs: figures.documentEnd,
      scripts,
      apiCalls,
    };
  } finally {
    await context.close();
  }
}
