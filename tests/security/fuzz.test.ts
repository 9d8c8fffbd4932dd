import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { routesOf, type RegisteredRoute } from '../../server/http/inputGuard.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { ident } from '../../server/shared/sql.ts';
import { createTestApp, PERSONAS, type Persona, type TestApp } from '../api/support/testApp.ts';
import { arbitraries, idFor, keyedBody, Ref, resolve, resourceBody } from './support/fuzzBodies.ts';
import { invariants } from './support/integrity.ts';

/**
 * Property-based fuzzing of every write route of the route table, from a fixed seed: bodies drawn from the
 * resource declarations (and, for the action and auth calls, from their documented keys), sent in a
 * shuffled order as the personas, against one database that keeps every change. No answer may be a 5xx;
 * afterwards the data must still hold the invariants that foreign keys do not guarantee.
 */

const SEED = 20_251_110;
const BODIES_PER_RESOURCE_WRITE = 90;
const BODIES_PER_ACTION = 70;
const DELETES_PER_RESOURCE = 12;
const { anyString, anyNumber, ref, referenceList, junk } = arbitraries;

type Who = Persona | 'code' | 'password' | null;

interface Job {
  route: RegisteredRoute;
  who: Who;
  pathId?: Ref | string;
  body?: unknown;
  multipart?: { fields: [string, string][]; fileFirst: boolean; filename: string; type: string; bytes: Uint8Array };
}

/** The resource a path's first segment names (`/api/folder/:id` deletes folders). */
const resourceOfSegment = new Map(
  declarations.flatMap((d) => [[d.name, d.name], ...(d.deletePath ? [[d.deletePath, d.name] as const] : [])]),
);
const segmentOf = (url: string) => url.split('/')[2];

const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 120 });
const passwords = fc.constantFrom('Motdepasse-Fuzz-2025', 'court', 'sansmajuscule1', 'Motdepasse-Fuzz-2026');

/** The action and auth calls' bodies, by route (API.md): their keys with typed values, mixed with junk. */
function actionBody(url: string, emails: string[], refreshTokens: string[]): fc.Arbitrary<unknown> | undefined {
  const email = fc.oneof(fc.constantFrom(...emails), anyString);
  const refreshToken = refreshTokens.length > 0 ? fc.oneof(fc.constantFrom(...refreshTokens), anyString) : anyString;
  const table: [RegExp, () => fc.Arbitrary<unknown>][] = [
    [/\/reorder$/, () => keyedBody({ position: fc.oneof(fc.integer({ min: -2, max: 12 }), anyNumber) })],
    [/^\/api\/chapters\/:id\/copy$/, () => keyedBody({ module: ref('modules') }, [])],
    [/^\/api\/modules\/:id\/copy$/, () => keyedBody({ course: ref('courses') }, [])],
    [/-access-rights$/, () => keyedBody({ accessRights: referenceList('access-rights') })],
    [/-tags$/, () => keyedBody({ tags: referenceList('tags') })],
    [/-skills$/, () => keyedBody({ skills: referenceList('skills') })],
    [/-chapter-unlocks$/, () => keyedBody({ chapters: referenceList('chapters') })],
    [
      /\/add-message$/,
      () =>
        keyedBody(
          { message: fc.oneof(text, anyString), status: fc.constantFrom('created', 'treated', 'canceled', 'closed') },
          ['message'],
        ),
    ],
    [/\/publish$/, () => keyedBody({}, [])],
    [
      /^\/api\/auth\/token$/,
      () => keyedBody({ login: email, password: fc.oneof(fc.constant(DEMO_PASSWORD), passwords, anyString) }),
    ],
    [/^\/api\/auth\/refresh$/, () => keyedBody({ refresh_token: refreshToken })],
    [/^\/api\/auth\/reinit-password\/request$/, () => keyedBody({ email })],
    [/^\/api\/auth\/email\/check-code$/, () => keyedBody({ code: fc.oneof(fc.stringMatching(/^\d{6}$/), anyString) })],
    [/^\/api\/auth\/email\/resend-code$/, () => keyedBody({}, [])],
    [
      /^\/api\/auth\/reinit-password\/validate$/,
      () => keyedBody({ password: passwords, passwordConfirmation: passwords }),
    ],
    [
      /^\/api\/errorCall$/,
      () =>
        keyedBody(
          {
            details: junk,
            status: anyNumber,
            timestamp: fc.oneof(anyNumber, anyString),
            url: anyString,
            companyId: anyNumber,
            employeeId: anyNumber,
            endpoint: anyString,
            protocol: anyString,
          },
          [],
        ),
    ],
    [/^\/api\/pushover$/, () => keyedBody({ title: text, message: text })],
  ];
  return table.find(([pattern]) => pattern.test(url))?.[1]();
}

const multipartJob = fc.record({
  fields: fc.array(fc.tuple(fc.constantFrom('context', 'name', 'context', 'x'), anyString), { maxLength: 3 }),
  fileFirst: fc.boolean(),
  filename: fc.oneof(fc.constantFrom('cours.pdf', 'image.png', 'note.txt', '../../x.svg', ''), anyString),
  type: fc.constantFrom(
    'application/pdf',
    'image/png',
    'text/plain',
    'image/svg+xml',
    'text/html',
    'application/octet-stream',
    '',
  ),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc.constantFrom(Buffer.from('%PDF-1.4\n%fuzz\n'), Buffer.from('\x89PNG\r\n\x1a\n0000'), Buffer.from('Bonjour')),
  ),
});

function multipartPayload(job: NonNullable<Job['multipart']>) {
  const boundary = 'fuzz-boundary-7f3a';
  const parts = job.fields.map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const file = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${job.filename}"\r\nContent-Type: ${job.type}\r\n\r\n`,
    ),
    job.bytes,
    Buffer.from('\r\n'),
  ]);
  const ordered = job.fileFirst ? [file, ...parts] : [...parts, file];
  return {
    payload: Buffer.concat([...ordered, Buffer.from(`--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (as U+FFFD, as a browser would). */
const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** A deterministic shuffle (mulberry32), so the order of the run is the seed's too. */
function shuffle<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

describe('fuzzing every write route', () => {
  let t: TestApp;
  let jobs: Job[];
  const pool: { ids: Map<string, number[]>; protectedIds: Map<string, Set<number>> } = {
    ids: new Map(),
    protectedIds: new Map(),
  };
  const mails: Mail[] = [];

  async function refreshPool() {
    for (const declaration of declarations)
      pool.ids.set(
        declaration.name,
        (await t.db.query<{ id: number }>(`SELECT id FROM ${ident(declaration.table)} ORDER BY id`)).map(
          (row) => row.id,
        ),
      );
  }

  const tokens = new Map<Who, string>();
  /** The personas' tokens, signed at their current session version (again after a 401: a run may move it). */
  async function tokenOf(who: Who): Promise<string | undefined> {
    if (who === null) return undefined;
    const known = tokens.get(who);
    if (known || who === 'code' || who === 'password') return known;
    const [user] = await t.db.query<{
      email: string;
      roles: string[];
      company_id: number | null;
      session_version: number;
    }>('SELECT email, roles, company_id, session_version FROM users WHERE id = $1', [t.users[who].id]);
    const token = await t.tokens.sign({
      role: user.roles.filter((role) => role !== 'ROLE_FIRST_CONNECT'),
      company: user.company_id,
      employeeId: t.users[who].id,
      username: user.email,
      sid: randomUUID(),
      scope: 'full',
      sv: Number(user.session_version ?? 0),
    });
    tokens.set(who, token);
    return token;
  }

  /**
   * Restricted sessions of a spare user, through the real reset flow (the e-mailed code is read from the
   * mails), so that the code and new-password calls are fuzzed past their session checks; and a refresh
   * token. A step the flow refuses leaves that session out: those calls are then fuzzed as 401s.
   */
  async function openSessions(email: string): Promise<string[]> {
    const post = (url: string, body: unknown, token?: string) =>
      t.request('POST', url, { body, ...(token ? { token } : {}) });
    const codeOf = () => /\b(\d{6})\b/.exec(mails.filter((mail) => mail.to === email).at(-1)?.subject ?? '')?.[1];
    const first = await post('/api/auth/reinit-password/request', { email });
    const code = codeOf();
    if (first.status === 200 && code) {
      const checked = await post('/api/auth/email/check-code', { code }, first.json.token);
      if (checked.status === 200) tokens.set('password', checked.json.token);
    }
    const second = await post('/api/auth/reinit-password/request', { email });
    if (second.status === 200) tokens.set('code', second.json.token);
    const login = await post('/api/auth/token', { login: email, password: DEMO_PASSWORD });
    console.log(
      `Fuzz sessions: code ${second.status}, password ${tokens.has('password') ? 'open' : 'not open'}, login ${login.status}`,
    );
    return [first.json?.refresh_token, second.json?.refresh_token, login.json?.refresh_token].filter(
      (token): token is string => typeof token === 'string',
    );
  }

  beforeAll(async () => {
    t = await createTestApp({
      mailer: { send: async (mail) => void mails.push(mail) },
      // The outside services answer in-process: a request they fail is no input's fault.
      establishments: { search: async () => [] },
      addresses: { search: async () => [] },
      payments: {
        testMode: true,
        createSetupIntent: async () => ({
          id: 'seti_fuzz1',
          client_secret: 'seti_fuzz1_secret_x',
          status: 'requires_payment_method',
        }),
        setupIntentStatus: async (id) => (id.endsWith('0') ? undefined : 'succeeded'),
        confirmSetupIntent: async (id) => (id.endsWith('0') ? undefined : 'succeeded'),
      },
    });
    const personaIds = new Set(PERSONAS.map((persona) => t.users[persona].id));
    const [spare] = await t.db.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE enabled AND NOT (id = ANY($1::int4[])) ORDER BY id LIMIT 1`,
      [[...personaIds]],
    );
    // The signed-in users are never a path's target: a change to them would end the run's sessions.
    pool.protectedIds.set('users', new Set([...personaIds, spare.id]));
    await refreshPool();
    const emails = (
      await t.db.query<{ email: string }>(
        'SELECT email FROM users WHERE NOT (id = ANY($1::int4[])) ORDER BY id LIMIT 8',
        [[...personaIds, spare.id]],
      )
    ).map((row) => row.email);
    const refreshTokens = await openSessions(spare.email);

    const who = fc.constantFrom<Who>('superadmin', 'superadmin', 'superadmin', 'superadmin', 'admin', 'contributor');
    const pathId = (resource: string) =>
      fc.oneof(
        { weight: 19, arbitrary: ref(resource) },
        { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '2147483648', '99999999999', '%20') },
      );
    const writes = routesOf(t.app).filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    jobs = [];
    writes.forEach((route, index) => {
      const seed = SEED + index;
      const resource = resourceOfSegment.get(segmentOf(route.url));
      const declaration = declarations.find((candidate) => candidate.name === resource);
      const hasId = route.url.includes(':id');
      const isCrud =
        declaration && (route.url === `/api/${declaration.name}` || route.url === `/api/${segmentOf(route.url)}/:id`);
      let arbitrary: fc.Arbitrary<Job>;
      let count: number;
      if (route.url.endsWith('/upload')) {
        arbitrary = fc.record({
          route: fc.constant(route),
          who: route.url.startsWith('/api/public/') ? fc.constant(null) : who,
          multipart: multipartJob,
        }) as fc.Arbitrary<Job>;
        count = 50;
      } else if (route.method === 'DELETE') {
        // A structure deleted by platform staff takes the fuzz's own callers with it (tests/api/structureData.test.ts
        // deletes one): here it is sent by those it refuses.
        const deleter = route.url === '/api/companies/:id' ? fc.constantFrom<Who>('admin', 'contributor', null) : who;
        arbitrary = fc.record({ route: fc.constant(route), who: deleter, pathId: pathId(resource as string) });
        count = DELETES_PER_RESOURCE;
      } else {
        const body =
          isCrud && declaration ? resourceBody(declaration) : (actionBody(route.url, emails, refreshTokens) ?? junk);
        const caller: fc.Arbitrary<Who> = route.url.startsWith('/api/auth/email/')
          ? fc.constant('code')
          : route.url === '/api/auth/reinit-password/validate'
            ? fc.constant('password')
            : /^\/api\/(auth\/(token|refresh|reinit-password\/request)|errorCall)$/.test(route.url)
              ? fc.constant(null)
              : who;
        arbitrary = fc.record({
          route: fc.constant(route),
          who: caller,
          body,
          ...(hasId ? { pathId: pathId(resource as string) } : {}),
        }) as fc.Arbitrary<Job>;
        count = isCrud
          ? BODIES_PER_RESOURCE_WRITE
          : route.url === '/api/auth/token'
            ? 24
            : route.url.startsWith('/api/auth/')
              ? 40
              : BODIES_PER_ACTION;
      }
      jobs.push(...fc.sample(arbitrary, { seed, numRuns: count }));
    });
    shuffle(jobs, SEED);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(job: Job, index: number) {
    const id = job.pathId instanceof Ref ? String(idFor(job.pathId, pool, true)) : job.pathId;
    const url = job.route.url.replace(':id', id ?? '1').replace(':context', 'support');
    const token = await tokenOf(job.who);
    const headers: Record<string, string> = {
      accept: 'application/ld+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    // An address per request, or rate limits would answer most calls with a 429; but logins share one, so
    // that the login throttle bounds the password hashing (scrypt, ~50 ms a try).
    const remoteAddress =
      job.route.url === '/api/auth/token'
        ? '10.255.255.1'
        : `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    let payload: string | Buffer | undefined;
    let body: unknown;
    if (job.multipart) {
      const built = multipartPayload(job.multipart);
      payload = built.payload;
      headers['content-type'] = built.contentType;
    } else if (job.body !== undefined) {
      body = resolve(job.body, pool);
      payload = JSON.stringify(body) ?? 'null';
      headers['content-type'] = 'application/json';
    }
    const response = await t.app.inject({
      method: job.route.method as 'POST',
      url,
      headers,
      remoteAddress,
      ...(payload !== undefined ? { payload } : {}),
    });
    return { url, body, status: response.statusCode, text: response.body };
  }

  it('answers no 5xx to at least 5,000 generated bodies', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const tally = (counts: Map<number, number>, status: number) => counts.set(status, (counts.get(status) ?? 0) + 1);
    const show = (counts: Map<number, number>) =>
      JSON.stringify(Object.fromEntries([...counts].sort((a, b) => a[0] - b[0])));
    const statuses = new Map<number, number>();
    const byRoute = new Map<string, Map<number, number>>();
    const failures: string[] = [];
    let bodies = 0;
    for (const [index, job] of jobs.entries()) {
      if (index % 250 === 0) await refreshPool();
      const result = await send(job, index);
      if (job.body !== undefined || job.multipart) bodies++;
      tally(statuses, result.status);
      const key = `${job.route.method} ${job.route.url}`;
      tally(byRoute.get(key) ?? byRoute.set(key, new Map()).get(key)!, result.status);
      if (result.status === 401 && job.who !== 'code' && job.who !== 'password') tokens.delete(job.who);
      if (result.status >= 500)
        failures.push(
          `${job.route.method} ${result.url} as ${job.who ?? 'anonymous'}: ${result.status} ${result.text.slice(0, 200)}\nbody: ${JSON.stringify(result.body ?? job.multipart)?.slice(0, 1500)}`,
        );
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Fuzz (seed ${SEED}): ${jobs.length} requests, ${bodies} bodies, ${byRoute.size} write routes, ${seconds} s; statuses ${show(statuses)}; 5xx: ${failures.length}`,
    );
    const neverAccepted = [...byRoute].filter(([, counts]) => ![...counts.keys()].some((status) => status < 300));
    console.log(
      `Write routes that accepted no body:\n${neverAccepted.map(([key, counts]) => `  ${key} ${show(counts)}`).join('\n') || '  none'}`,
    );

    expect(bodies).toBeGreaterThanOrEqual(5_000);
    // Every write route of the table was fuzzed, those added after this test included.
    const writes = routesOf(t.app).filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));
    expect(writes.filter((route) => !byRoute.has(`${route.method} ${route.url}`))).toEqual([]);
    expect(failures.length, `${failures.length} requests answered 5xx; the first:\n${failures[0]}`).toBe(0);
  });

  it('answers no 5xx to generated query strings and path values on every GET route', { timeout: 300_000 }, async () => {
    const gets = routesOf(t.app).filter((route) => route.method === 'GET' && route.url.startsWith('/api/'));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let requests = 0;
    for (const [index, route] of gets.entries()) {
      const resource = resourceOfSegment.get(segmentOf(route.url));
      const declaration = declarations.find((candidate) => candidate.name === resource);
      const names = [
        ...(declaration?.filters ?? []).flatMap((name) => [
          name,
          `${name}[]`,
          `${name}[after]`,
          `${name}[strictly_before]`,
        ]),
        ...Object.keys(declaration?.flagFilters ?? {}),
        ...(declaration?.order ?? []).map((name) => `order[${name}]`),
        'page',
        'itemsPerPage',
        'q',
        'search',
        'purge',
        'setupIntent',
        'order[id]',
      ];
      const value = fc.oneof(
        anyString,
        anyNumber.map(String),
        fc.constantFrom(
          'asc',
          'DESC',
          'true',
          '1',
          '2025-01-01',
          'seti_abc1',
          '/api/courses/1',
          '0',
          '-1',
          '999999999999',
        ),
      );
      const query = fc.array(
        fc.tuple(
          fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: anyString }),
          value,
        ),
        { maxLength: 5 },
      );
      const raw = fc.constantFrom('', '', '', '&', '%', '%zz', '%E0%A4%A', '=&=', 'page', '%ED%A0%80');
      const param = fc.oneof(
        { weight: 4, arbitrary: fc.nat({ max: 80 }).map(String) },
        { weight: 1, arbitrary: anyString },
      );
      for (const [pairs, tail, parameter] of fc.sample(fc.tuple(query, raw, param), {
        seed: SEED + 1_000 + index,
        numRuns: 12,
      })) {
        const path = route.url.replace(/:(\w+)/g, () => percentEncode(parameter) || '1');
        const search = [...pairs.map(([key, item]) => `${percentEncode(key)}=${percentEncode(item)}`), tail]
          .filter(Boolean)
          .join('&');
        const token = await tokenOf('superadmin');
        const response = await t.app.inject({
          method: 'GET',
          url: search ? `${path}?${search}` : path,
          headers: { authorization: `Bearer ${token}` },
        });
        requests++;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500)
          failures.push(`GET ${path}?${search}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    console.log(
      `Query fuzz: ${requests} requests over ${gets.length} GET routes; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    expect(failures.length, `${failures.length} requests answered 5xx; the first:\n${failures[0]}`).toBe(0);
  });

  it(
    'leaves the data consistent: dense positions, one target where one is required, no dangling reference',
    { timeout: 120_000 },
    async () => {
      const broken: string[] = [];
      for (const invariant of await invariants(t.db)) {
        const offenders = await invariant.offenders(t.db);
        if (offenders.length > 0) broken.push(`${invariant.name}: ${JSON.stringify(offenders).slice(0, 600)}`);
      }
      expect(broken, broken.join('\n')).toEqual([]);
    },
  );
});
