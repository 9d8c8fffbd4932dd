import type { Queryable } from '../db/database.ts';
import { PLAN_PERIODS, type Plan } from '../../src/domain/onboarding.ts';

export const PLANS_KEY = 'subscription.plans';

function isPlan(value: unknown): value is Plan {
  const plan = value as Plan | null;
  return (
    Number.isSafeInteger(plan?.id) &&
    (plan?.id ?? 0) > 0 &&
    typeof plan?.name === 'string' &&
    plan.name.trim() !== '' &&
    typeof plan.price === 'number' &&
    Number.isFinite(plan.price) &&
    plan.price >= 0 &&
    Number.isSafeInteger(plan.seats) &&
    plan.seats > 0 &&
    (PLAN_PERIODS as readonly unknown[]).includes(plan.period)
  );
}

/**
 * The plans of the system configuration. A malformed entry is left out rather than failing the sign-up:
 * the configuration is edited by hand in the back-office.
 */
export async function readPlans(db: Queryable): Promise<Plan[]> {
  const [row] = await db.query<{ value: string | null }>('SELECT value FROM system_configurations WHERE key = $1', [
    PLANS_KEY,
  ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(row?.value ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isPlan)
    .map(({ id, name, price, seats, period }) => ({ id, name: name.trim(), price, seats, period }));
}
