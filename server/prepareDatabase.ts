import type { Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { APP_ROLE } from './db/scope.ts';
import { applyDerivedSchema } from './resources/derivedSchema.ts';
import { applyTenancy } from './resources/tenancyPolicies.ts';

/**
 * What the schema derives from the domain and the declarations, as the tables' owner: the checks of
 * enumerated columns and the row counts (derivedSchema.ts), then the row-level security of the tenancy model.
 */
export async function applyDerived(db: Database): Promise<void> {
  await applyDerivedSchema(db);
  await applyTenancy(db);
}

/**
 * What a database needs before the server serves from it: the migrations and what the schema derives from
 * the domain, both as the tables' owner, then every later statement as the application's role, which
 * row-level security binds. Answers the migrations applied.
 */
export async function prepareDatabase(db: Database): Promise<string[]> {
  const applied = await migrate(db);
  await applyDerived(db);
  await db.useRole(APP_ROLE);
  return applied;
}
