import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { join } from 'node:path';

/** Where Debian installs HAProxy (`apt-get install -y haproxy`). */
const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((path) => existsSync(path));

/** How often HAProxy asks each process's readiness, and how many answers turn it down or up. */
export const CHECK_INTERVAL_MS = 500;
const FALL = 2;
const RISE = 2;

export interface Backend {
  name: string;
  port: number;
}

/**
 * The configuration README.md's "Running on several machines" shows, with loopback addresses: round-robin
 * over the processes, each taken out while `GET /api/health/ready` is not a 200 (a dead or stopping process);
 * a request whose connection a process refused is sent to another one (`redispatch`), never one that a
 * process may have received (a write is not replayed). Live event streams are long responses: the client
 * and server timeouts are above the streams' 25 s heartbeat.
 */
export function haproxyConfig(options: { port: number; socket: string; backends: Backend[] }): string {
  return `global
  maxconn 4096
  stats socket ${options.socket} mode 600 level admin

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout http-request 10s
  # A check may take as long as the readiness answer allows itself (2 s) before it counts as failed: by
  # default it would be 'inter', and a busy process would be taken out for answering slowly.
  timeout check 3s
  retries 2
  option redispatch

frontend api
  bind 127.0.0.1:${options.port}
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server check inter ${CHECK_INTERVAL_MS} fall ${FALL} rise ${RISE}
${options.backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`).join('\n')}
`;
}

export interface Proxy {
  url: string;
  /** HAProxy's process, for the CPU it takes. */
  pid(): number | undefined;
  /** HAProxy's view of each process: `UP`, `DOWN`, `MAINT`, `UP 1/2`... */
  states(): Promise<Record<string, string>>;
  /** Waits until HAProxy sees `name` in `state` (`UP`, `DOWN`, `MAINT`). */
  waitFor(name: string, state: string, timeoutMs?: number): Promise<void>;
  /** One column of HAProxy's statistics (`show stat`: `stot`, `connect`, `reuse`...) for each process. */
  statistic(column: string): Promise<Record<string, string>>;
  /** How many HTTP answers each process has given through the proxy so far. */
  answered(): Promise<Record<string, number>>;
  /** Takes a process out of the rotation (maintenance) or puts it back, as an operator would. */
  setEnabled(name: string, enabled: boolean): Promise<void>;
  stop(): Promise<void>;
  /** Ends HAProxy at once (an exit handler's way). */
  kill(): void;
}

/** One command to HAProxy's runtime API (the stats socket); answers its output. */
function runtime(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const connection = createConnection(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk) => (output += chunk));
    connection.on('end', () => resolve(output));
    connection.on('error', reject);
  });
}

/** Starts HAProxy in the foreground on 127.0.0.1:`port` (a free one), its socket and configuration in `dir`. */
export async function startHaproxy(options: { dir: string; port: number; backends: Backend[] }): Promise<Proxy> {
  if (!HAPROXY) throw new Error('HAProxy is not installed (apt-get install -y haproxy).');
  const socket = join(options.dir, 'haproxy.sock');
  const file = join(options.dir, 'haproxy.cfg');
  await writeFile(file, haproxyConfig({ port: options.port, socket, backends: options.backends }));
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));

  /** One column of HAProxy's statistics, for each server of the backend. */
  const column = async (name: string) => {
    const csv = await runtime(socket, 'show stat');
    const [header, ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const [proxy, server, wanted] = ['pxname', 'svname', name].map((title) => columns.indexOf(title));
    const result: Record<string, string> = {};
    for (const row of rows.map((line) => line.split(',')))
      if (row[proxy] === 'servers' && row[server] !== 'BACKEND') result[row[server]] = row[wanted];
    return result;
  };
  const states = () => column('status');
  const waitFor = async (name: string, state: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let seen: string | undefined;
    for (;;) {
      seen = (await states().catch(() => ({}) as Record<string, string>))[name];
      if (seen === state) return;
      if (Date.now() > deadline)
        throw new Error(`HAProxy did not see ${name} ${state} within ${timeoutMs} ms (it sees ${seen}).\n${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy stopped at start-up:\n${errors}`);
    if (
      await states().then(
        () => true,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`HAProxy did not start within 10 s:\n${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: `http://127.0.0.1:${options.port}`,
    pid: () => child.pid,
    statistic: column,
    states,
    waitFor,
    async answered() {
      const answers = await Promise.all(
        ['hrsp_1xx', 'hrsp_2xx', 'hrsp_3xx', 'hrsp_4xx', 'hrsp_5xx', 'hrsp_other'].map(column),
      );
      return Object.fromEntries(
        Object.keys(answers[0]).map((server) => [
          server,
          answers.reduce((sum, counts) => sum + Number(counts[server] || 0), 0),
        ]),
      );
    },
    async setEnabled(name, enabled) {
      await runtime(socket, `set server servers/${name} state ${enabled ? 'ready' : 'maint'}`);
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
