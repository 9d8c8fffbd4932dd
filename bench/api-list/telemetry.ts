/**
 * What metrics and tracing cost the list: page 1 on PostgreSQL served by two servers of the same code and
 * data, one plain ("off") and one with /metrics served and scraped every second and every request traced
 * ("on"), measured in alternation so that a drift of the machine weighs on both alike.
 *
 * "On" is the real thing: the SDK with its HTTP, Fastify and pg instrumentations, every request sampled,
 * batches exported as OTLP/HTTP JSON to a receiver in this process that counts what arrives without
 * decoding it (a collector would run on another machine). The Prometheus counters exist in both: the app
 * always counts (no setting turns that off); "on" adds serving and scraping them.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { startOtlpReceiver } from '../../tests/support/otlpReceiver.ts';
import { snapshot, usageBetween } from './cpu.ts';
import { startServer, stopServer } from './serverProcess.ts';
import type { ReadyInfo } from './protocol.ts';

export type TelemetryMode = 'off' | 'on';

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

export interface TelemetryRun {
  path: string;
  measures: TelemetryMeasure[];
  /** Mean req/s of each mode over the rounds, and on / off. */
  off: number;
  on: number;
  ratio: number;
  /** What the "on" server exported meanwhile. */
  exports: number;
  exportedBytes: number;
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
  const receiver = await startOtlpReceiver({ decode: false });
  const metricsToken = randomBytes(16).toString('hex');
  const servers: Served[] = [];
  try {
    for (const mode of ['off', 'on'] as const) {
      console.log(`\n== Télémétrie ${mode} : démarrage du serveur (${settings.users} utilisateurs)…`);
      const env: Record<string, string> = {
        BENCH_DATA_DIR: settings.dataDir(`telemetry-${mode}`),
        BENCH_DATABASE_URL: settings.createDatabase(`bench_telemetry_${mode}`),
        BENCH_USERS: String(settings.users),
        BENCH_PAGE1_URL: settings.path,
        // Off must stay off whatever the bench itself was started with.
        OTEL_EXPORTER_OTLP_ENDPOINT: mode === 'on' ? receiver.endpoint : '',
        BENCH_METRICS_TOKEN: mode === 'on' ? metricsToken : '',
      };
      const { child, info } = await startServer(env);
      servers.push({ mode, child, info, base: `http://127.0.0.1:${info.port}` });
    }
    // Measured: the traced server's CPU per request fell from 3.7 to 1.2 ms over its first 40 s of load
    // (V8 optimising the SDK's paths), the plain one's stayed at 1.0 ms.
    for (const served of servers) await load(served, settings, settings.serverWarmup);

    const measures: TelemetryMeasure[] = [];
    let scrapes = 0;
    for (let round = 1; round <= settings.rounds; round++)
      for (const served of servers) {
        await load(served, settings, settings.warmup);
        process.stdout.write(`   ${served.mode}, tour ${round} : ${settings.duration} s…`);
        const before = snapshot(served.child.pid, settings.postgresPort);
        const work = load(served, settings, settings.duration);
        const { result, scrapes: done } =
          served.mode === 'on'
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
    const mean = (mode: TelemetryMode) => {
      const rates = measures.filter((measure) => measure.mode === mode).map((measure) => measure.requestsPerSecond);
      return rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    };
    if (receiver.exports() === 0) throw new Error('Le serveur tracé n’a rien exporté : la mesure "on" ne trace pas.');
    return {
      path: settings.path,
      measures,
      off: mean('off'),
      on: mean('on'),
      ratio: mean('on') / mean('off'),
      exports: receiver.exports(),
      exportedBytes: receiver.bytes(),
      scrapes,
    };
  } finally {
    for (const served of servers) await stopServer(served.child);
    await receiver.stop();
  }
}

/** The comparison's table, and its target: "on" within 5 % of "off". */
export function printTelemetry(run: TelemetryRun, duration: number): { label: string; value: number; pass: boolean } {
  const fmt = (value: number, digits = 0) =>
    new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  console.log(`\nTélémétrie — PostgreSQL, ${run.path}, ${duration} s par mesure, en alternance`);
  console.log('  mode  tour   req/s  p99 ms  CPU serveur ms/req  autres progr. % d’un cœur');
  for (const measure of run.measures)
    console.log(
      `  ${measure.mode.padEnd(4)}  ${String(measure.round).padStart(4)}  ${fmt(measure.requestsPerSecond).padStart(6)}  ` +
        `${fmt(measure.p99Ms).padStart(6)}  ${(measure.serverCpuMsPerRequest === undefined ? '-' : fmt(measure.serverCpuMsPerRequest, 3)).padStart(18)}  ` +
        `${(measure.otherProgramsCpuPercent === undefined ? '-' : fmt(measure.otherProgramsCpuPercent)).padStart(11)}`,
    );
  console.log(
    `  moyennes : off ${fmt(run.off)} req/s, on (métriques + traces) ${fmt(run.on)} req/s = ${fmt(run.ratio * 100, 1)} % ` +
      `(${fmt(run.exports)} exports OTLP, ${fmt(run.exportedBytes / 1e6, 1)} Mo ; ${run.scrapes} lectures de /metrics)`,
  );
  const minimum = 0.95;
  return {
    label: 'PostgreSQL : page 1 avec métriques et traces ≥ 95 % de sans',
    value: run.ratio,
    pass: run.ratio >= minimum,
  };
}
