import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../../support/freePort.ts';
import { startPostgresCluster, type PostgresCluster } from '../../support/postgresCluster.ts';
import { startS3Server, type S3StandIn } from '../../support/s3Server.ts';
import { startHaproxy, type Proxy } from './haproxy.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Readiness turns 503 this long before a stopping process stops listening: more than HAProxy needs to see
 * it (two failed checks, 500 ms apart), so that no request reaches a process that no longer answers.
 */
export const DRAIN_MS = 2_000;

/** One `node --import tsx server/main.ts` of the cluster, on its own port and DATA_DIR. */
export interface ServerProcess {
  /** Its name in the proxy (`s1`, `s2`...). */
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:<port>`: straight to this process, past the proxy. */
  readonly url: string;
  readonly dataDir: string;
  pid(): number | undefined;
  running(): boolean;
  /** What it printed (stdout and stderr) since its last start. */
  output(): string;
  /** Sends `signal` and waits until the process has exited; answers its exit code (null when killed). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Starts it again (same port, same DATA_DIR) and waits until it is ready. */
  start(): Promise<void>;
}

export interface ScaleCluster {
  /** The proxy's address: what clients use. */
  url: string;
  proxy: Proxy;
  processes: ServerProcess[];
  databaseUrl: string;
  postgresPort: number;
  s3: S3StandIn;
  jwtSecret: string;
  /** A query on the cluster's database, for what a test checks behind the API's back. */
  sql<T extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
  /** Stops everything at once, synchronously: for an exit handler (Ctrl-C), where nothing can be awaited. */
  kill(): void;
}

export interface ClusterOptions {
  /** How many server processes (3 by default). */
  processes?: number;
  /** More environment for every process (limits, log level...). */
  env?: Record<string, string>;
  /** More arguments for node itself (`--cpu-prof`...), which NODE_OPTIONS does not take. */
  nodeArgs?: string[];
}

async function waitUntilReady(process: ServerProcess, child: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${process.name} stopped at start-up:\n${process.output()}`);
    const ready = await fetch(`${process.url}/api/health/ready`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline)
      throw new Error(`${process.name} was not ready within ${timeoutMs / 1000} s:\n${process.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type OwnedProcess = ServerProcess & { launch(): ChildProcess; kill(): void };

function serverProcess(
  name: string,
  port: number,
  dataDir: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): OwnedProcess {
  let child: ChildProcess | undefined;
  let output = '';
  const self = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    pid: () => child?.pid,
    running: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    output: () => output,
    launch() {
      output = '';
      child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      return child;
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return current?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => current.once('exit', (code) => resolve(code)));
      current.kill(signal);
      return exited;
    },
    async start() {
      if (self.running()) throw new Error(`${name} is already running.`);
      await waitUntilReady(self, self.launch());
    },
    kill() {
      if (self.running()) child?.kill('SIGKILL');
    },
  };
  return self;
}

/**
 * A throw-away deployment on this machine: a PostgreSQL cluster, an S3 stand-in (s3rver), `processes`
 * server processes (same DATABASE_URL, JWT_SECRET and bucket; each its own PORT and DATA_DIR) started
 * together on an empty database (one seeds the demo, the others wait: the start-up lock), and HAProxy
 * in front, round-robin with health checks on the readiness answer. Everything on 127.0.0.1, free ports.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<ScaleCluster> {
  const cleanups: (() => Promise<void> | void)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse())
      await Promise.resolve(cleanup()).catch((error: unknown) => console.error(error));
    cleanups.length = 0;
  };
  const kills: (() => void)[] = [];
  const kill = () => {
    for (const step of kills.reverse()) {
      try {
        step();
      } catch (error) {
        console.error(error);
      }
    }
    kills.length = 0;
  };
  try {
    const dir = await mkdtemp(join(tmpdir(), 'scale-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    kills.push(() => rmSync(dir, { recursive: true, force: true }));
    let postgres: PostgresCluster | undefined = await startPostgresCluster();
    const stopPostgres = () => {
      postgres?.stop();
      postgres = undefined;
    };
    cleanups.push(stopPostgres);
    kills.push(stopPostgres);
    const databaseUrl = postgres.createDatabase('scale');
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.push(() => pool.end());
    const s3 = await startS3Server('scale-files');
    cleanups.push(() => s3.stop());

    const jwtSecret = randomBytes(32).toString('hex');
    const env: Record<string, string> = {
      ...Object.fromEntries(
        Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: jwtSecret,
      ...s3.env,
      SEED: 'demo',
      SKIP_BUILD: '1',
      // The API alone: the suite needs no built back-office.
      DIST_DIR: join(dir, 'no-app'),
      STAND_INS: '0',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      ...options.env,
    };
    const processes: OwnedProcess[] = [];
    for (let index = 1; index <= (options.processes ?? 3); index++) {
      const dataDir = join(dir, `s${index}`);
      await mkdir(dataDir, { recursive: true });
      processes.push(serverProcess(`s${index}`, await freePort(), dataDir, env, options.nodeArgs));
    }
    cleanups.push(async () => {
      await Promise.all(processes.map((server) => server.stop('SIGKILL')));
    });
    kills.push(() => processes.forEach((server) => server.kill()));
    await Promise.all(processes.map((server) => waitUntilReady(server, server.launch())));

    const proxy = await startHaproxy({
      dir,
      port: await freePort(),
      backends: processes.map(({ name, port }) => ({ name, port })),
    });
    cleanups.push(() => proxy.stop());
    kills.push(() => proxy.kill());
    for (const server of processes) await proxy.waitFor(server.name, 'UP');

    return {
      url: proxy.url,
      proxy,
      processes,
      databaseUrl,
      postgresPort: Number(new URL(databaseUrl).port),
      s3,
      jwtSecret,
      sql: async (text, params) => (await pool.query(text, params)).rows,
      stop,
      kill,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
