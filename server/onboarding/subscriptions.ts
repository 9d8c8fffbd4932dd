import type { Queryable } from '../db/database.ts';
import type { Plan, PlanPeriod, SubscriptionStatus } from '../../src/domain/onboarding.ts';

export interface SubscriptionRow {
  id: number;
  company_id: number;
  plan_id: number;
  plan_name: string;
  price_cents: number;
  seats: number;
  period: PlanPeriod;
  status: SubscriptionStatus;
  setup_intent: string | null;
  started_at: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

const COLUMNS = `id, company_id, plan_id, plan_name, price_cents, seats, period, status, setup_intent, started_at,
  current_period_end, cancel_at_period_end`;

/** A subscription as the API answers it. */
export const subscriptionJson = (row: SubscriptionRow) => ({
  id: row.id,
  company: row.company_id,
  plan: { id: row.plan_id, name: row.plan_name, price: row.price_cents / 100, seats: row.seats, period: row.period },
  status: row.status,
  startedAt: row.started_at?.toISOString() ?? null,
  currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
  cancelAtPeriodEnd: row.cancel_at_period_end,
});

export async function currentSubscription(db: Queryable, companyId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM subscriptions WHERE company_id = $1 AND status <> 'canceled'`,
    [companyId],
  );
  return row;
}

/**
 * Puts `plan` in place of the company's current subscription, which must be one still awaiting its
 * payment (or none): run in a transaction that locked the company. Free plans start now; paid ones wait
 * for their SetupIntent. Answers undefined when an active subscription is in the way. One that was left
 * and whose period is over is closed first: the structure (its access ended) may take a plan again.
 */
export async function choosePlan(
  tx: Queryable,
  companyId: number,
  plan: Plan,
  setupIntent: string | null,
): Promise<SubscriptionRow | undefined> {
  await tx.query(
    `UPDATE subscriptions SET status = 'canceled', updated_at = now()
      WHERE company_id = $1 AND status = 'active' AND cancel_at_period_end AND current_period_end <= now()`,
    [companyId],
  );
  const [active] = await tx.query(`SELECT 1 FROM subscriptions WHERE company_id = $1 AND status = 'active'`, [
    companyId,
  ]);
  if (active) return undefined;
  await tx.query(`DELETE FROM subscriptions WHERE company_id = $1 AND status = 'awaiting_payment'`, [companyId]);
  const [row] = await tx.query<SubscriptionRow>(
    `INSERT INTO subscriptions (company_id, plan_id, plan_name, price_cents, seats, period, status, setup_intent, started_at, current_period_end)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::text IS NULL THEN 'active' ELSE 'awaiting_payment' END, $7,
             CASE WHEN $7::text IS NULL THEN now() END,
             CASE WHEN $7::text IS NULL THEN now() + make_interval(months => CASE $6 WHEN 'year' THEN 12 ELSE 1 END) END)
     RETURNING ${COLUMNS}`,
    [companyId, plan.id, plan.name, Math.round(plan.price * 100), plan.seats, plan.period, setupIntent],
  );
  return row;
}

/** The payment went through: the subscription starts now, for one period. */
export async function activatePaid(db: Queryable, setupIntent: string): Promise<void> {
  await db.query(
    `UPDATE subscriptions
        SET status = 'active', started_at = now(), updated_at = now(),
            current_period_end = now() + make_interval(months => CASE period WHEN 'year' THEN 12 ELSE 1 END)
      WHERE setup_intent = $1 AND status = 'awaiting_payment'`,
    [setupIntent],
  );
}

/**
 * Leaving: an active subscription runs to the end of its paid period, then the structure's access ends;
 * one still awaiting its payment ends now. Answers the subscription as it now stands.
 */
export async function unsubscribe(
  db: Queryable,
  companyId: number,
  userId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db.query<SubscriptionRow>(
    `UPDATE subscriptions
        SET status = CASE status WHEN 'awaiting_payment' THEN 'canceled' ELSE status END,
            cancel_at_period_end = status = 'active',
            current_period_end = CASE status WHEN 'awaiting_payment' THEN now() ELSE current_period_end END,
            canceled_by = $2, updated_at = now()
      WHERE company_id = $1 AND status <> 'canceled'
      RETURNING ${COLUMNS}`,
    [companyId, userId],
  );
  return row;
}
