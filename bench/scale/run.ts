/**
 * `npm run bench:scale`: the same load through HAProxy on 1, 2 and 3 server processes over one PostgreSQL
 * (and one S3 stand-in): 200 sessions of support staff, 70 % reads and 30 % writes, three rounds of 10 s a
 * count, the counts taking turns.
 * It prints req/s, p50/p99, errors, and the CPU milliseconds per request of the servers, of PostgreSQL and
 * of HAProxy. On two cores req/s cannot grow much; what must hold is the CPU a request costs (within 10 %
 * of one process) and no error. bench/README.md explains.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon, { type Request } from 'autocannon';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { call, signIn } from '../../tests/scale/support/client.ts';
import { startCluster, type ScaleCluster } from '../../tests/scale/support/cluster.ts';
import { processCpuMs, snapshot, usageBetween } from '../api-list/cpu.ts';
import { atExit, cleanUp } from '../support/cleanups.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
/** Seconds of one measure: a count is measured once a round. */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Seconds through the proxy after the rotation changed, before measuring: its connections to each process open. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
/** Each process is loaded alone this long at start: every count is measured on warm processes. */
const PROCESS_WARMUP = Number(process.env.BENCH_PROCESS_WARMUP ?? 15);
/**
 * Requests a second for every count (0: as many as the processes answer). Below what one process answers, every
 * count serves the same load, and the CPU per request compares the work a request costs, not how three
 * processes share two cores when each is driven flat out.
 */
const RATE = Number(process.env.BENCH_RATE ?? 300);
const COUNTS = (process.env.BENCH_COUNTS ?? '1,2,3').split(',').map(Number);
/** A folder: each server process writes its V8 CPU profile there when it stops (open it in Chrome's DevTools). */
const CPU_PROFILES = process.env.BENCH_CPU_PROF;
/** Node and V8 options for the server processes (`BENCH_NODE_ARGS="--single-threaded-gc"`), to try one. */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
/** CPU per request with 2 or 3 processes, at most this much of one process's. */
const CPU_TOLERANCE = 1.1;

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

interface Measure {
  processes: number;
  /** The round it was measured in: every round measures each count once, in a turning order. */
  round: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  serverCpuMsPerRequest?: number;
  postgresCpuMsPerRequest?: number;
  proxyCpuMsPerRequest?: number;
  loadGeneratorCpuMsPerRequest: number;
  otherProgramsCpuPercent?: number;
  /** Connections HAProxy opened to the processes, per request: each costs the process an accept and a setup. */
  newConnectionsPerRequest: number;
}

/**
 * Support staff of the platform (super admins: they work every structure's tickets and belong to none), each
 * signed in once: the sessions the load takes turns with.
 */
async function staffSessions(cluster: ScaleCluster, admin: string): Promise<string[]> {
  const password = 'Charge2026!';
  const tokens: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < SESSIONS) {
      const index = next++;
      const email = `charge.${index}@demo.fr`;
      const created = await call(cluster.url, 'POST', '/api/users', {
        token: admin,
        body: {
          email,
          firstName: 'Agent',
          lastName: `Support ${index}`,
          type: 'admin',
          roles: ['ROLE_SUPER_ADMIN'],
          password,
        },
      });
      if (created.status !== 201)
        throw new Error(
          `Creating ${email} answered ${created.status}: ${created.bytes.toString('utf8').slice(0, 200)}`,
        );
      await cluster.sql(`UPDATE users SET roles = array_remove(roles, 'ROLE_FIRST_CONNECT') WHERE id = $1`, [
        created.json.id,
      ]);
      tokens.push((await signIn(cluster.url, email, password)).token);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return tokens;
}

/**
 * One cycle of a connection, ten requests: what a support agent does on a ticket. Seven reads (the tickets
 * list, a ticket, its notes, and the courses, tags, users and documents lists) and three writes (an internal
 * note created, edited, deleted: the data stays the same size from one count to the next). The session and
 * the ticket change at each cycle.
 */
function cycle(tokens: string[], tickets: number[]): Request[] {
  let nextSession = 0;
  const as = (context: Record<string, unknown>, request: Request): Request => ({
    ...request,
    headers: {
      accept: 'application/ld+json',
      authorization: `Bearer ${String(context.token)}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
  const read = (path: (context: Record<string, unknown>) => string): Request => ({
    method: 'GET',
    setupRequest: (request, context) => as(context, { ...request, path: path(context) }),
  });
  return [
    {
      method: 'GET',
      path: '/api/tickets?type=2&page=1',
      setupRequest: (request, context) => {
        context.token = tokens[nextSession++ % tokens.length];
        context.ticket = tickets[Math.floor(Math.random() * tickets.length)];
        return as(context, request);
      },
    },
    read((context) => `/api/tickets/${String(context.ticket)}`),
    {
      method: 'POST',
      path: '/api/notes-bo',
      setupRequest: (request, context) =>
        as(context, {
          ...request,
          body: JSON.stringify({ content: 'Relancé par téléphone', ticket: `/api/tickets/${String(context.ticket)}` }),
        }),
      onResponse: (status, body, context) => {
        if (status === 201) context.note = (JSON.parse(body) as { id: number }).id;
      },
    },
    read((context) => `/api/notes-bo?ticket=${String(context.ticket)}`),
    {
      method: 'PUT',
      // Without the note (its creation failed, counted as such), the cycle starts over.
      setupRequest: (request, context) =>
        context.note === undefined
          ? undefined
          : as(context, {
              ...request,
              path: `/api/notes-bo/${String(context.note)}`,
              body: JSON.stringify({ content: 'Relancé, rappel prévu' }),
            }),
    },
    read(() => '/api/courses?page=1'),
    read(() => '/api/tags?page=1'),
    {
      method: 'DELETE',
      setupRequest: (request, context) =>
        context.note === undefined
          ? undefined
          : as(context, { ...request, path: `/api/notes-bo/${String(context.note)}` }),
    },
    read(() => '/api/users?page=1'),
    read(() => '/api/documents?page=1'),
  ];
}

/** CPU ms so far of the processes in the rotation (the first `count`): the others take no request. */
function serverCpu(cluster: ScaleCluster, count: number): number | undefined {
  let total = 0;
  for (const server of cluster.processes.slice(0, count)) {
    const ms = processCpuMs(server.pid()!);
    if (ms === undefined) return undefined;
    total += ms;
  }
  return total;
}

/** Puts the first `count` processes in HAProxy's rotation and the others in maintenance, as an operator would. */
async function rotate(cluster: ScaleCluster, count: number): Promise<void> {
  for (const [index, server] of cluster.processes.entries()) {
    await cluster.proxy.setEnabled(server.name, index < count);
    await cluster.proxy.waitFor(server.name, index < count ? 'UP' : 'MAINT');
  }
}

async function measure(cluster: ScaleCluster, processes: number, round: number, requests: Request[]): Promise<Measure> {
  const run = (duration: number) =>
    autocannon({
      url: cluster.url,
      connections: SESSIONS,
      duration,
      requests,
      timeout: 10,
      ...(RATE > 0 ? { overallRate: RATE } : {}),
    });
  await rotate(cluster, processes);
  // Through the proxy a moment, so that its connections to every process are open before measuring.
  await run(WARMUP);
  process.stdout.write(`   tour ${round}, ${processes} processus : ${DURATION} s…`);
  const proxyPid = cluster.proxy.pid();
  const connections = async () =>
    Object.values(await cluster.proxy.statistic('connect')).reduce((sum, count) => sum + Number(count || 0), 0);
  const connectedBefore = await connections();
  const before = {
    ...snapshot(undefined, cluster.postgresPort),
    servers: serverCpu(cluster, processes),
    proxy: proxyPid && processCpuMs(proxyPid),
  };
  const result = await run(DURATION);
  const after = {
    ...snapshot(undefined, cluster.postgresPort),
    servers: serverCpu(cluster, processes),
    proxy: proxyPid && processCpuMs(proxyPid),
  };
  const connected = (await connections()) - connectedBefore;
  const usage = usageBetween(before, after, cluster.postgresPort);
  const servers =
    before.servers !== undefined && after.servers !== undefined ? after.servers - before.servers : undefined;
  const proxy =
    typeof before.proxy === 'number' && typeof after.proxy === 'number' ? after.proxy - before.proxy : undefined;
  const served = Math.max(result['2xx'] + result.non2xx, 1);
  const perRequest = (ms: number | undefined) => (ms === undefined ? undefined : ms / served);
  const others =
    before.system !== undefined && after.system !== undefined && servers !== undefined
      ? Math.max(0, after.system - before.system - servers - (usage.postgres ?? 0) - (proxy ?? 0) - usage.loadGenerator)
      : undefined;
  const measured: Measure = {
    processes,
    round,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: served,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    serverCpuMsPerRequest: perRequest(servers),
    postgresCpuMsPerRequest: perRequest(usage.postgres),
    proxyCpuMsPerRequest: perRequest(proxy),
    loadGeneratorCpuMsPerRequest: usage.loadGenerator / served,
    otherProgramsCpuPercent: others === undefined ? undefined : (others / (DURATION * 1000)) * 100,
    newConnectionsPerRequest: connected / served,
  };
  process.stdout.write(
    ` ${fmt(Math.round(measured.requestsPerSecond))} req/s, serveurs ${optional(measured.serverCpuMsPerRequest, 3)} ms/req\n`,
  );
  return measured;
}

const fmt = (value: number, digits = 0) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
const optional = (value: number | undefined, digits: number) => (value === undefined ? '-' : fmt(value, digits));

/** A count's measures of every round as one: requests and CPU added up, latencies of the worst round. */
function combined(measures: Measure[]): Measure {
  const requests = measures.reduce((sum, measure) => sum + measure.requests, 0);
  const perRequest = (of: (measure: Measure) => number | undefined) =>
    measures.some((measure) => of(measure) === undefined)
      ? undefined
      : measures.reduce((sum, measure) => sum + of(measure)! * measure.requests, 0) / requests;
  return {
    ...measures[0],
    requestsPerSecond: measures.reduce((sum, measure) => sum + measure.requestsPerSecond, 0) / measures.length,
    p50Ms: Math.max(...measures.map((measure) => measure.p50Ms)),
    p99Ms: Math.max(...measures.map((measure) => measure.p99Ms)),
    requests,
    non2xx: measures.reduce((sum, measure) => sum + measure.non2xx, 0),
    errors: measures.reduce((sum, measure) => sum + measure.errors, 0),
    timeouts: measures.reduce((sum, measure) => sum + measure.timeouts, 0),
    serverCpuMsPerRequest: perRequest((measure) => measure.serverCpuMsPerRequest),
    postgresCpuMsPerRequest: perRequest((measure) => measure.postgresCpuMsPerRequest),
    proxyCpuMsPerRequest: perRequest((measure) => measure.proxyCpuMsPerRequest),
    loadGeneratorCpuMsPerRequest: perRequest((measure) => measure.loadGeneratorCpuMsPerRequest)!,
    otherProgramsCpuPercent: Math.max(...measures.map((measure) => measure.otherProgramsCpuPercent ?? 0)),
    newConnectionsPerRequest:
      measures.reduce((sum, measure) => sum + measure.newConnectionsPerRequest * measure.requests, 0) / requests,
  };
}

function printTable(measures: Measure[]) {
  const rows = [
    [
      'processus',
      'req/s',
      'p50 ms',
      'p99 ms',
      'requêtes',
      'non-2xx',
      'erreurs',
      'CPU serveurs',
      'CPU PG',
      'CPU HAProxy',
      'connexions',
      'autres progr.',
    ],
    ['', '', '', '', '', '', '', 'ms/req', 'ms/req', 'ms/req', 'par req', '% d’un cœur'],
    ...measures.map((measure) => [
      String(measure.processes),
      fmt(measure.requestsPerSecond),
      fmt(measure.p50Ms),
      fmt(measure.p99Ms),
      fmt(measure.requests),
      String(measure.non2xx),
      String(measure.errors + measure.timeouts),
      optional(measure.serverCpuMsPerRequest, 3),
      optional(measure.postgresCpuMsPerRequest, 3),
      optional(measure.proxyCpuMsPerRequest, 3),
      fmt(measure.newConnectionsPerRequest, 3),
      optional(measure.otherProgramsCpuPercent, 0),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(`  ${row.map((cell, column) => cell.padStart(widths[column])).join('  ')}`);
}

interface TargetCheck {
  label: string;
  pass: boolean;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The CPU targets compare each count with one process measured in the same round, minutes apart at most:
 * the machine's own speed drifts (a shared VM), and a ratio of neighbours drifts far less than one of the
 * first and last measures. The verdict takes the median of the rounds' ratios.
 */
function checkTargets(measures: Measure[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  for (const count of COUNTS) {
    const mine = measures.filter((measure) => measure.processes === count);
    const failed = mine.reduce((sum, measure) => sum + measure.non2xx + measure.errors + measure.timeouts, 0);
    checks.push({ label: `${count} processus : aucune erreur (${failed} non-2xx ou erreurs)`, pass: failed === 0 });
  }
  for (const count of COUNTS.filter((count) => count !== 1))
    for (const [what, of] of [
      ['serveurs', (m: Measure) => m.serverCpuMsPerRequest],
      ['PostgreSQL', (m: Measure) => m.postgresCpuMsPerRequest],
    ] as const) {
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const [base, value] = [1, count].map((processes) => {
          const measured = measures.find((measure) => measure.round === round && measure.processes === processes);
          return measured && of(measured);
        });
        if (base !== undefined && value !== undefined) ratios.push(value / base);
      }
      if (!ratios.length) continue;
      const ratio = median(ratios);
      checks.push({
        label:
          `${count} processus : CPU ${what} par requête ≤ ${fmt(CPU_TOLERANCE * 100)} % d’un processus ` +
          `(médiane ${fmt(ratio * 100, 1)} % ; tours : ${ratios.map((each) => `${fmt(each * 100, 1)} %`).join(', ')})`,
        pass: ratio <= CPU_TOLERANCE,
      });
    }
  return checks;
}

async function main() {
  const started = performance.now();
  const startLoad = loadavg()[0];
  console.log(
    `Benchmark multi-processus : ${cpus().length} cœurs, Node ${process.version}, ${SESSIONS} sessions (autocannon), ` +
      `70 % lectures / 30 % écritures, ${WARMUP} s de chauffe puis ${DURATION} s par nombre de processus. ` +
      `Charge moyenne de la machine au départ : ${fmt(startLoad, 1)}.`,
  );
  console.log('\n== démarrage : PostgreSQL, S3 (s3rver), 3 processus serveur, HAProxy…');
  const cluster = await startCluster({
    processes: Math.max(...COUNTS),
    env: { LOG_LEVEL: 'error' },
    nodeArgs: [...(CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : []), ...NODE_ARGS],
  });
  atExit(() => cluster.kill());
  try {
    const admin = (await signIn(cluster.url, 'superadmin@demo.fr', DEMO_PASSWORD)).token;
    const tokens = await staffSessions(cluster, admin);
    const tickets = (await cluster.sql<{ id: number }>('SELECT id FROM tickets WHERE type = 2 ORDER BY id')).map(
      (row) => row.id,
    );
    console.log(`   ${tokens.length} sessions ouvertes, ${tickets.length} tickets de support`);
    const requests = cycle(tokens, tickets);

    // Every process is loaded alone first (V8 optimises the hot paths over thousands of requests). Then
    // each round measures every count once, the order turning from one round to the next; a count's
    // processes are in the rotation, the others in maintenance and not counted.
    for (const server of cluster.processes)
      await autocannon({ url: server.url, connections: SESSIONS, duration: PROCESS_WARMUP, requests, timeout: 10 });
    const measures: Measure[] = [];
    for (let round = 1; round <= ROUNDS; round++)
      for (const [index] of COUNTS.entries())
        measures.push(await measure(cluster, COUNTS[(index + round - 1) % COUNTS.length], round, requests));

    console.log('\n================ Résultats ================');
    console.log(
      `Par requête : ${requests.length} requêtes par cycle (7 lectures, 3 écritures : une note interne créée, modifiée, supprimée) ; ` +
        `${ROUNDS} tours de ${DURATION} s par nombre de processus, additionnés`,
    );
    const totals = COUNTS.map((count) => combined(measures.filter((measure) => measure.processes === count)));
    printTable(totals);
    const busiest = Math.max(0, ...measures.map((measure) => measure.otherProgramsCpuPercent ?? 0));
    if (busiest > 25)
      console.log(
        `\nAttention : d’autres programmes ont pris jusqu’à ${fmt(busiest)} % d’un cœur pendant une mesure : req/s en est faussé, les ms CPU par requête beaucoup moins.`,
      );
    // HAProxy does the same work for a request whatever the number of processes behind it: when its CPU per
    // request moves, the machine's contention moved every CPU figure by about as much.
    const proxyDrift = Math.max(
      ...totals.map((measure) => (measure.proxyCpuMsPerRequest ?? 0) / (totals[0].proxyCpuMsPerRequest ?? 1)),
    );
    if (proxyDrift > CPU_TOLERANCE)
      console.log(
        `\nAttention : le CPU par requête de HAProxy, qui ne dépend pas du nombre de processus, a varié jusqu’à ${fmt(proxyDrift * 100, 0)} % ` +
          'de sa valeur à 1 processus : la machine était plus chargée pendant certaines mesures, et les CPU par requête en sont gonflés d’autant.',
      );
    const checks = checkTargets(measures);
    console.log('\nObjectifs :');
    for (const check of checks) console.log(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.label}`);

    const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
    mkdirSync(resultsDir, { recursive: true });
    const file = `${resultsDir}scale-${stamp}.json`;
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
          settings: { sessions: SESSIONS, rounds: ROUNDS, durationSeconds: DURATION, warmupSeconds: WARMUP },
          loadAverageAtStart: startLoad,
          totals,
          measures,
          targets: checks,
        },
        null,
        2,
      )}\n`,
    );
    console.log(
      `\nChiffres enregistrés dans ${file} (durée totale ${fmt((performance.now() - started) / 1000, 0)} s).`,
    );
    if (checks.some((check) => !check.pass)) process.exitCode = 1;
  } finally {
    // A process writes its CPU profile when it exits by itself, which a SIGKILL does not let it do.
    if (CPU_PROFILES) await Promise.all(cluster.processes.map((server) => server.stop('SIGTERM')));
    await cluster.stop();
  }
}

main()
  .catch((error) => {
    console.error('\nÉchec du benchmark :', error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
