import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { REQUEST_ID_ATTRIBUTE } from '../../server/telemetry/spanPolicy.ts';
import { freePort } from '../support/freePort.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlpReceiver.ts';
import { call, expectOk } from './support/client.ts';
import { startCluster, type ScaleCluster } from './support/cluster.ts';

/**
 * Tracing on a real deployment: one `server/main.ts` process on PostgreSQL (the pg instrumentation only
 * applies there), exporting to an OTLP/HTTP JSON receiver of this test. One request must arrive as one
 * trace, HTTP server span → Fastify's request → its handler → pg statements, named by the request id the
 * load balancer sent, and without what the request carried (e-mail, password, token, query string).
 */
const SERVER_KIND = 2;
const HTTP_SCOPE = '@opentelemetry/instrumentation-http';
const FASTIFY_SCOPE = '@fastify/otel';
const PG_SCOPE = '@opentelemetry/instrumentation-pg';
const ADMIN = 'admin@demo.fr';

let receiver: OtlpReceiver;
let cluster: ScaleCluster;
let server: string;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  cluster = await startCluster({
    processes: 1,
    // A short batch delay: the spans of a request arrive within a fraction of a second.
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' },
  });
  // Straight to the process: the proxy adds nothing, and its health checks are traces of their own.
  server = cluster.processes[0].url;
});
afterAll(async () => {
  await cluster?.stop();
  await receiver?.stop();
});

const requestId = (what: string) => `${what}-${randomBytes(6).toString('hex')}`;

/** The server span named by `id` and its trace, once the handler's statements have arrived too. */
function traceOf(id: string) {
  return receiver.waitFor(() => {
    const root = receiver
      .spans()
      .find(
        (span) =>
          span.scope === HTTP_SCOPE && span.kind === SERVER_KIND && span.attributes[REQUEST_ID_ATTRIBUTE] === id,
      );
    if (!root) return undefined;
    const trace = receiver.spans().filter((span) => span.traceId === root.traceId);
    return trace.some((span) => span.scope === PG_SCOPE) ? { root, trace } : undefined;
  });
}

/** The chain of parents from `span` up, within `trace`. */
function ancestors(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const chain: ReceivedSpan[] = [];
  for (let at = span; ;) {
    const parent = trace.find((candidate) => candidate.spanId === at.parentSpanId);
    if (!parent) return chain;
    chain.push(parent);
    at = parent;
  }
}

/** Every attribute value, event and status of a trace, as text, to look for what must not be there. */
const everythingSent = (trace: ReceivedSpan[]) =>
  JSON.stringify(trace.map((span) => [span.name, span.attributes, span.raw.events, span.raw.status]));

describe('traces exported over OTLP', () => {
  it('sends a sign-in as one tree, HTTP → Fastify → pg, named by the request id it was sent', async () => {
    const id = requestId('sign-in');
    const signIn = await call(server, 'POST', '/api/auth/token', {
      body: { login: ADMIN, password: DEMO_PASSWORD },
      headers: { 'x-request-id': id },
    });
    expectOk(signIn, 'sign-in');
    expect(signIn.headers.get('x-request-id')).toBe(id);

    const { root, trace } = await traceOf(id);
    expect(root.parentSpanId).toBe('');
    expect(root.name).toBe('POST /api/auth/token');
    expect(root.resource['service.name']).toBe('lms-backoffice');
    expect(new Set(trace.map((span) => span.traceId))).toEqual(new Set([root.traceId]));

    const request = trace.find((span) => span.scope === FASTIFY_SCOPE && span.name === 'request');
    expect(request?.parentSpanId).toBe(root.spanId);
    expect(request?.attributes[REQUEST_ID_ATTRIBUTE]).toBe(id);
    expect(request?.attributes['http.route']).toBe('/api/auth/token');
    const handler = trace.find((span) => span.scope === FASTIFY_SCOPE && span.parentSpanId === request?.spanId);
    expect(handler?.name).toMatch(/^handler/);

    const statements = trace.filter((span) => span.scope === PG_SCOPE);
    expect(statements.length).toBeGreaterThan(0);
    // The statements of the handler: beneath its span, beneath Fastify's, beneath the server's.
    const underHandler = statements.filter((span) =>
      ancestors(span, trace).some((up) => up.spanId === handler?.spanId),
    );
    expect(underHandler.length).toBeGreaterThan(0);
    expect(ancestors(underHandler[0], trace).map((span) => span.spanId)).toEqual(
      expect.arrayContaining([handler!.spanId, request!.spanId, root.spanId]),
    );
    // With their text and placeholders, never the values bound to them.
    expect(statements.some((span) => /\$1/.test(String(span.attributes['db.query.text'])))).toBe(true);

    const sent = everythingSent(trace);
    for (const secret of [ADMIN, DEMO_PASSWORD, signIn.json.token, signIn.json.refreshToken].filter(Boolean))
      expect(sent).not.toContain(secret);
  });

  it('keeps a searched e-mail and the bearer token out of the spans of a list', async () => {
    const { token } = (
      await call(server, 'POST', '/api/auth/token', { body: { login: ADMIN, password: DEMO_PASSWORD } })
    ).json as { token: string };
    const id = requestId('list');
    const list = await call(server, 'GET', `/api/users?q=${encodeURIComponent(ADMIN)}`, {
      token,
      headers: { 'x-request-id': id },
    });
    expectOk(list, 'users list');

    const { root, trace } = await traceOf(id);
    expect(root.attributes['http.route']).toBe('/api/users');
    const sent = everythingSent(trace);
    expect(sent).not.toContain(ADMIN);
    expect(sent).not.toContain(encodeURIComponent(ADMIN));
    expect(sent).not.toContain(token);
    for (const span of trace) expect(Object.keys(span.attributes)).not.toContain('url.query');
  });

  it('continues a caller’s trace and still answers with the request id the load balancer sent', async () => {
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const id = requestId('traced');
    const health = await call(server, 'GET', '/api/health/ready', {
      headers: { 'x-request-id': id, traceparent: `00-${traceId}-${parentId}-01` },
    });
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toBe(id);

    const root = await receiver.waitFor(() =>
      receiver.spans().find((span) => span.scope === HTTP_SCOPE && span.attributes[REQUEST_ID_ATTRIBUTE] === id),
    );
    expect(root.traceId).toBe(traceId);
    expect(root.parentSpanId).toBe(parentId);
  });

  it('traces nothing of a request its caller chose not to trace, not even its statements', async () => {
    const { token } = (
      await call(server, 'POST', '/api/auth/token', { body: { login: ADMIN, password: DEMO_PASSWORD } })
    ).json as { token: string };
    const untracedTrace = randomBytes(16).toString('hex');
    const untraced = requestId('untraced');
    const skipped = await call(server, 'GET', '/api/tags', {
      token,
      headers: { 'x-request-id': untraced, traceparent: `00-${untracedTrace}-${randomBytes(8).toString('hex')}-00` },
    });
    expectOk(skipped, 'tags list, untraced');
    expect(skipped.headers.get('x-request-id')).toBe(untraced);

    // A traced request after it: once its spans have arrived, the untraced one's would have too.
    const traced = requestId('after');
    expectOk(await call(server, 'GET', '/api/tags', { token, headers: { 'x-request-id': traced } }), 'tags list');
    await traceOf(traced);
    const spans = receiver.spans();
    expect(spans.filter((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === untraced)).toEqual([]);
    expect(spans.filter((span) => span.traceId === untracedTrace)).toEqual([]);
  });
});

/** What tests/support/resolutionWatch.mjs prints before each module of node_modules a process resolves. */
const RESOLVED = 'RESOLVED ';
const watchResolutions = fileURLToPath(new URL('../support/resolutionWatch.mjs', import.meta.url));

describe('without a collector', () => {
  it('loads no module of OpenTelemetry', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'untraced-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', watchResolutions, 'server/main.ts'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
        DATABASE_URL: '',
        SEED: 'none',
        SKIP_BUILD: '1',
        DIST_DIR: join(dir, 'no-app'),
        STAND_INS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    try {
      const deadline = Date.now() + 120_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (answer) => answer.ok,
          () => false,
        ))
      ) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The server did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
    const packages = output.split('\n').filter((line) => line.startsWith(RESOLVED));
    // The hook did see the app's packages load, so that what follows is not true of an empty list.
    expect(packages.some((line) => line.includes('/node_modules/fastify/'))).toBe(true);
    expect(packages.some((line) => line.includes('/node_modules/@electric-sql/pglite/'))).toBe(true);
    expect(packages.filter((line) => /@opentelemetry|@fastify\/otel|in-the-middle/.test(line))).toEqual([]);
  }, 180_000);
});
