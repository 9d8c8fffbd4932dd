import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time read from /proc (Linux), so that a run says where its CPU went: into the server, into PostgreSQL,
 * or into other programs of the machine. On a 2-core machine another busy program changes req/s a lot; the
 * CPU milliseconds per request of the server and of PostgreSQL change far less, and are what to compare.
 * Elsewhere than Linux every figure is undefined and the tables say "-".
 */

// USER_HZ: 100 on every Linux architecture Node supports.
const MS_PER_TICK = 10;

function statFields(pid: number): string[] | undefined {
  try {
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** utime + stime of one process, in ms (fields 14 and 15 of /proc/<pid>/stat). */
export function processCpuMs(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK : undefined;
}

/** Busy time of all CPUs together since boot, in ms. */
export function systemBusyMs(): number | undefined {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = ticks;
    return (user + nice + system + irq + softirq + (steal ?? 0)) * MS_PER_TICK;
  } catch {
    return undefined;
  }
}

/** The postmaster listening on `port` and its children (backends, walwriter…). */
function postgresPids(port: number): number[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  let postmaster: number | undefined;
  const parents = new Map<number, number>();
  for (const entry of entries) {
    const pid = Number(entry);
    const fields = statFields(pid);
    if (!fields) continue;
    parents.set(pid, Number(fields[1]));
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/postgres$/.test(command[0]) && command.includes('-p') && command[command.indexOf('-p') + 1] === String(port))
        postmaster = pid;
    } catch {
      // The process ended meanwhile.
    }
  }
  if (postmaster === undefined) return [];
  return [...parents].filter(([pid, parent]) => pid === postmaster || parent === postmaster).map(([pid]) => pid);
}

export interface CpuSnapshot {
  system?: number;
  own: number;
  server?: number;
  postgres: Map<number, number>;
}

export interface CpuUsage {
  /** ms of CPU over the interval. */
  server?: number;
  postgres?: number;
  /** This process: the load generator. */
  loadGenerator: number;
  /** Everything else the machine ran meanwhile. */
  others?: number;
}

export function snapshot(serverPid: number | undefined, postgresPort: number | undefined): CpuSnapshot {
  const own = process.cpuUsage();
  const postgres = new Map<number, number>();
  if (postgresPort !== undefined)
    for (const pid of postgresPids(postgresPort)) {
      const ms = processCpuMs(pid);
      if (ms !== undefined) postgres.set(pid, ms);
    }
  return {
    system: systemBusyMs(),
    own: (own.user + own.system) / 1000,
    server: serverPid === undefined ? undefined : processCpuMs(serverPid),
    postgres,
  };
}

export function usageBetween(before: CpuSnapshot, after: CpuSnapshot, postgresPort: number | undefined): CpuUsage {
  const server = before.server !== undefined && after.server !== undefined ? after.server - before.server : undefined;
  let postgres: number | undefined;
  if (postgresPort !== undefined) {
    // A backend born during the interval counts whole; one that ended is lost (the pool keeps them alive).
    postgres = 0;
    for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  }
  const loadGenerator = after.own - before.own;
  const others =
    before.system !== undefined && after.system !== undefined && server !== undefined
      ? Math.max(0, after.system - before.system - server - (postgres ?? 0) - loadGenerator)
      : undefined;
  return { server, postgres, loadGenerator, others };
}
