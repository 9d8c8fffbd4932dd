/**
 * `npm run bench`: throughput of a users list page (page 1 and page 1000, ordered by e-mail, 100k users)
 * against a constant answer of the same size from the same Fastify server, on PGlite and on PostgreSQL.
 * The ratios, not the raw figures, are what carries from one machine to another. bench/README.md explains.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findPostgresBin, startPostgresCluster } from '../../tests/support/postgresCluster.ts';
import { snapshot, usageBetween } from './cpu.ts';
import { startServer, stopServer } from './serverProcess.ts';
import { atExit, cleanUp } from '../support/cleanups.ts';
import type { ProfileLine, StatementCounts } from './instrument.ts';
import { compareTelemetry, printTelemetry, type TelemetryRun } from './telemetry.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const GLOBAL_WARMUP = Number(process.env.BENCH_GLOBAL_WARMUP ?? 4);
const CONNECTIONS = 10;
/** `compare` (after the lists), `only` (the comparison alone), `skip`. */
const TELEMETRY = process.env.BENCH_TELEMETRY ?? 'compare';
const TELEMETRY_ROUNDS = Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 3);
const TELEMETRY_WARMUP = Number(process.env.BENCH_TELEMETRY_WARMUP ?? 120);
/** The share of requests traced by the "sampled" server: what a production at full load would trace. */
const TRACED_SHARE = Number(process.env.BENCH_TRACED_SHARE ?? 0.1);
const PAGE1 = '/api/users?page=1&itemsPerPage=30&order[email]=asc';
const PAGE1000 = '/api/users?page=1000&itemsPerPage=30&order[email]=asc';
/**
 * A hand-written list that Fastify serialises with its response schema (the generic lists are JSON text
 * PostgreSQL built, sent as they are): the filter of user connections by user, 500 choices `{id, name}`.
 */
const FILTER_CHOICES = '/api/user-connections/filters';
const TARGETS = [
  ['/bench/constant', 'constant', 'constante'],
  [PAGE1, 'page1', 'page 1'],
  [PAGE1000, 'page1000', 'page 1000'],
  [FILTER_CHOICES, 'filterChoices', 'choix de filtre'],
] as const;
type TargetName = (typeof TARGETS)[number][1];

const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

interface Measure {
  name: TargetName;
  label: string;
  path: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU ms per request of the server process and of PostgreSQL's processes (undefined off Linux). */
  serverCpuMsPerRequest?: number;
  postgresCpuMsPerRequest?: number;
  loadGeneratorCpuMsPerRequest: number;
  /** CPU used meanwhile by other programs of the machine, in % of one core. */
  otherProgramsCpuPercent?: number;
}

interface DatabaseRun {
  database: 'pglite' | 'postgresql';
  label: string;
  totalItems: number;
  bodyBytes: number;
  demoSeedMs: number;
  scaleSeedMs: number;
  measures: Measure[];
  ratios: { page1ToConstant: number; page1000ToConstant: number; page1000ToPage1: number };
  /** What one request sends to the database, for a page 1 and for one user read (averaged over a series). */
  statements: { path: string; label: string; perRequest: StatementCounts }[];
  /** Where the server's CPU went while page 1 was loaded: the functions of most self time. */
  profile: { totalMs: number; lines: ProfileLine[] };
}

/** Requests sent one after the other to count what each sends to the database. */
const COUNTED_REQUESTS = 50;

async function countedStatements(base: string, token: string, path: string): Promise<StatementCounts> {
  const read = async (reset: boolean) =>
    (await (await fetch(`${base}/bench/statements${reset ? '?reset=1' : ''}`)).json()) as StatementCounts;
  await read(true);
  for (let i = 0; i < COUNTED_REQUESTS; i++) {
    const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200) throw new Error(`${path} a répondu ${response.status}.`);
    await response.arrayBuffer();
  }
  const total = await read(false);
  return {
    roundTrips: total.roundTrips / COUNTED_REQUESTS,
    statements: total.statements / COUNTED_REQUESTS,
    transactions: total.transactions / COUNTED_REQUESTS,
  };
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  atExit(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A wrong answer measured fast is no measurement: check the pages once before loading them. */
async function checkPages(base: string, token: string, expectedTotal: number) {
  const emails: string[][] = [];
  for (const path of [PAGE1, PAGE1000]) {
    const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } });
    if (response.status !== 200)
      throw new Error(`${path} a répondu ${response.status} : ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { 'hydra:totalItems': number; 'hydra:member': { email: string }[] };
    if (body['hydra:member'].length !== 30)
      throw new Error(`${path} : ${body['hydra:member'].length} éléments au lieu de 30.`);
    if (body['hydra:totalItems'] !== expectedTotal)
      throw new Error(`${path} : hydra:totalItems = ${body['hydra:totalItems']}, attendu ${expectedTotal}.`);
    const page = body['hydra:member'].map((member) => member.email);
    if (page.some((email, index) => index > 0 && email < page[index - 1]))
      throw new Error(`${path} : ordre par e-mail non respecté.`);
    emails.push(page);
  }
  if (emails[1][0] <= emails[0][29]) throw new Error('La page 1000 ne vient pas après la page 1.');
  const response = await fetch(base + FILTER_CHOICES, { headers: { authorization: `Bearer ${token}` } });
  const filters = (await response.json()) as { field: string; choices: { id: unknown; name: string }[] }[];
  const byUser = Array.isArray(filters) ? filters.find((filter) => filter.field === 'user') : undefined;
  if (response.status !== 200 || byUser?.choices.length !== 500)
    throw new Error(`${FILTER_CHOICES} : ${response.status}, ${byUser?.choices.length ?? 0} choix au lieu de 500.`);
}

async function load(base: string, token: string, path: string, duration: number) {
  return autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function benchDatabase(
  database: 'pglite' | 'postgresql',
  label: string,
  env: Record<string, string>,
  postgresPort?: number,
): Promise<DatabaseRun> {
  console.log(`\n== ${label} : démarrage du serveur (migrations, comptes démo, ${fmt(USERS)} utilisateurs)…`);
  const { child, info } = await startServer({ ...env, BENCH_USERS: String(USERS), BENCH_PAGE1_URL: PAGE1 });
  try {
    console.log(
      `   prêt sur le port ${info.port} : démo ${seconds(info.demoMs)}, ${fmt(USERS)} utilisateurs ${seconds(info.scaleMs)}, ` +
        `page 1 = ${fmt(info.bytes)} octets (${info.contentType})`,
    );
    const base = `http://127.0.0.1:${info.port}`;
    await checkPages(base, info.token, info.totalItems);
    if (info.totalItems !== USERS + info.demoUsers)
      throw new Error(`hydra:totalItems = ${info.totalItems}, attendu ${info.demoUsers} + ${USERS}.`);
    // V8 keeps optimising the list path (pg row parsing, serialisation) for several seconds: without this,
    // whichever list URL came first was measured ~30 % slower than the same URL measured later.
    for (const path of [PAGE1, PAGE1000, FILTER_CHOICES]) await load(base, info.token, path, GLOBAL_WARMUP);

    const firstUser = (await (
      await fetch(base + PAGE1, { headers: { authorization: `Bearer ${info.token}`, accept: 'application/json' } })
    ).json()) as { id: number }[] | { 'hydra:member': { id: number }[] };
    const itemId = (Array.isArray(firstUser) ? firstUser : firstUser['hydra:member'])[0].id;
    const statements = [
      { path: PAGE1, label: 'page 1' },
      { path: `/api/users/${itemId}`, label: 'un utilisateur' },
    ];
    const counted = [];
    for (const { path, label } of statements)
      counted.push({ path, label, perRequest: await countedStatements(base, info.token, path) });

    const measures: Measure[] = [];
    let profile: DatabaseRun['profile'] = { totalMs: 0, lines: [] };
    for (const [path, name, targetLabel] of TARGETS) {
      await load(base, info.token, path, WARMUP);
      const profiled = name === 'page1';
      if (profiled) await fetch(`${base}/bench/profile/start`, { method: 'POST' });
      process.stdout.write(`   ${targetLabel} : ${DURATION} s…`);
      const before = snapshot(child.pid, postgresPort);
      const result = await load(base, info.token, path, DURATION);
      const cpu = usageBetween(before, snapshot(child.pid, postgresPort), postgresPort);
      if (profiled)
        profile = (await (
          await fetch(`${base}/bench/profile/stop`, { method: 'POST' })
        ).json()) as DatabaseRun['profile'];
      const served = Math.max(result['2xx'] + result.non2xx, 1);
      const perRequest = (ms: number | undefined) => (ms === undefined ? undefined : ms / served);
      const measure: Measure = {
        name,
        label: targetLabel,
        path,
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        meanMs: result.latency.average,
        requests: result['2xx'] + result.non2xx,
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        serverCpuMsPerRequest: perRequest(cpu.server),
        postgresCpuMsPerRequest: perRequest(cpu.postgres),
        loadGeneratorCpuMsPerRequest: cpu.loadGenerator / served,
        otherProgramsCpuPercent: cpu.others === undefined ? undefined : (cpu.others / (DURATION * 1000)) * 100,
      };
      process.stdout.write(` ${fmt(Math.round(measure.requestsPerSecond))} req/s\n`);
      measures.push(measure);
    }
    const rate = (name: TargetName) => measures.find((measure) => measure.name === name)!.requestsPerSecond;
    return {
      database,
      label,
      totalItems: info.totalItems,
      bodyBytes: info.bytes,
      demoSeedMs: info.demoMs,
      scaleSeedMs: info.scaleMs,
      measures,
      statements: counted,
      profile,
      ratios: {
        page1ToConstant: rate('page1') / rate('constant'),
        page1000ToConstant: rate('page1000') / rate('constant'),
        page1000ToPage1: rate('page1000') / rate('page1'),
      },
    };
  } finally {
    await stopServer(child);
  }
}

const fmt = (value: number, digits = 0) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
const seconds = (ms: number) => `${fmt(ms / 1000, 1)} s`;
const percent = (ratio: number) => `${fmt(ratio * 100, 1)} %`;

function printTable(run: DatabaseRun) {
  const optional = (value: number | undefined, digits: number) => (value === undefined ? '-' : fmt(value, digits));
  const rows = [
    [
      '',
      'req/s',
      'p50 ms',
      'p99 ms',
      'moy. ms',
      'non-2xx',
      'erreurs',
      '/ constante',
      'CPU serveur',
      'CPU PG',
      'autres progr.',
    ],
    ['', '', '', '', '', '', '', '', 'ms/req', 'ms/req', '% d’un cœur'],
    ...run.measures.map((measure) => [
      measure.label,
      fmt(measure.requestsPerSecond),
      fmt(measure.p50Ms),
      fmt(measure.p99Ms),
      fmt(measure.meanMs, 2),
      String(measure.non2xx),
      String(measure.errors + measure.timeouts),
      percent(measure.requestsPerSecond / run.measures[0].requestsPerSecond),
      optional(measure.serverCpuMsPerRequest, 3),
      run.database === 'postgresql' ? optional(measure.postgresCpuMsPerRequest, 3) : '(dans le serveur)',
      optional(measure.otherProgramsCpuPercent, 0),
    ]),
  ];
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  console.log(`\n${run.label} — ${fmt(run.totalItems)} utilisateurs, ${CONNECTIONS} connexions, ${DURATION} s par URL`);
  for (const row of rows)
    console.log(
      `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ')}`,
    );
  console.log(`  page 1000 / page 1 : ${percent(run.ratios.page1000ToPage1)}`);
  for (const { label, path, perRequest } of run.statements)
    console.log(
      `  SQL par requête, ${label} (${path}) : ${fmt(perRequest.statements, 1)} instructions en ${fmt(perRequest.roundTrips, 1)} allers-retours, ${fmt(perRequest.transactions, 1)} transactions`,
    );
  console.log(
    `  CPU du serveur pendant la page 1 (profil V8, ${fmt(run.profile.totalMs)} ms hors inactivité) : les fonctions au plus de temps propre`,
  );
  for (const line of run.profile.lines)
    console.log(`    ${fmt(line.percent, 1).padStart(5)} %  ${line.function}  ${line.where}`);
}

interface TargetCheck {
  database: string;
  label: string;
  value: number;
  minimum: number;
  pass: boolean;
}

function checkTargets(runs: DatabaseRun[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const add = (run: DatabaseRun | undefined, label: string, value: (run: DatabaseRun) => number, minimum: number) => {
    if (!run) return;
    const measured = value(run);
    checks.push({
      database: run.database,
      label: `${run.label} : ${label}`,
      value: measured,
      minimum,
      pass: measured >= minimum,
    });
  };
  const postgres = runs.find((run) => run.database === 'postgresql');
  const pglite = runs.find((run) => run.database === 'pglite');
  add(postgres, 'page 1 ≥ 8 % de la route constante', (run) => run.ratios.page1ToConstant, 0.08);
  add(postgres, 'page 1000 ≥ 50 % de la page 1', (run) => run.ratios.page1000ToPage1, 0.5);
  add(pglite, 'page 1 ≥ 2 % de la route constante', (run) => run.ratios.page1ToConstant, 0.02);
  return checks;
}

async function main() {
  const started = performance.now();
  const startLoad = loadavg()[0];
  console.log(
    `Benchmark API liste : ${cpus().length} cœurs, Node ${process.version}, autocannon ${CONNECTIONS} connexions, ` +
      `${WARMUP} s de chauffe puis ${DURATION} s par URL. Charge moyenne de la machine au départ : ${fmt(startLoad, 1)}.`,
  );
  const runs: DatabaseRun[] = [];

  // BENCH_DATABASES=postgresql (or pglite) measures one of them only.
  const wanted = TELEMETRY === 'only' ? [] : (process.env.BENCH_DATABASES ?? 'pglite,postgresql').split(',');
  let telemetry: TelemetryRun | undefined;
  if (wanted.includes('pglite'))
    runs.push(await benchDatabase('pglite', 'PGlite', { BENCH_DATA_DIR: join(tempDir('bench-pglite-'), 'data') }));

  const onPostgres = wanted.includes('postgresql') || TELEMETRY === 'only';
  if (!onPostgres) {
    // Not asked for.
  } else if (!findPostgresBin()) {
    console.log('\nPostgreSQL n’est pas installé (apt-get install -y postgresql) : mesure PostgreSQL ignorée.');
  } else {
    const cluster = await startPostgresCluster();
    atExit(() => cluster.stop());
    const url = cluster.createDatabase('bench');
    const postgresPort = Number(new URL(url).port);
    if (wanted.includes('postgresql'))
      runs.push(
        await benchDatabase(
          'postgresql',
          'PostgreSQL',
          { BENCH_DATA_DIR: join(tempDir('bench-pg-'), 'data'), BENCH_DATABASE_URL: url },
          postgresPort,
        ),
      );
    if (TELEMETRY !== 'skip')
      telemetry = await compareTelemetry({
        users: USERS,
        duration: DURATION,
        warmup: WARMUP,
        serverWarmup: TELEMETRY_WARMUP,
        connections: CONNECTIONS,
        rounds: TELEMETRY_ROUNDS,
        sampledShare: TRACED_SHARE,
        path: PAGE1,
        createDatabase: (name) => cluster.createDatabase(name),
        dataDir: (name) => join(tempDir(`bench-${name}-`), 'data'),
        postgresPort,
      });
  }

  console.log('\n================ Résultats ================');
  console.log(
    `URL : constante = /bench/constant, page 1 = ${PAGE1}, page 1000 = ${PAGE1000}, choix de filtre = ${FILTER_CHOICES}`,
  );
  for (const run of runs) printTable(run);
  const busiest = Math.max(
    0,
    ...runs.flatMap((run) => run.measures.map((measure) => measure.otherProgramsCpuPercent ?? 0)),
  );
  if (busiest > 25)
    console.log(
      `\nAttention : d’autres programmes ont pris jusqu’à ${fmt(busiest)} % d’un cœur pendant les mesures ` +
        `(charge moyenne au départ ${fmt(startLoad, 1)}) : req/s et ratios en sont faussés, les ms CPU par requête beaucoup moins.`,
    );

  const checks = checkTargets(runs);
  if (telemetry) checks.push({ database: 'postgresql', minimum: 0.95, ...printTelemetry(telemetry, DURATION) });
  console.log('\nObjectifs :');
  for (const check of checks)
    console.log(`  ${check.pass ? 'PASS' : 'FAIL'}  ${check.label} — mesuré ${percent(check.value)}`);

  const broken = runs.flatMap((run) =>
    run.measures
      .filter((measure) => measure.non2xx > 0 || measure.errors > 0 || measure.timeouts > 0)
      .map(
        (measure) =>
          `${run.label} ${measure.path} : ${measure.non2xx} non-2xx, ${measure.errors} erreurs, ${measure.timeouts} timeouts`,
      ),
  );

  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `api-list-${stamp}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
        settings: {
          users: USERS,
          connections: CONNECTIONS,
          durationSeconds: DURATION,
          warmupSeconds: WARMUP,
          globalWarmupSeconds: GLOBAL_WARMUP,
        },
        loadAverageAtStart: startLoad,
        runs,
        telemetry,
        targets: checks,
        broken,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`\nChiffres enregistrés dans ${file} (durée totale ${seconds(performance.now() - started)}).`);

  if (broken.length > 0) {
    // Errors make the figures meaningless (a 401 is fast): this is a broken run, not a slow one.
    console.error(`\n!!! MESURE INVALIDE : des réponses en erreur ont été comptées !!!\n  ${broken.join('\n  ')}`);
    process.exitCode = 1;
  }
}

main()
  .catch((error) => {
    console.error('\nÉchec du benchmark :', error);
    process.exitCode = 1;
  })
  .finally(cleanUp);
