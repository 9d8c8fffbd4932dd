import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf, type RegisteredRoute } from '../../server/http/inputGuard.ts';
import { refreshLearningAggregates } from '../../server/learning/aggregates.ts';
import { declarations, declarationsByName } from '../../server/resources/definitions/index.ts';
import { ident } from '../../server/shared/sql.ts';
import { iri } from '../api/support/samples.ts';
import { createTestApp, type TestApp, type TestResponse } from '../api/support/testApp.ts';
import { openStream, type StreamEvent } from './support/eventStream.ts';
import {
  attackCases,
  type Case,
  comparable,
  fillParams,
  paramsOf,
  resourceOf,
  schemaBody,
  violationPaths,
  WHO,
  type Who,
} from './support/routeCases.ts';
import {
  addTo,
  administratorOf,
  Bodies,
  type Caller,
  changes,
  createRows,
  fillStructure,
  idsOf,
  isTenant,
  must,
  type Pools,
  send,
  snapshot,
  type Snapshot,
  structureRows,
  upload,
} from './support/structures.ts';

/**
 * Structures are isolated, proven by an attack generated from the route table: every route and method, as
 * an administrator and as a contributor of structure A, on the rows of structure B (one of every resource,
 * made by platform staff working in B, and B's own rows of the demo data). A row of B must be
 * indistinguishable from a row that does not exist (each request is compared with its twin naming a
 * missing one); what A sees must not change once B has rows, nor name one; a structure's `X-Structure`
 * header changes nothing; nothing A does changes a row of B or what B sees; what A creates is A's; A's live
 * events carry none of B's tickets. Each leak is listed.
 */

/** Rows of B's demo data attacked a resource, besides those made for the test. */
const SEED_ROWS_ATTACKED = 4;
const BATCH = 24;

let t: TestApp;
let baseUrl: string;
let A: number;
let B: number;
const marker = `zqb${randomBytes(4).toString('hex')}`;
const aWords = `Structure A ${randomBytes(3).toString('hex')}`;
const bWords = `Structure B ${marker}`;
let bodies: Bodies;
let routes: readonly RegisteredRoute[];
const callers = {} as Record<Who, Caller>;
let platformInB: Caller;
let bAdmin: Caller;
/** Rows each persona of A may use: its own first, then the other persona's, A's, the platform's. */
const aPools = {} as Record<Who, Pools>;
/** B's rows that requests name; every row of B, which no answer to A may mention. */
const bTargets: Pools = new Map();
const bAll = new Map<string, Set<number>>();
let bName = '';
let bIntent: string;
let cases = 0;
const leakCount = { total: 0 };
const covered = new Set<string>();

const withHeader = (caller: Caller): Caller => ({ ...caller, headers: { 'x-structure': String(B) } });
const routeKey = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const ownRow = (who: Who, resource: string) => idsOf(aPools[who], resource)[0];

async function inBatches<T>(items: readonly T[], work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += BATCH)
    await Promise.all(items.slice(start, start + BATCH).map(work));
}

function expectNoLeak(leaks: string[]) {
  leakCount.total += leaks.length;
  expect.soft(leaks, `${leaks.length} leaks:\n${leaks.slice(0, 40).join('\n')}`).toEqual([]);
}

/** Where a text shown to A names B: its rows' words, its name, an IRI of one of its rows, its structure. */
function mentionOfB(text: string, except: readonly string[] = []): string | undefined {
  if (text.includes(marker)) return `the words of B's rows (${marker})`;
  if (text.includes(bName)) return `B's name (${bName})`;
  for (const [found, resource, id] of text.matchAll(/\/api\/([a-z-]+)\/(\d+)/g))
    if (bAll.get(resource)?.has(Number(id)) && !except.includes(found)) return found;
  if (new RegExp(`"company":\\{("@id":"[^"]*",)?"id":${B}\\b`).test(text)) return `B's structure`;
  return undefined;
}

/** A's own view: every GET without parameters, and every GET on a row A may read. */
/**
 * Answers about the process, not about anyone's rows: whether the file store answered within its 2 s depends
 * on how loaded the machine is while the views are read in parallel, never on B's rows.
 */
const PROCESS_STATE = new Set(['/api/health', '/api/health/ready']);

function viewsOf(who: Who): string[] {
  return routes.flatMap((route) => {
    const params = paramsOf(route).join();
    if (route.method !== 'GET' || route.url === '/api/events' || PROCESS_STATE.has(route.url)) return [];
    if (params !== 'id') return [fillParams(route.url, '')];
    const declaration = resourceOf(route);
    const id = declaration && ownRow(who, declaration.name);
    return id === undefined ? [] : [fillParams(route.url, id)];
  });
}

async function readViews(
  caller: (who: Who) => Caller,
  accept = 'application/ld+json',
): Promise<Map<string, TestResponse>> {
  const answers = new Map<string, TestResponse>();
  await inBatches(
    WHO.flatMap((who) => viewsOf(who).map((url) => ({ who, url }))),
    async ({ who, url }) => {
      answers.set(
        `GET ${url} as A's ${who}`,
        await t.request('GET', url, { token: caller(who).token, headers: caller(who).headers, accept }),
      );
    },
  );
  return answers;
}

/** What B's administrator sees: every GET without parameters. */
async function bView(): Promise<Map<string, string>> {
  const view = new Map<string, string>();
  const reads = routes.filter(
    (route) => route.method === 'GET' && paramsOf(route).length === 0 && route.url !== '/api/events',
  );
  await inBatches(
    reads,
    async (route) => void view.set(route.url, comparable(await send(t, bAdmin, 'GET', route.url), [])),
  );
  return view;
}

async function hasStructureColumn(table: string) {
  const [column] = await t.db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'company_id'`,
    [table],
  );
  return column !== undefined;
}

beforeAll(async () => {
  t = await createTestApp({
    // The reports' aggregates are refreshed by the test (below), not by the job in the middle of a comparison.
    config: { registrationsPerHour: 1_000_000, learningAggregatesSeconds: 86_400 },
    establishments: { search: async () => [] },
    addresses: { search: async () => [] },
    payments: {
      testMode: true,
      createSetupIntent: async () => ({
        id: `seti_${randomBytes(8).toString('hex')}`,
        client_secret: 'seti_secret',
        status: 'requires_payment_method',
      }),
      setupIntentStatus: async () => 'succeeded',
      confirmSetupIntent: async () => 'succeeded',
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  routes = routesOf(t.app).filter((route) => route.url.startsWith('/api/'));
  bodies = await Bodies.load(t);
  A = Number(t.users.admin.company);
  // B: another structure, with an administrator of its own.
  const other = await administratorOf(t, A, true);
  B = other.structure;
  bAdmin = other.caller;
  bName = (await t.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [B]))[0].name;
  for (const who of WHO) callers[who] = { token: await t.tokenFor(who) };
  platformInB = withHeader({ token: await t.tokenFor('superadmin') });

  const platform: Pools = new Map();
  for (const declaration of declarations.filter((candidate) => !isTenant(candidate)))
    addTo(
      platform,
      declaration.name,
      ...(await t.db.query<{ id: number }>(`SELECT id FROM ${ident(declaration.table)} ORDER BY id LIMIT 3`)).map(
        (row) => row.id,
      ),
    );

  // A's rows, made by each persona: a course tree, a ticket, a document with its file...
  const made = {} as Record<Who, Pools>;
  for (const who of WHO) {
    made[who] = new Map(platform);
    // The users it may name: those it may list (a contributor, itself).
    const listed = (
      await t.request('GET', '/api/users?itemsPerPage=500', { token: callers[who].token, accept: 'application/json' })
    ).json as { id: number }[];
    addTo(made[who], 'users', t.users[who].id, ...listed.map((user) => user.id));
    const connections = await t.db.query<{ id: number }>(
      'SELECT id FROM user_connections WHERE user_id = $1 ORDER BY id LIMIT 1',
      [t.users[who].id],
    );
    addTo(made[who], 'user-connections', ...connections.map((row) => row.id));
    addTo(
      made[who],
      'documents',
      (await must(upload(t, callers[who], { context: who === 'admin' ? 'course_cover' : 'support' }), 'An upload')).json
        .id,
    );
    // Two of each: an action naming another row of A's (an unlock) names one of the same persona's.
    const known = new Set(idsOf(made[who], 'users'));
    for (const variant of [0, 1]) await createRows(t, bodies, callers[who], made[who], aWords, variant);
    // The users it created first (administrators invite theirs): the controls change and invite one of them,
    // not a seeded account, nor themselves.
    const users = idsOf(made[who], 'users');
    made[who].set('users', [...users.filter((id) => !known.has(id)), ...users.filter((id) => known.has(id))]);
  }
  const aSeed = await structureRows(t, A, SEED_ROWS_ATTACKED);
  for (const who of WHO) {
    aPools[who] = new Map();
    for (const pools of [made[who], made[who === 'admin' ? 'contributor' : 'admin'], aSeed, platform])
      for (const [resource, ids] of pools) addTo(aPools[who], resource, ...ids);
  }
  // A's contributor supervises the learners of A's participations it may be asked about (its supervisor's
  // reads are its only ones there), those first.
  const contributor = t.users.contributor.id;
  const enrolments = await t.db.query<{ id: number; user_id: number }>(
    'SELECT id, user_id FROM participations WHERE id = ANY($1::int4[])',
    [idsOf(aPools.contributor, 'participations')],
  );
  const followed = enrolments.filter((row) => row.user_id !== contributor);
  await t.db.query(
    `INSERT INTO user_supervisions (supervisor_id, learner_id)
     SELECT $1, l FROM unnest($2::int4[]) l WHERE NOT EXISTS (
       SELECT 1 FROM user_supervisions s WHERE s.supervisor_id = $1 AND s.learner_id = l AND s.course_id IS NULL)`,
    [contributor, [...new Set(followed.map((row) => row.user_id))]],
  );
  const first = new Set(followed.map((row) => row.id));
  const pool = idsOf(aPools.contributor, 'participations');
  aPools.contributor.set('participations', [
    ...pool.filter((id) => first.has(id)),
    ...pool.filter((id) => !first.has(id)),
  ]);
  // A's figures count A's rows made above; once B has rows, they are refreshed again and must not move.
  await refreshLearningAggregates(t.db);
});

afterAll(async () => {
  console.log(`Tenancy: ${cases} cases, ${leakCount.total} leaks`);
  await t?.close();
});

describe('structure A facing structure B', () => {
  let bBefore: Snapshot;
  let bSnapshotRows: Pools;
  let bViewBefore: Map<string, string>;

  it(
    'A sees the same before and after B has rows, whatever X-Structure it sends, and never one of B’s rows',
    { timeout: 300_000 },
    async () => {
      const leaks: string[] = [];
      const baseline = await readViews((who) => callers[who]);

      // B's rows: one of every resource (a course tree, a ticket with messages and notes, documents with their
      // files, a plan...), made by B's administrator and by platform staff working in B; and B's rows of the
      // demo data.
      const bPools: Pools = new Map(
        declarations
          .filter((candidate) => !isTenant(candidate))
          .map((declaration) => [declaration.name, [...idsOf(aPools.admin, declaration.name)]]),
      );
      const bUsers = (
        await t.db.query<{ id: number }>('SELECT id FROM users WHERE company_id = $1 ORDER BY id', [B])
      ).map((row) => row.id);
      addTo(bPools, 'users', ...bUsers);
      await fillStructure(t, bodies, { member: bAdmin, platform: platformInB }, bPools, bWords);
      const plans = (await t.request('GET', '/api/public/plans')).json as { id: number; price: number }[];
      const subscribed = t.request('POST', '/api/subscribe', {
        as: 'superadmin',
        body: { plan: plans.find((plan) => plan.price > 0)?.id, company: iri('companies', B) },
      });
      bIntent = (await must(subscribed, 'A plan of B')).json.setupIntent.id;
      // B's administrator receives B's weekly figures: A never reads nor ends that subscription.
      await must(send(t, bAdmin, 'PUT', '/api/learning/report-subscription'), "B's weekly report");
      const ids = async (sql: string, params: unknown[]) =>
        (await t.db.query<{ id: number }>(sql, params)).map((row) => row.id);
      addTo(
        bPools,
        'user-connections',
        ...(await ids('SELECT id FROM user_connections WHERE user_id = ANY($1::int4[]) ORDER BY id DESC LIMIT 3', [
          bUsers,
        ])),
      );
      addTo(
        bPools,
        'error-calls',
        ...(await ids(`SELECT id FROM error_calls WHERE details ->> 'message' = $1`, [bWords])),
      );
      for (const [resource, rows] of [...bPools, ...(await structureRows(t, B, SEED_ROWS_ATTACKED))])
        if (declarationsByName.has(resource) && isTenant(declarationsByName.get(resource)!))
          addTo(bTargets, resource, ...rows);
      for (const [resource, rows] of [...bTargets, ...(await structureRows(t, B))])
        bAll.set(resource, new Set([...(bAll.get(resource) ?? []), ...rows]));
      const without = declarations.filter(
        (declaration) => isTenant(declaration) && idsOf(bTargets, declaration.name).length === 0,
      );
      expect(
        without.map((declaration) => declaration.name),
        'resources of structures without a row of B to attack',
      ).toEqual([]);

      await refreshLearningAggregates(t.db);
      const after = await readViews((who) => callers[who]);
      const plain = await readViews((who) => callers[who], 'application/json');
      const headed = await readViews((who) => withHeader(callers[who]));
      for (const [key, answer] of after) {
        cases += 3;
        const before = baseline.get(key)!;
        if (comparable(answer, []) !== comparable(before, []))
          leaks.push(
            `${key} changed once B had rows: ${before.status} ${before.body.slice(0, 200)}\n  -> ${answer.status} ${answer.body.slice(0, 300)}`,
          );
        if (comparable(headed.get(key)!, []) !== comparable(answer, []))
          leaks.push(
            `${key} changed with X-Structure: B: ${headed.get(key)!.status} ${headed.get(key)!.body.slice(0, 300)}`,
          );
        for (const [variant, response] of [
          ['', answer],
          [' (JSON)', plain.get(key)!],
          [' with X-Structure: B', headed.get(key)!],
        ] as const) {
          const mention = mentionOfB(response.body);
          if (mention) leaks.push(`${key}${variant} names ${mention}: ${response.body.slice(0, 300)}`);
        }
      }
      for (const route of routes)
        if (route.method === 'GET' && paramsOf(route).join() !== 'id') covered.add(routeKey(route));
      bSnapshotRows = new Map([...bTargets, ['users', bUsers], ['companies', [B]]]);
      bBefore = await snapshot(t, bSnapshotRows);
      bViewBefore = await bView();
      expectNoLeak(leaks);
    },
  );

  const controls = new Map<string, { item: Case; url: string }>();

  it(
    'cannot tell a row of B from a row that does not exist: by path, body, query, filter or search',
    { timeout: 600_000 },
    async () => {
      const leaks: string[] = [];
      const all = attackCases({
        routes,
        bodies,
        pools: aPools,
        targets: bTargets,
        words: aWords,
        marker,
        intent: bIntent,
      });
      const twins = new Map<string, Promise<TestResponse>>();
      const request = (item: Case, value: string, url = item.url) =>
        t.request(item.method, url.replaceAll('{value}', value), {
          token: callers[item.who].token,
          ...(item.header ? { headers: { 'x-structure': String(B) } } : {}),
          ...(item.body !== undefined
            ? { rawBody: item.body.replaceAll('{value}', value), contentType: item.contentType }
            : {}),
        });
      const toothless: string[] = [];
      async function run(item: Case) {
        const key = `${item.who} ${item.header} ${item.method} ${item.url} ${item.body}`;
        // Kept in the cases' order (the routes'), whichever answer comes first.
        if (item.control)
          controls.set(`${item.who} ${item.method} ${item.control} ${item.body ?? ''}`, { item, url: item.control });
        if (!twins.has(key)) twins.set(key, request(item, item.missing));
        const answer = await request(item, item.value);
        const twin = await twins.get(key)!;
        cases++;
        covered.add(routeKey(item.route));
        const as = `as A's ${item.who}${item.header ? ' with X-Structure: B' : ''}`;
        if (comparable(answer, [item.value, item.missing]) !== comparable(twin, [item.value, item.missing]))
          leaks.push(
            `${item.label}: ${item.method} ${item.url.replaceAll('{value}', item.value)} ${as}: ${answer.status} ${answer.body.slice(0, 300)}\n  a missing one: ${twin.status} ${twin.body.slice(0, 200)}`,
          );
        if (
          item.field &&
          answer.status !== 403 &&
          !(answer.status === 422 && violationPaths(answer).some((path) => path.startsWith(item.field!)))
        )
          toothless.push(
            `${item.label}: ${item.method} ${item.url} ${as}: ${answer.status} ${answer.body.slice(0, 200)}`,
          );
      }
      // Deletes last: a leak there would take rows from the other requests.
      await inBatches(
        all.filter((item) => item.method !== 'DELETE'),
        run,
      );
      await inBatches(
        all.filter((item) => item.method === 'DELETE'),
        run,
      );
      console.log(`Tenancy attack: ${all.length} requests naming B's rows, ${twins.size} twins naming missing ones`);

      // Each request on B's row proves something only if the same request works on A's own row. One at a time, in
      // the routes' order: a control may need what an earlier one did to the same row (a discard, a publish).
      for (const { item, url } of [...controls.values()].filter(({ item }) => item.method !== 'DELETE')) {
        const answer = await request(item, '', url);
        if (answer.status >= 300 && answer.status !== 403)
          toothless.push(
            `control on A's own row: ${item.method} ${url} as A's ${item.who}: ${answer.status} ${answer.body.slice(0, 200)}`,
          );
      }
      expectNoLeak(leaks);
      expect
        .soft(
          toothless,
          `${toothless.length} requests decided on something else than B's row:\n${toothless.slice(0, 30).join('\n')}`,
        )
        .toEqual([]);
    },
  );

  it('creates what A creates in A, whatever its body or X-Structure say', { timeout: 300_000 }, async () => {
    const leaks: string[] = [];
    const creates: {
      who: Who;
      url: string;
      body?: unknown;
      caller: Caller;
      table: string;
      upload?: Record<string, string>;
    }[] = [];
    for (const who of WHO) {
      for (const [index, declaration] of declarations
        .filter(
          (candidate) =>
            isTenant(candidate) &&
            routes.some((route) => route.method === 'POST' && route.url === `/api/${candidate.name}`),
        )
        .entries())
        for (const [variant, caller, extra] of [
          [2 * index + 2, callers[who], { company: iri('companies', B) }],
          [2 * index + 3, withHeader(callers[who]), {}],
        ] as const) {
          const body = bodies.create(declaration, aPools[who], aWords, variant);
          if (body)
            creates.push({
              who,
              url: `/api/${declaration.name}`,
              body: { ...body, ...extra },
              caller,
              table: declaration.table,
            });
        }
      for (const route of routes.filter(
        (candidate) => candidate.method === 'POST' && /\/:id\/copy$/.test(candidate.url),
      )) {
        const declaration = resourceOf(route)!;
        creates.push({
          who,
          url: fillParams(route.url, ownRow(who, declaration.name)),
          body: schemaBody(route, () => undefined),
          caller: withHeader(callers[who]),
          table: declaration.table,
        });
      }
      creates.push({
        who,
        url: '/api/documents/upload',
        caller: withHeader(callers[who]),
        table: 'documents',
        upload: { context: 'support', company: String(B) },
      });
    }
    for (const create of creates) {
      const answer = create.upload
        ? await upload(t, create.caller, create.upload)
        : await send(t, create.caller, 'POST', create.url, create.body);
      cases++;
      covered.add(`POST ${create.url.replace(/\/\d+\//, '/:id/')}`);
      if (answer.status >= 300 || !(await hasStructureColumn(create.table))) continue;
      const [row] = await t.db.query<{ company_id: number | null }>(
        `SELECT company_id FROM ${ident(create.table)} WHERE id = $1`,
        [answer.json.id],
      );
      if (row?.company_id !== A)
        leaks.push(
          `POST ${create.url} as A's ${create.who} ${JSON.stringify(create.body ?? create.upload)}: created ${create.table} ${answer.json.id} in structure ${row?.company_id}`,
        );
    }
    const before = await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0) AS id FROM error_calls');
    for (const who of WHO)
      await send(t, withHeader(callers[who]), 'POST', '/api/errorCall', { url: 'https://a.exemple.fr/' });
    for (const row of await t.db.query<{ company_id: number | null }>(
      'SELECT company_id FROM error_calls WHERE id > $1',
      [before[0].id],
    )) {
      cases++;
      if (row.company_id !== A)
        leaks.push(`POST /api/errorCall with X-Structure: B: reported for structure ${row.company_id}`);
    }
    expectNoLeak(leaks);
  });

  it(
    'changes no row of B, and nothing B sees, by any other route (account, plan, public calls...)',
    { timeout: 300_000 },
    async () => {
      const leaks: string[] = [];
      const bRow = (resource: string) => idsOf(bTargets, resource)[0] ?? idsOf(aPools.admin, resource)[0];
      // Sessions end last: signing out everywhere ends the persona's own.
      const rest = routes.filter((route) => !covered.has(routeKey(route)) && !/^\/api\/events/.test(route.url));
      const ordered = [
        ...rest.filter((route) => !route.url.endsWith('/sign-out-everywhere')),
        ...rest.filter((route) => route.url.endsWith('/sign-out-everywhere')),
      ];
      for (const route of ordered)
        for (const who of WHO) {
          const declaration = resourceOf(route);
          const url = fillParams(route.url, declaration ? (ownRow(who, declaration.name) ?? '1') : '1');
          const body = ['GET', 'DELETE'].includes(route.method)
            ? undefined
            : declaration && /^\/api\/[^/]+(\/:id)?$/.test(route.url)
              ? bodies.update(declaration, aWords)
              : schemaBody(route, bRow, true);
          const answer = await send(t, withHeader(callers[who]), route.method, url, body);
          cases++;
          covered.add(routeKey(route));
          const mention = mentionOfB(answer.body, JSON.stringify(body ?? '').match(/\/api\/[a-z-]+\/\d+/g) ?? []);
          if (mention)
            leaks.push(
              `${route.method} ${url} ${JSON.stringify(body)} as A's ${who} with X-Structure: B names ${mention}: ${answer.body.slice(0, 300)}`,
            );
        }
      for (const who of WHO) callers[who] = { token: await t.tokenFor(who) };

      const bAfter = await snapshot(t, bSnapshotRows);
      for (const change of changes(bBefore, bAfter)) leaks.push(`B's row ${change}`);
      const bViewAfter = await bView();
      for (const [url, before] of bViewBefore) {
        cases++;
        if (bViewAfter.get(url) !== before)
          leaks.push(`What B's administrator sees of GET ${url} changed: ${before}\n  -> ${bViewAfter.get(url)}`);
      }
      cases += bBefore.size;
      expectNoLeak(leaks);
    },
  );

  it('streams none of B’s tickets’ events to A, live or replayed', { timeout: 120_000 }, async () => {
    const leaks: string[] = [];
    const open = async (caller: Caller, headers: Record<string, string> = {}) => {
      const { json } = await send(t, caller, 'POST', '/api/events/ticket');
      const stream = await openStream(`${baseUrl}/api/events?ticket=${encodeURIComponent(json.ticket)}`, headers);
      await stream.next((event) => event.event === 'ready');
      return stream;
    };
    const streams = {
      "A's admin": await open(callers.admin),
      "A's admin, ticket asked with X-Structure: B": await open(withHeader(callers.admin)),
      "A's contributor": await open(callers.contributor),
      "A's admin, replaying everything": await open(callers.admin, { 'last-event-id': '0' }),
    };
    covered.add('POST /api/events/ticket').add('GET /api/events');
    try {
      for (const ticket of idsOf(bTargets, 'tickets'))
        await send(t, bAdmin, 'PUT', `/api/tickets/${ticket}/add-message`, {
          message: `${bWords} en direct`,
          status: 'treated',
        });
      // Then A's own tickets change: once their events are in, B's (committed before) would be too.
      const aTickets = { admin: ownRow('admin', 'tickets'), contributor: ownRow('contributor', 'tickets') };
      for (const ticket of Object.values(aTickets))
        await send(t, callers.admin, 'PUT', `/api/tickets/${ticket}/add-message`, {
          message: 'En direct',
          status: 'treated',
        });
      const about = (ticket: number) => (event: StreamEvent) =>
        event.event === 'tickets' && JSON.parse(event.data).ticket === ticket;
      for (const [name, stream] of Object.entries(streams)) {
        await stream.next(about(name.includes('contributor') ? aTickets.contributor : aTickets.admin));
        const bTickets = bAll.get('tickets') ?? new Set<number>();
        cases += bTickets.size;
        for (const event of stream.events.filter(
          (candidate) => candidate.event === 'tickets' && bTickets.has(JSON.parse(candidate.data).ticket),
        ))
          leaks.push(`${name}'s stream carried an event of B's ticket: ${event.id} ${event.data}`);
      }
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
    expectNoLeak(leaks);
  });

  it('was attacked on every route of the table', () => {
    console.log(`Tenancy: ${cases} cases over ${routes.length} routes`);
    expect(routes.filter((route) => !covered.has(routeKey(route))).map(routeKey)).toEqual([]);
  });
});
