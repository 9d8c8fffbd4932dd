/**
 * What metrics and tracing cost the list: page 1 on PostgreSQL served by three servers of the same code
 * and data, measured in alternation so that a drift of the machine weighs on all alike: one plain ("off"),
 * and two with /metrics served and scraped every second and requests traced: "sampled" traces the share a
 * production would (BENCH_TRACED_SHARE, one in ten by default, through the standard OTEL_TRACES_SAMPLER
 * settings), "all" traces every request.
 *
 * Tracing is the real thing: the SDK with its HTTP, Fastify and pg instrumentations, batches exported as
 * OTLP/HTTP JSON to a receiver in this process (one per traced server) that counts what arrives without
 * decoding it (a collector would run on another machine). The Prometheus counters exist in all three: the
 * app always counts (no setting turns that off); the traced servers add serving and scraping them.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { startOtlpReceiver, type OtlpReceiver } from '../../tests/support/otlpReceiver.ts';
import { snapshot, usageBetween } from './cpu.ts';
import { startServer, stopServer } from './serverProcess.ts';
import type { ReadyInfo } from './protocol.ts';

export type TelemetryMode = 'off' | 'sampled' | 'all';

const MODES: readonly TelemetryMode[] = ['off', 'sampled', 'all'];

export interface TelemetryMeasure {
  mode: TelemetryMode;
  round: number;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  serverCpuMsPerRequest?: number;
  otherProgramsCpuPercent?: number;
}

export interface ModeMeans {
  requestsPerSecond: number;
  /** Mean req/s against "off"'s. */
  ratio: number;
  serverCpuMsPerRequest?: number;
  /** What the server exported meanwhile (none when off). */
  exports: number;
  exportedBytes: number;
}

export interface TelemetryRun {
  path: string;
  /** The share of requests the "sampled" server traces. */
  sampledShare: number;
  measures: TelemetryMeasure[];
  means: Record<TelemetryMode, ModeMeans>;
  scrapes: number;
}

export interface TelemetrySettings {
  users: number;
  duration: number;
  warmup: number;
  /** Seconds of load on each server before the first round: the traced one takes ~40 s to settle. */
  serverWarmup: number;
  connections: number;
  rounds: number;
  /** The share of requests the "sampled" server traces (0 to 1). */
  sampledShare: number;
  path: string;
  /** Makes a fresh PostgreSQL database for one server (each seeds its own). */
  createDatabase(name: string): string;
  dataDir(name: string): string;
  postgresPort: number;
}

interface Served {
  mode: TelemetryMode;
  child: ChildProcess;
  info: ReadyInfo;
  base: string;
  receiver?: OtlpReceiver;
}

/** The standard sampler settings each mode's server is started with. */
function samplerOf(mode: TelemetryMode, share: number): Record<string, string> {
  if (mode === 'sampled')
    return { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: String(share) };
  return { OTEL_TRACES_SAMPLER: 'parentbased_always_on', OTEL_TRACES_SAMPLER_ARG: '' };
}

const load = (served: Served, settings: TelemetrySettings, duration: number) =>
  autocannon({
    url: served.base + settings.path,
    connections: settings.connections,
    duration,
    headers: { authorization: `Bearer ${served.info.token}` },
  });

/** Scrapes /metrics every second while `work` runs, as a (busy) Prometheus would. */
async function scrapedWhile<T>(base: string, token: string, work: Promise<T>): Promise<{ result: T; scrapes: number }> {
  let scrapes = 0;
  const timer = setInterval(() => {
    void fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
      .then(async (response) => {
        if (response.status !== 200) throw new Error(`/metrics a répondu ${response.status}.`);
        await response.arrayBuffer();
        scrapes++;
      })
      .catch((error: unknown) => console.error(error));
  }, 1000);
  try {
    return { result: await work, scrapes };
  } finally {
    clearInterval(timer);
  }
}

export async function compareTelemetry(settings: TelemetrySettings): Promise<TelemetryRun> {
  const metricsToken = randomBytes(16).toString('hex');
  const servers: Served[] = [];
  try {
    for (const mode of MODES) {
      console.log(`\n== Télémétrie ${mode} : démarrage du serveur (${settings.users} utilisateurs)…`);
      const receiver = mode === 'off' ? undefined : await startOtlpReceiver({ decode: false });
      const env: Record<string, string> = {
        BENCH_DATA_DIR: settings.dataDir(`telemetry-${mode}`),
        BENCH_DATABASE_URL: settings.createDatabase(`bench_telemetry_${mode}`),
        BENCH_USERS: String(settings.users),
        BENCH_PAGE1_URL: settings.path,
        // Off must stay off whatever the bench itself was started with.
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver?.endpoint ?? '',
        BENCH_METRICS_TOKEN: receiver ? metricsToken : '',
        ...samplerOf(mode, settings.sampledShare),
      };
      const { child, info } = await startServer(env);
      servers.push({ mode, child, info, base: `http://127.0.0.1:${info.port}`, receiver });
    }
    // Measured: a traced server's CPU per request fell from 3.7 to 1.2 ms over its first 40 s of load (V8
    // optimising the SDK's paths) while the plain one's stayed at 1.0 ms, and the gap kept narrowing for
    // two minutes.
    for (const served of servers) await load(served, settings, settings.serverWarmup);

    const measures: TelemetryMeasure[] = [];
    let scrapes = 0;
    for (let round = 1; round <= settings.rounds; round++)
      for (const served of servers) {
        await load(served, settings, settings.warmup);
        process.stdout.write(`   ${served.mode}, tour ${round} : ${settings.duration} s…`);
        const before = snapshot(served.child.pid, settings.postgresPort);
        const work = load(served, settings, settings.duration);
        const { result, scrapes: done } = served.receiver
          ? await scrapedWhile(served.base, metricsToken, work)
          : { result: await work, scrapes: 0 };
        scrapes += done;
        const cpu = usageBetween(before, snapshot(served.child.pid, settings.postgresPort), settings.postgresPort);
        const answered = Math.max(result['2xx'] + result.non2xx, 1);
        const measure: TelemetryMeasure = {
          mode: served.mode,
          round,
          requestsPerSecond: result.requests.average,
          p99Ms: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
          serverCpuMsPerRequest: cpu.server === undefined ? undefined : cpu.server / answered,
          otherProgramsCpuPercent:
            cpu.others === undefined ? undefined : (cpu.others / (settings.duration * 1000)) * 100,
        };
        process.stdout.write(` ${Math.round(measure.requestsPerSecond)} req/s\n`);
        measures.push(measure);
      }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const ofMode = (mode: TelemetryMode) => measures.filter((measure) => measure.mode === mode);
    const offRate = mean(ofMode('off').map((measure) => measure.requestsPerSecond));
    const means = Object.fromEntries(
      servers.map((served) => {
        const own = ofMode(served.mode);
        const cpu = own.map((measure) => measure.serverCpuMsPerRequest);
        const rate = mean(own.map((measure) => measure.requestsPerSecond));
        if (served.receiver && served.receiver.exports() === 0)
          throw new Error(`Le serveur "${served.mode}" n’a rien exporté : il ne trace pas.`);
        return [
          served.mode,
          {
            requestsPerSecond: rate,
            ratio: rate / offRate,
            serverCpuMsPerRequest: cpu.every((ms) => ms !== undefined) ? mean(cpu as number[]) : undefined,
            exports: served.receiver?.exports() ?? 0,
            exportedBytes: served.receiver?.bytes() ?? 0,
          },
        ];
      }),
    ) as Record<TelemetryMode, ModeMeans>;
    return { path: settings.path, sampledShare: settings.sampledShare, measures, means, scrapes };
  } finally {
    for (const served of servers) {
      await stopServer(served.child);
      await served.receiver?.stop();
    }
  }
}

/**
 * The comparison's table, and its target: traced as a production would ("sampled") within 5 % of "off".
 * "all" is printed beside it: what tracing every request costs, to know before turning it up.
 */
export function printTelemetry(run: TelemetryRun, duration: number): { label: string; value: number; pass: boolean } {
  const fmt = (value: number, digits = 0) =>
    new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  const share = `${fmt(run.sampledShare * 100)} %`;
  console.log(`\nTélémétrie — PostgreSQL, ${run.path}, ${duration} s par mesure, en alternance`);
  console.log(`  off : sans traces ; sampled : ${share} des requêtes tracées ; all : toutes tracées`);
  console.log('  mode     tour   req/s  p99 ms  CPU serveur ms/req  autres progr. % d’un cœur');
  for (const measure of run.measures)
    console.log(
      `  ${measure.mode.padEnd(7)}  ${String(measure.round).padStart(4)}  ${fmt(measure.requestsPerSecond).padStart(6)}  ` +
        `${fmt(measure.p99Ms).padStart(6)}  ${(measure.serverCpuMsPerRequest === undefined ? '-' : fmt(measure.serverCpuMsPerRequest, 3)).padStart(18)}  ` +
        `${(measure.otherProgramsCpuPercent === undefined ? '-' : fmt(measure.otherProgramsCpuPercent)).padStart(11)}`,
    );
  for (const mode of MODES) {
    const means = run.means[mode];
    console.log(
      `  moyenne ${mode.padEnd(7)} : ${fmt(means.requestsPerSecond)} req/s = ${fmt(means.ratio * 100, 1)} % de off, ` +
        `CPU serveur ${means.serverCpuMsPerRequest === undefined ? '-' : fmt(means.serverCpuMsPerRequest, 3)} ms/req` +
        (mode === 'off' ? '' : ` (${fmt(means.exports)} exports OTLP, ${fmt(means.exportedBytes / 1e6, 1)} Mo)`),
    );
  }
  console.log(`  ${run.scrapes} lectures de /metrics`);
  const minimum = 0.95;
  return {
    label: `PostgreSQL : page 1 avec métriques et traces (${share}) ≥ 95 % de sans`,
    value: run.means.sampled.ratio,
    pass: run.means.sampled.ratio >= minimum,
  };
}
