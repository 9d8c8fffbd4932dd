import { Session } from 'node:inspector/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What the bench's server counts of its own work, for run.ts to print per request: the statements sent to
 * the database and the transactions they ran in, counted where they leave the process (node-postgres'
 * `Client.query`, PGlite's wire-protocol entry), so that what the database layer adds by itself (the scope's
 * `set_config`, BEGIN and COMMIT, a session check) is counted too.
 */
export interface StatementCounts {
  /** Calls that reached the database: one simple query or one prepared execution each. */
  roundTrips: number;
  /** Statements those calls held (a simple query may hold several, `BEGIN; SELECT set_config(...)`). */
  statements: number;
  /** Explicit transactions, plus statements that ran alone (each its own transaction). */
  transactions: number;
}

const counts: StatementCounts = { roundTrips: 0, statements: 0, transactions: 0 };

/** Top-level statements of a text: semicolons outside quotes and dollar-quoted bodies. */
function statementsOf(sql: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quote: string | undefined;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (quote) {
      if (sql.startsWith(quote, i)) {
        i += quote.length - 1;
        quote = undefined;
      }
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        quote = tag;
        i += tag.length - 1;
      }
    } else if (char === ';') {
      parts.push(sql.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(sql.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** One connection's state: inside an explicit transaction or not. */
function counter() {
  let inTransaction = false;
  return (sql: string | undefined) => {
    counts.roundTrips++;
    const statements = sql === undefined ? [''] : statementsOf(sql);
    for (const statement of statements) {
      counts.statements++;
      const head = statement.slice(0, 12).toUpperCase();
      if (head.startsWith('BEGIN') || head.startsWith('START TRANSA')) {
        inTransaction = true;
        counts.transactions++;
      } else if (head.startsWith('COMMIT') || head.startsWith('ROLLBACK') || head.startsWith('END')) {
        if (!head.startsWith('ROLLBACK TO')) inTransaction = false;
      } else if (!inTransaction) counts.transactions++;
    }
  };
}

/** Wraps node-postgres' and PGlite's entry points; call once, before the database is opened. */
export function countStatements(): void {
  const clients = new WeakMap<object, ReturnType<typeof counter>>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: object, ...args: unknown[]) {
    let count = clients.get(this);
    if (!count) clients.set(this, (count = counter()));
    const [config] = args;
    count(typeof config === 'string' ? config : (config as { text?: string } | undefined)?.text);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;

  // PGlite takes every message of the wire protocol here: a simple query ('Q') holds its text, an extended
  // one is a Parse ('P', with the text), a Bind and an Execute ('E', one statement run).
  const raw = PGlite.prototype.execProtocolRawSync;
  const count = counter();
  const parsed: string[] = [];
  PGlite.prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
    for (let at = 0; at + 5 <= message.length;) {
      const type = message[at];
      const length = new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
      const body = message.subarray(at + 5, at + 1 + length);
      const text = (from: number) => new TextDecoder().decode(body.subarray(from, body.indexOf(0, from)));
      if (type === 0x51) count(text(0));
      else if (type === 0x50) parsed.push(text(body.indexOf(0) + 1));
      else if (type === 0x45) count(parsed.shift());
      at += 1 + length;
    }
    return raw.call(this, message);
  };
}

/** The counts so far; `reset` starts them again from zero. */
export function statementCounts(reset = false): StatementCounts {
  const now = { ...counts };
  if (reset) Object.assign(counts, { roundTrips: 0, statements: 0, transactions: 0 });
  return now;
}

export interface ProfileLine {
  function: string;
  where: string;
  selfMs: number;
  percent: number;
}

export interface PackageLine {
  /** An npm package, `server` or `src` (the app's own code), `node` (Node's own JavaScript) or V8's `(gc)`... */
  owner: string;
  selfMs: number;
  percent: number;
}

/** Who a sampled function belongs to: the package under node_modules, the app, Node itself or V8. */
function ownerOf(url: string, functionName: string): string {
  const inPackage = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (inPackage) return inPackage[1];
  if (/\/(server|src|bench|tests)\//.test(url)) return /\/(server|src|bench|tests)\//.exec(url)![1];
  if (url.startsWith('node:')) return 'node';
  return url ? url : functionName.startsWith('(') ? functionName : '(native)';
}

let profiler: Session | undefined;

/** Starts V8's sampling profiler in this process (the server), at 0.1 ms. */
export async function startProfile(): Promise<void> {
  profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
  await profiler.post('Profiler.start');
}

/** Stops it and answers the `top` functions by self time, with where they are (file:line). */
export async function stopProfile(
  top = 15,
): Promise<{ totalMs: number; lines: ProfileLine[]; packages: PackageLine[] }> {
  if (!profiler) throw new Error('No profile was started.');
  const { profile } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  profiler = undefined;
  const selfUs = new Map<number, number>();
  profile.samples?.forEach((node, index) =>
    selfUs.set(node, (selfUs.get(node) ?? 0) + (profile.timeDeltas?.[index] ?? 0)),
  );
  const byFunction = new Map<string, { function: string; where: string; us: number }>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    total += us;
    const where = url
      ? `${url.replace(/^.*\/node_modules\//, '').replace(/^.*\/(server|src)\//, '$1/')}:${lineNumber + 1}`
      : '';
    const owner = ownerOf(url, functionName);
    byPackage.set(owner, (byPackage.get(owner) ?? 0) + us);
    const key = `${functionName}@${where}`;
    const entry = byFunction.get(key) ?? { function: functionName || '(anonymous)', where, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const lines = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, top)
    .map((entry) => ({
      function: entry.function,
      where: entry.where,
      selfMs: entry.us / 1000,
      percent: total > 0 ? (entry.us / total) * 100 : 0,
    }));
  const packages = [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([owner, us]) => ({ owner, selfMs: us / 1000, percent: total > 0 ? (us / total) * 100 : 0 }));
  return { totalMs: total / 1000, lines, packages };
}
