import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU of every process started under this one (the server child, Chromium and its renderers), so that
 * the load measure can tell the machine's other programs apart from the benchmark itself; bench/api-list's
 * cpu.ts gives the machine's total and this process's own. Undefined elsewhere than Linux.
 */

// USER_HZ: 100 on every Linux architecture Node supports (as in bench/api-list/cpu.ts).
const MS_PER_TICK = 10;

interface ProcessTimes {
  parent: number;
  /** utime + stime + cutime + cstime: its own CPU and that of its ended children it has reaped. */
  ms: number;
}

function readTimes(pid: number): ProcessTimes | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    return { parent: Number(fields[1]), ms: ticks * MS_PER_TICK };
  } catch {
    return undefined;
  }
}

/**
 * CPU ms of the live descendants of `root`, with what their ended children took once reaped: a renderer
 * Chromium closed between two readings still counts, in its parent's children's time.
 */
export function descendantsCpuMs(root: number = process.pid): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  const times = new Map<number, ProcessTimes>();
  for (const entry of entries) {
    const read = readTimes(Number(entry));
    if (read) times.set(Number(entry), read);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of times) children.set(parent, [...(children.get(parent) ?? []), pid]);
  let total = 0;
  const pending = [...(children.get(root) ?? [])];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    total += times.get(pid)?.ms ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return total;
}
