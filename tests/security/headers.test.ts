import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../server/http/securityHeaders.ts';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';

/**
 * The security headers on what the server answers: the app's page and files, the
 * API's answers and errors, a document download (its own stricter policy), and the API origin a build
 * with VITE_API_URL calls. The browser side (the built app running under the policy) is csp.e2e.test.ts.
 */

type Headers = Record<string, string | string[] | number | undefined>;

/** The policy every page and answer carries, as the browser reads it. */
const EXPECTED_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'worker-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:', 'https:'],
  'connect-src': ["'self'"],
  'frame-src': ['https:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The directives of the one Content-Security-Policy header; a second header would make the browser apply both. */
function policyOf(headers: Headers): Record<string, string[]> {
  const header = headers['content-security-policy'];
  expect(typeof header, 'exactly one Content-Security-Policy header').toBe('string');
  const directives: Record<string, string[]> = {};
  for (const directive of String(header).split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (!name) continue;
    expect(directives, `directive ${name} given twice`).not.toHaveProperty(name.toLowerCase());
    directives[name.toLowerCase()] = sources;
  }
  return directives;
}

/** What makes the policy a defence against injected script, whatever else a later change adds to it. */
function expectNoInlineScript(policy: Record<string, string[]>) {
  const scripts = policy['script-src'] ?? policy['default-src'];
  expect(scripts, 'script-src or default-src').toBeDefined();
  for (const unsafe of [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    'data:',
    'blob:',
    '*',
    'http:',
    'https:',
  ])
    expect(scripts).not.toContain(unsafe);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
}

function expectSecurityHeaders(headers: Headers) {
  const policy = policyOf(headers);
  expectNoInlineScript(policy);
  expect(policy).toEqual(EXPECTED_POLICY);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  // Would keep the embedded YouTube and https pages of chapter parts from loading.
  expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  // The https front's to send (securityHeaders.ts says why).
  expect(headers['strict-transport-security']).toBeUndefined();
}

const INDEX_HTML =
  '<!doctype html><html lang="fr"><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'headers-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'app.js'), 'export {};\n');
  t = await createTestApp({ serveApp: true, config: { distDir } });
});

afterAll(async () => {
  await t?.close();
  if (distDir) await rm(distDir, { recursive: true, force: true });
});

describe('the app', () => {
  it.each([
    ['the page at /', '/'],
    ['a route of the app (the single-page fallback)', '/courses/3/show'],
  ])('sends %s with the policy', async (_label, url) => {
    const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toBe(INDEX_HTML);
    expectSecurityHeaders(response.headers);
  });

  it('sends its scripts (the static files) with the policy', async () => {
    const response = await t.app.inject({ url: '/assets/app.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expectSecurityHeaders(response.headers);
  });
});

describe('the API', () => {
  it('sends the health check with the policy', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expectSecurityHeaders(response.headers);
  });

  it('sends an authenticated list with the policy', async () => {
    const response = await t.request('GET', '/api/courses', { as: 'admin' });
    expect(response.status).toBe(200);
    expect(response.json['hydra:member'].length).toBeGreaterThan(0);
    expectSecurityHeaders(response.headers);
  });

  it('sends its errors with the policy: a 401 of the auth hook, a 404 of no route', async () => {
    const unauthorized = await t.request('GET', '/api/courses');
    expect(unauthorized.status).toBe(401);
    expectSecurityHeaders(unauthorized.headers);
    const missing = await t.request('GET', '/api/no-such-resource', { as: 'admin' });
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
  });

  it('keeps the stricter policy of a document download', async () => {
    const boundary = '----headers-test-boundary';
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="image.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const authorization = `Bearer ${await t.tokenFor('contributor')}`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      payload,
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(created.statusCode).toBe(201);
    const download = await t.app.inject({
      url: `/api/documents/${created.json().id}/download`,
      headers: { authorization },
    });
    expect(download.statusCode).toBe(200);
    // One header, the route's own: a file opened in the browser runs nothing and loads nothing.
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['x-frame-options']).toBe('DENY');
  });
});

/** The plugin alone, on a bare Fastify instance, as a build pointing at another API configures it. */
async function headersWith(apiUrl: string | undefined) {
  const app = Fastify();
  try {
    await app.register(securityHeaders, { apiUrl });
    app.get('/', async () => 'ok');
    return (await app.inject({ url: '/' })).headers;
  } finally {
    await app.close();
  }
}

describe('an app built with VITE_API_URL', () => {
  it('may connect to that API origin, and to nothing else', async () => {
    const policy = policyOf(await headersWith('https://api.exemple.fr/v1/'));
    expect(policy['connect-src']).toEqual(["'self'", 'https://api.exemple.fr']);
    expectNoInlineScript(policy);
  });

  it('connects to its own origin only when the API is a path of it', async () => {
    expect(policyOf(await headersWith('/api'))['connect-src']).toEqual(["'self'"]);
    expect(policyOf(await headersWith(undefined))['connect-src']).toEqual(["'self'"]);
  });

  it('refuses to start on an address that is no http(s) origin', async () => {
    await expect(headersWith('api.exemple.fr')).rejects.toThrow(/VITE_API_URL/);
    await expect(headersWith('javascript:alert(1)')).rejects.toThrow(/VITE_API_URL/);
  });
});

describe("the app's index.html", () => {
  // The page is served under script-src 'self': an inline script or handler there would simply not run.
  it('has no inline script, inline handler or javascript: address', async () => {
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });
});
