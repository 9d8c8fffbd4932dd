import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type RegisteredRoute } from '../../server/http/inputGuard.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { createTestApp, type Persona, type TestApp } from '../api/support/testApp.ts';

/**
 * PostgreSQL cannot store a NUL character: one reaching a query used to be a 500. Every route the app
 * registered (read from its route table, so a new route is covered the day it is added) is called, as each
 * persona, with a NUL in each path parameter, in the query and in a JSON body; none may answer a 5xx, and
 * none may accept the NUL.
 */

type Who = Persona | null;
const PERSONAS: readonly Who[] = [null, 'contributor', 'superadmin'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Path parameter values that reach the handler (a route is tried with all its parameters valid but one). */
const PARAMETER_VALUES: Record<string, string> = { id: '1', encodedId: 'MQ', key: 'invitation', context: 'support' };

/** Every key a body may carry: the declared fields of every resource and the keys of the action and auth calls. */
const BODY_KEYS = [
  ...new Set([
    ...declarations.flatMap((declaration) => Object.keys(declaration.fields)),
    'login',
    'password',
    'email',
    'code',
    'refresh_token',
    'passwordConfirmation',
    'position',
    'module',
    'course',
    'accessRights',
    'tags',
    'skills',
    'chapters',
    'message',
    'status',
    'title',
    'details',
    'url',
    'endpoint',
    'protocol',
  ]),
];

interface Attempt {
  route: RegisteredRoute;
  who: Who;
  what: string;
  url: string;
  body?: unknown;
  /** For the super admin (past every auth check): the exact answer the guard owes. */
  expected: { status: 400 } | { status: 422; paths?: string[] };
}

const fill = (url: string, nulIn?: string, nul = '%00') =>
  url.replace(/:(\w+)/g, (_, name: string) => (name === nulIn ? nul : (PARAMETER_VALUES[name] ?? '1')));

function attemptsFor(route: RegisteredRoute, who: Who): Attempt[] {
  const attempts: Attempt[] = [];
  for (const [, name] of route.url.matchAll(/:(\w+)/g))
    for (const nul of ['%00', `${PARAMETER_VALUES[name] ?? '1'}%00`])
      attempts.push({
        route,
        who,
        what: `path :${name}=${nul}`,
        url: fill(route.url, name, nul),
        expected: { status: 400 },
      });
  attempts.push({
    route,
    who,
    what: 'query',
    url: `${fill(route.url)}?q=%00&search=ab%00c&page=1%00&a%00b=1`,
    expected: { status: 400 },
  });
  if (!WRITE_METHODS.has(route.method)) return attempts;
  const url = fill(route.url);
  const everyKey = Object.fromEntries(BODY_KEYS.map((key) => [key, `${key}\u0000`]));
  attempts.push({ route, who, what: 'body, every key', url, body: everyKey, expected: { status: 422 } });
  attempts.push({
    route,
    who,
    what: 'body, nested',
    url,
    body: {
      title: 'Titre',
      content: {
        question: 'Laquelle ?',
        options: [
          { label: 'a', correct: true },
          { label: 'b\u0000', correct: false },
        ],
      },
    },
    expected: { status: 422, paths: ['content.options[1].label'] },
  });
  attempts.push({
    route,
    who,
    what: 'body, in a list',
    url,
    body: { tags: ['/api/tags/1', '/api/tags/2\u0000'] },
    expected: { status: 422, paths: ['tags[1]'] },
  });
  attempts.push({
    route,
    who,
    what: 'body, in a key',
    url,
    body: { ['ti\u0000tle']: 'Titre' },
    expected: { status: 422, paths: ['ti\\0tle'] },
  });
  return attempts;
}

/** A multipart upload whose text field `context` carries a NUL, sent before or after the file part. */
function multipart(fieldFirst: boolean) {
  const boundary = 'nul-bytes-boundary';
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="context"\r\n\r\nsup\u0000port\r\n`;
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nBonjour\r\n`;
  return {
    payload: `${fieldFirst ? field + file : file + field}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('a NUL byte anywhere in a request', () => {
  let t: TestApp;
  let routes: readonly RegisteredRoute[];
  beforeAll(async () => {
    // Every route is walked many times from one address: a sign-up's hourly bound would answer 429 first.
    t = await createTestApp({ config: { registrationsPerHour: 1_000_000 } });
    routes = routesOf(t.app).filter((route) => route.url.startsWith('/api/'));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is never a 5xx nor accepted, on any route, as any persona: a 400 (URL) or a 422 on the field (JSON body)', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes)
      for (const who of PERSONAS)
        for (const attempt of attemptsFor(route, who)) {
          const response = await t.request(route.method, attempt.url, {
            as: who,
            ...(attempt.body !== undefined ? { body: attempt.body } : {}),
          });
          requests++;
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          const label = `${route.method} ${attempt.url} as ${who ?? 'anonymous'} (${attempt.what}): ${response.status} ${response.body.slice(0, 200)}`;
          if (response.status < 400 || response.status >= 500) failures.push(label);
          else if (who === 'superadmin') {
            const expected = attempt.expected;
            const paths = (response.json?.violations ?? []).map(
              (violation: { propertyPath: string }) => violation.propertyPath,
            );
            if (response.status !== expected.status) failures.push(`${label}; expected ${expected.status}`);
            else if (
              expected.status === 422 &&
              (paths.length === 0 || (expected.paths && JSON.stringify(paths) !== JSON.stringify(expected.paths)))
            )
              failures.push(`${label}; expected violations on ${expected.paths?.join(', ') ?? 'the NUL fields'}`);
          }
        }
    console.log(
      `NUL bytes: ${requests} requests over ${routes.length} routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
    expect(failures.length, `${failures.length} failures; the first ones:\n${failures.slice(0, 10).join('\n')}`).toBe(
      0,
    );
    // Thousands of requests, one after the other: a busy machine needs more than the default 30 s.
  }, 120_000);

  it('in a multipart text field an upload reads is a 422 on that field, before or after the file part', async () => {
    const uploads = routes.filter((route) => route.method === 'POST' && route.url.endsWith('/upload'));
    expect(uploads.length).toBeGreaterThanOrEqual(2);
    const [{ before }] = await t.db.query<{ before: number }>('SELECT count(*)::int AS before FROM documents');
    let refused = 0;
    for (const route of uploads)
      for (const fieldFirst of [true, false]) {
        const { payload, contentType } = multipart(fieldFirst);
        const response = await t.app.inject({
          method: 'POST',
          url: fill(route.url),
          headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('superadmin')}` },
          payload,
        });
        const label = `${route.url}, field ${fieldFirst ? 'before' : 'after'} the file: ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        // A public upload's context is its path's: the form's field is never read, the upload goes on.
        if (route.url.includes(':context')) continue;
        refused++;
        expect(response.statusCode, label).toBe(422);
        expect(JSON.parse(response.body).violations, label).toEqual([
          { propertyPath: 'context', code: 'format', message: 'This value contains a NUL character.' },
        ]);
      }
    expect(refused).toBe(2);
    const [{ after }] = await t.db.query<{ after: number }>('SELECT count(*)::int AS after FROM documents');
    expect(after - before).toBe(2 * (uploads.length - 1));
  });

  it('other values PostgreSQL refuses are 4xx too: lone surrogates (422 on the field), bodies nested too deep (400)', async () => {
    const post = (url: string, rawBody: string, as: Persona | null = 'superadmin') =>
      t.request('POST', url, { as, rawBody });
    // Valid JSON, but jsonb refuses an unpaired surrogate and a text column would keep U+FFFD instead.
    const title = await post('/api/courses', '{"title": "Cours \\ud800"}');
    expect(title.status, title.body).toBe(422);
    expect(title.json.violations).toEqual([
      {
        propertyPath: 'title',
        code: 'format',
        message: 'This value contains an invalid Unicode character (a lone surrogate).',
      },
    ]);
    const details = await post('/api/errorCall', '{"details": {"stack": ["a", "\\udc00b"]}}', null);
    expect(details.status, details.body).toBe(422);
    expect(details.json.violations.map((violation: { propertyPath: string }) => violation.propertyPath)).toEqual([
      'details.stack[1]',
    ]);
    // A well-formed pair is no surrogate problem.
    const tag = await post('/api/tags', JSON.stringify({ name: `Étiquette 😀 ${Date.now()}` }));
    expect(tag.status, tag.body).toBe(201);

    const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    // 100,000 levels: refused without a stack overflow.
    const deep = await post('/api/courses', `{"title":"Cours","description":${nested(100_000)}}`);
    expect(deep.status, deep.body.slice(0, 200)).toBe(400);
    const tooDeep = await post('/api/courses', `{"title":"Cours","description":${nested(64)}}`);
    expect(tooDeep.status, tooDeep.body).toBe(400);
    expect(tooDeep.json.detail).toBe('The body is nested more than 64 levels deep.');
    const deepEnough = await post('/api/errorCall', `{"details":${nested(60)}}`, null);
    expect(deepEnough.status, deepEnough.body).toBe(204);
  });
});
