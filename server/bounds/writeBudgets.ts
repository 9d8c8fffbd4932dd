import type { Queryable } from '../db/database.ts';
import type { WriteBudget } from '../shared/settings.ts';

/**
 * Writes spent from the user's budget at once, under the row's lock: allowed when what is owed, these writes
 * included, fits in the burst. A refused spend spends nothing. `$2`: the seconds these writes take to be paid
 * back at the steady rate; `$3`: the seconds the whole burst takes.
 */
const spendSql = (table: string) => `
  INSERT INTO ${table} AS w (user_id, paid_until, granted)
  VALUES ($1, now() + make_interval(secs => $2::float8), $2::float8 <= $3::float8)
  ON CONFLICT (user_id) DO UPDATE SET
    granted = greatest(w.paid_until, now()) + make_interval(secs => $2::float8) <= now() + make_interval(secs => $3::float8),
    paid_until = CASE WHEN greatest(w.paid_until, now()) + make_interval(secs => $2::float8) <= now() + make_interval(secs => $3::float8)
                      THEN greatest(w.paid_until, now()) + make_interval(secs => $2::float8) ELSE w.paid_until END
  RETURNING granted, extract(epoch FROM paid_until - now())::float8 - ($3::float8 - $2::float8) AS wait`;

/**
 * The per-user write budgets (migration 0013), in PostgreSQL: every process spends from the same one.
 * `table`: another table of the same shape holds a budget of its own (the presence signals', 0026).
 */
export class WriteBudgets {
  private readonly secondsPerWrite: number;
  private readonly spendStatement: string;

  constructor(
    private readonly db: Queryable,
    private readonly budget: WriteBudget,
    private readonly table: 'write_budgets' | 'presence_budgets' = 'write_budgets',
  ) {
    this.secondsPerWrite = 3600 / Math.max(1, budget.perHour);
    this.spendStatement = spendSql(table);
  }

  /**
   * Spends `writes` of the user's budget at once (at most the burst: more could never be allowed), in `db`
   * (a transaction: a write refused later spends nothing): 0 when allowed, else the seconds until they are.
   */
  async spend(userId: number, writes = 1, db: Queryable = this.db): Promise<number> {
    const spent = Math.min(writes, Math.max(1, this.budget.burst));
    const [row] = await db.query<{ granted: boolean; wait: number }>(this.spendStatement, [
      userId,
      spent * this.secondsPerWrite,
      this.budget.burst * this.secondsPerWrite,
    ]);
    return row.granted ? 0 : Math.max(1, Math.ceil(Number(row.wait)));
  }

  /** Drops the budgets paid back in full. */
  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM ${this.table} WHERE paid_until < now()`);
  }
}
