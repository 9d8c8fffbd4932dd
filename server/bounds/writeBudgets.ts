import type { Queryable } from '../db/database.ts';

export interface WriteBudget {
  /** Writes one user may make at once. */
  burst: number;
  /** How many of them come back an hour (at least one). */
  perHour: number;
}

/**
 * One write spent from the user's budget, under the row's lock: allowed when what is owed, this write
 * included, fits in the burst. A refused write spends nothing. `$2` is the seconds one write takes to be
 * paid back, `$3` the burst.
 */
const SPEND = `
  INSERT INTO write_budgets AS w (user_id, paid_until, granted)
  VALUES ($1, now() + make_interval(secs => $2), $3 >= 1)
  ON CONFLICT (user_id) DO UPDATE SET
    granted = greatest(w.paid_until, now()) + make_interval(secs => $2) <= now() + make_interval(secs => $2 * $3),
    paid_until = CASE WHEN greatest(w.paid_until, now()) + make_interval(secs => $2) <= now() + make_interval(secs => $2 * $3)
                      THEN greatest(w.paid_until, now()) + make_interval(secs => $2) ELSE w.paid_until END
  RETURNING granted, extract(epoch FROM paid_until - now() - make_interval(secs => $2 * ($3 - 1)))::float8 AS wait`;

/** The per-user write budgets (migration 0012), in PostgreSQL: every process spends from the same one. */
export class WriteBudgets {
  private readonly secondsPerWrite: number;

  constructor(
    private readonly db: Queryable,
    private readonly budget: WriteBudget,
  ) {
    this.secondsPerWrite = 3600 / Math.max(1, budget.perHour);
  }

  /** Spends one write of the user's: 0 when allowed, else the seconds until one is. */
  async spend(userId: number): Promise<number> {
    const [row] = await this.db.query<{ granted: boolean; wait: number }>(SPEND, [userId, this.secondsPerWrite, this.budget.burst]);
    return row.granted ? 0 : Math.max(1, Math.ceil(Number(row.wait)));
  }

  /** Drops the budgets paid back in full. */
  async sweep(): Promise<void> {
    await this.db.query('DELETE FROM write_budgets WHERE paid_until < now()');
  }
}
