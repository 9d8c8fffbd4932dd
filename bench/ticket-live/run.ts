/**
 * `npm run bench:ticket-live`: 200 back-offices listening to the live events (SSE), a support reply posted
 * (`add-message`): how long until every listener has it (p50 / p99 over all deliveries of all replies); then
 * a ticket panel's presence signals (open, typing) the same way; and the server's memory per open stream. On
 * PGlite, then on PostgreSQL (LISTEN/NOTIFY). bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { PRESENCE_BUDGET, PRESENCE_TOPIC } from '../../src/domain/presence.ts';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { atExit, cleanUp } from '../support/cleanups.ts';

const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 200);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 20);
/** Presence signals, `viewing` and `typing` in turn: within one user's presence budget. */
const SIGNALS = Math.min(Number(process.env.BENCH_SIGNALS ?? 20), PRESENCE_BUDGET.burst);
/** Between replies: each one's deliveries are measured apart from the next one's. */
const PAUSE_MS = 300;
const TARGET_P99_MS = 500;
const READY_PREFIX = 'BENCH_READY ';

const serverScript = fileURLToPath(new URL('./server.ts', import.meta.url));
const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

async function startServer(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', serverScript], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  atExit(() => child.kill('SIGKILL'));
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The bench server exited (${code}) before it was ready.`)));
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX))
        resolve((JSON.parse(line.slice(READY_PREFIX.length)) as { port: number }).port);
    });
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function json<T>(base: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(base + path, {
    ...init,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const round = (value: number) => Math.round(value * 10) / 10;

interface EventData {
  ticket: number;
  /** A ticket event's. */
  kind?: string;
  /** A presence event's. */
  state?: string;
}

interface Listener {
  /** Called with each ticket or presence event's topic and data, and the time it arrived. */
  onEvent?: (topic: string, data: EventData, at: number) => void;
  close: () => void;
}

/** One SSE client over fetch, as EventSource would be: resolves once the stream says it is ready. */
async function listen(base: string, token: string, listener: Listener): Promise<void> {
  const { ticket } = await json<{ ticket: string }>(base, '/api/events/ticket', {
    method: 'POST',
    body: '{}',
    headers: { authorization: `Bearer ${token}` },
  });
  const controller = new AbortController();
  listener.close = () => controller.abort();
  const response = await fetch(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'ready') markReady();
          else if ((event === 'tickets' || event === PRESENCE_TOPIC) && data)
            listener.onEvent?.(event, JSON.parse(data) as EventData, at);
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await ready;
}

/** One kind of event sent `sent` times, each awaited by every listener. */
interface Deliveries {
  sent: number;
  deliveries: number;
  missing: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Until the last of the 200 had it, per event. */
  allReceivedP50Ms: number;
  allReceivedP99Ms: number;
  /** The call that made the event. */
  callP50Ms: number;
}

interface DatabaseRun {
  database: 'pglite' | 'postgresql';
  listeners: number;
  replies: Deliveries;
  presence: Deliveries;
  memoryPerListenerKb: { rss: number; heap: number };
}

/**
 * Sends `count` events one after another (`send`), each time waiting until every listener has the one that
 * `expected` recognises (5 s at most: the others are missing), then a pause.
 */
async function measure(
  listeners: Listener[],
  count: number,
  send: (index: number) => Promise<unknown>,
  expected: (index: number) => (topic: string, data: EventData) => boolean,
): Promise<Deliveries> {
  const latencies: number[] = [];
  const allReceived: number[] = [];
  const calls: number[] = [];
  let missing = 0;
  for (let index = 0; index < count; index++) {
    const matches = expected(index);
    const pending = new Map<number, number>();
    listeners.forEach((listener, position) => {
      listener.onEvent = (topic, data, at) => {
        if (matches(topic, data) && !pending.has(position)) pending.set(position, at);
      };
    });
    const sentAt = performance.now();
    await send(index);
    calls.push(performance.now() - sentAt);
    const deadline = performance.now() + 5_000;
    while (pending.size < listeners.length && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    const received = [...pending.values()].map((at) => at - sentAt);
    missing += listeners.length - pending.size;
    latencies.push(...received);
    if (received.length > 0) allReceived.push(Math.max(...received));
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  latencies.sort((a, b) => a - b);
  allReceived.sort((a, b) => a - b);
  calls.sort((a, b) => a - b);
  return {
    sent: count,
    deliveries: latencies.length,
    missing,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(latencies.at(-1) ?? 0),
    allReceivedP50Ms: round(percentile(allReceived, 50)),
    allReceivedP99Ms: round(percentile(allReceived, 99)),
    callP50Ms: round(percentile(calls, 50)),
  };
}

async function runOn(database: DatabaseRun['database'], env: Record<string, string>): Promise<DatabaseRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-'));
  atExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const { base, child } = await startServer({
    BENCH_DATA_DIR: dataDir,
    LIVE_STREAMS_PER_USER: String(LISTENERS),
    ...env,
  });
  const { token } = await json<{ token: string }>(base, '/api/auth/token', {
    method: 'POST',
    body: JSON.stringify({ login: 'admin@demo.fr', password: DEMO_PASSWORD }),
  });
  const auth = { authorization: `Bearer ${token}` };
  const [ticket] = await json<{ id: number }[]>(base, '/api/tickets?type=2&itemsPerPage=1', { headers: auth });

  const before = await json<{ rss: number; heapUsed: number }>(base, '/bench/memory');
  const listeners: Listener[] = [];
  // Opened a few at a time, as back-offices arriving: 200 at once would only measure the accept queue.
  for (let index = 0; index < LISTENERS; index += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, LISTENERS - index) }, async () => {
        const listener: Listener = { close: () => undefined };
        listeners.push(listener);
        await listen(base, token, listener);
      }),
    );
  const after = await json<{ rss: number; heapUsed: number; listeners: number }>(base, '/bench/memory');
  if (after.listeners !== LISTENERS) throw new Error(`${after.listeners} streams open, ${LISTENERS} expected.`);

  const replies = await measure(
    listeners,
    REPLIES,
    (reply) =>
      json(base, `/api/tickets/${ticket.id}/add-message`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({
          message: `Réponse ${reply + 1} du banc d'essai`,
          status: reply % 2 ? 'treated' : 'created',
        }),
      }),
    () => (topic, data) => topic === 'tickets' && data.ticket === ticket.id && data.kind === 'message',
  );
  // A panel opened, then its reply box typed in, and again: each signal reaches the 200 (all staff of it).
  const stateOf = (signal: number) => (signal % 2 ? 'typing' : 'viewing');
  const presence = await measure(
    listeners,
    SIGNALS,
    (signal) =>
      json(base, `/api/tickets/${ticket.id}/presence`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ state: stateOf(signal) }),
      }),
    (signal) => (topic, data) =>
      topic === PRESENCE_TOPIC && data.ticket === ticket.id && data.state === stateOf(signal),
  );
  for (const listener of listeners) listener.close();
  child.kill('SIGTERM');

  return {
    database,
    listeners: LISTENERS,
    replies,
    presence,
    memoryPerListenerKb: {
      rss: round((after.rss - before.rss) / LISTENERS / 1024),
      heap: round((after.heapUsed - before.heapUsed) / LISTENERS / 1024),
    },
  };
}

async function main() {
  const runs: DatabaseRun[] = [];
  console.log(
    `bench/ticket-live: ${LISTENERS} listeners, ${REPLIES} replies, ${SIGNALS} presence signals; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`,
  );
  runs.push(await runOn('pglite', {}));
  console.log(JSON.stringify(runs.at(-1)));
  if (findPostgresBin()) {
    const cluster = await startPostgresCluster();
    atExit(() => cluster.stop());
    runs.push(await runOn('postgresql', { BENCH_DATABASE_URL: cluster.createDatabase('bench_live') }));
    console.log(JSON.stringify(runs.at(-1)));
  } else console.log('PostgreSQL is not installed: the PostgreSQL run is skipped.');

  console.log(
    '\n| base | events | deliveries | p50 | p99 | max | all 200 received, p50 / p99 | call p50 | memory per listener (RSS / heap) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const run of runs)
    for (const [label, kind] of [
      ['replies', run.replies],
      ['presence', run.presence],
    ] as const)
      console.log(
        `| ${run.database} | ${kind.sent} ${label} | ${kind.deliveries} (${kind.missing} missing) | ${kind.p50Ms} ms | ${kind.p99Ms} ms | ${kind.maxMs} ms | ${kind.allReceivedP50Ms} / ${kind.allReceivedP99Ms} ms | ${kind.callP50Ms} ms | ${run.memoryPerListenerKb.rss} / ${run.memoryPerListenerKb.heap} kB |`,
      );
  const met = runs.every((run) =>
    [run.replies, run.presence].every((kind) => kind.p99Ms < TARGET_P99_MS && kind.missing === 0),
  );
  console.log(`\nTarget p99 < ${TARGET_P99_MS} ms with nothing missing: ${met ? 'met' : 'NOT met'}.`);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(
    join(resultsDir, `ticket-live-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ at: new Date().toISOString(), runs }, null, 2),
  );
  cleanUp();
  process.exit(met ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  cleanUp();
  process.exit(1);
});
