import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { APP_ROLE } from './db/scope.ts';
import { applyTenancy } from './resources/tenancyPolicies.ts';

/**
 * What a database needs before the server serves from it: the migrations and the row-level security of the
 * tenancy model, both as the tables' owner, then every later statement as the application's role, which
 * row-level security binds. Answers the migrations applied.
 */
export async function prepareDatabase(db: Database): Promise<string[]> {
  const applied = await migrate(db);
  await applyTenancy(db);
  await db.useRole(APP_ROLE);
  return applied;
}
