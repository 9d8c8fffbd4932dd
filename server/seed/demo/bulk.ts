import type { Queryable, Row } from '../../db/database.ts';

/**
 * Inserts many rows in one statement: the rows travel as a single jsonb parameter read back with
 * jsonb_to_recordset, which keeps one round trip per table on PGlite and PostgreSQL alike and lets
 * JSON arrays land in text[] columns without per-driver array encoding.
 *
 * `fields` are the record's keys with their SQL types; a key starting with `_` is only an input for
 * `computed` expressions (written over `x.<key>`), every other key is a column of the same name.
 * With `stamped`, `_age` (and optionally `_touched`) are intervals before now() for created_at and updated_at.
 */
export async function insertRows<T extends Row = { id: number }>(
  tx: Queryable,
  table: string,
  fields: Record<string, string>,
  rows: readonly object[],
  options: { computed?: Record<string, string>; returning?: string; stamped?: boolean } = {},
): Promise<T[]> {
  if (rows.length === 0) return [];
  const allFields = options.stamped ? { ...fields, _age: 'interval', _touched: 'interval' } : fields;
  const computed: Record<string, string> = {
    ...(options.stamped ? { created_at: 'now() - x._age', updated_at: 'now() - coalesce(x._touched, x._age)' } : {}),
    ...options.computed,
  };
  const direct = Object.keys(allFields).filter((name) => !name.startsWith('_'));
  const columns = [...direct, ...Object.keys(computed)];
  const values = [...direct.map((name) => `x.${name}`), ...Object.values(computed)];
  const definition = Object.entries(allFields)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return tx.query<T>(
    `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${values.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${definition})
     ${options.returning ? `RETURNING ${options.returning}` : ''}`,
    [JSON.stringify(rows)],
  );
}

/** The `computed` entry that gives a row the structure of the user its `column` names (none for platform staff). */
export const structureOfUser = (column: string) => ({
  company_id: `(SELECT u.company_id FROM users u WHERE u.id = x.${column})`,
});

/** An interval before now(), for the `_age` / `_touched` inputs; minutes keep it exact and portable. */
export function ago(days: number, hours = 0, minutes = 0): string {
  return `${Math.round(days * 1440 + hours * 60 + minutes)} minutes`;
}

/** A small seeded generator (mulberry32): the demo data is the same on every fresh start. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** `count` distinct items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j], pool[i]];
    }
    return pool.slice(0, Math.min(count, pool.length));
  }
}

/** Maps rows answered by RETURNING to their ids by a natural key, rather than trusting the row order. */
export function idsBy<K>(rows: readonly Row[], key: (row: Row) => K): Map<K, number> {
  return new Map(rows.map((row) => [key(row), Number(row.id)]));
}

export function must<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo seed: unknown reference ${String(key)}`);
  return value;
}
