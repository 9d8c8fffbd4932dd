import { createHash } from 'node:crypto';
import { AUDIT_TABLES } from './auditTriggers.ts';
import { declarations, declarationsByName } from './definitions/index.ts';
import { APP_ROLE } from '../db/scope.ts';
import type { Database } from '../db/database.ts';
import { ident } from '../shared/sql.ts';
import { liveLevels, presentRowsSql } from './liveVersion.ts';
import { catalogueGuardStatements } from './catalogueReferences.ts';
import { catalogueRowsSql, inScopeSql, structureColumnOf } from './tenancy.ts';
import { supervisionPolicies } from './supervision.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/**
 * Tables that are no resource of the API but hold a structure's rows through another table's row (a
 * ticket's messages), or name their structure themselves (a plan, a live event).
 */
export const INNER_TABLES: readonly { table: string; column: string; owner: string }[] = [
  { table: 'ticket_messages', column: 'ticket_id', owner: 'tickets' },
  { table: 'ticket_changes', column: 'ticket_id', owner: 'tickets' },
  { table: 'ticket_notifications', column: 'ticket_id', owner: 'tickets' },
  { table: 'ticket_attachments', column: 'ticket_id', owner: 'tickets' },
  { table: 'ticket_presence', column: 'ticket_id', owner: 'tickets' },
  { table: 'audit_changes', column: 'entry_id', owner: 'audit-log' },
  { table: 'course_live', column: 'course_id', owner: 'courses' },
  { table: 'course_live_nodes', column: 'course_id', owner: 'courses' },
  { table: 'course_draft_writes', column: 'course_id', owner: 'courses' },
];
const STRUCTURE_TABLES: readonly string[] = [
  'subscriptions',
  'live_events',
  'role_permissions',
  'participation_cycles',
  'learning_reminders',
  'mail_opt_outs',
  'report_subscriptions',
  'learning_course_stats',
  'learning_funnel',
  'learning_daily',
  'personal_data_requests',
];
/**
 * Tables of one user's own rows (saved views): a session reads and writes its user's only, within its
 * structure, or wherever it works for platform staff, whose rows name no structure.
 */
export const USER_TABLES: readonly string[] = ['saved_views', 'mention_notifications'];
/**
 * Of those, rows a colleague writes for the user (a mention in a note): the writer may insert them only as
 * their author (this column), in the structure it works in; it reads none of them afterwards.
 */
const WRITTEN_FOR_USER: Readonly<Record<string, string>> = { mention_notifications: 'author_id' };

function resourcePolicies(declaration: ResourceDeclaration): string[] {
  const tenancy = declaration.access.tenancy;
  if (tenancy.rows === 'platform') return [];
  const table = ident(declaration.table);
  const column = structureColumnOf(tenancy);
  // The structure column comes with the tenancy: a migration adds it first only where rows must be filled.
  const sql =
    column === 'company_id'
      ? [
          `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS company_id integer REFERENCES companies (id) ON DELETE CASCADE`,
          `ALTER TABLE ${table} ALTER COLUMN company_id SET DEFAULT app_structure()`,
          `CREATE INDEX IF NOT EXISTS ${ident(`${declaration.table}_company_idx`)} ON ${table} (company_id, id)`,
        ]
      : [];
  sql.push(
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY structure_rows ON ${table} USING ${inScopeSql(column)} WITH CHECK ${inScopeSql(column)}`,
  );
  const catalogue = catalogueRowsSql(tenancy, table);
  if (catalogue) sql.push(`CREATE POLICY catalogue_rows ON ${table} FOR SELECT USING (${catalogue})`);
  if (column === 'company_id') {
    sql.push(
      `CREATE TRIGGER ${ident(`${declaration.table}_keep_structure`)} BEFORE UPDATE OF company_id ON ${table}
         FOR EACH ROW WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION keep_structure()`,
    );
  }
  if (tenancy.from) {
    const field = declaration.fields[tenancy.from];
    if (!field || field.type.kind !== 'relation')
      throw new Error(`${declaration.name}: its structure comes from "${tenancy.from}", which is no relation.`);
    const parent = declarationsByName.get(field.type.resource);
    if (!parent) throw new Error(`${declaration.name}.${tenancy.from}: no resource ${field.type.resource}.`);
    const parentColumn = columnOf(tenancy.from, field);
    sql.push(
      `CREATE TRIGGER ${ident(`${declaration.table}_inherit_structure`)} BEFORE INSERT OR UPDATE OF ${ident(parentColumn)} ON ${table}
         FOR EACH ROW EXECUTE FUNCTION inherit_structure(${ident(parentColumn)}, ${ident(parent.table)})`,
    );
  }
  return sql;
}

/**
 * A table whose rows belong to another table's row: it reads what that row's reader reads, and writes only
 * where the writer may write that row (a structure never adds a tag to the catalogue's course). `other`:
 * the row it points at besides, which the writer must read too.
 */
function ownedPolicies(
  table: string,
  column: string,
  owner: ResourceDeclaration | string,
  other?: { column: string; table: string },
): string[] {
  const ownerTable = typeof owner === 'string' ? owner : owner.table;
  const ownerColumn = typeof owner === 'string' ? 'company_id' : structureColumnOf(owner.access.tenancy);
  const visible = `EXISTS (SELECT 1 FROM ${ident(ownerTable)} o WHERE o.id = ${ident(column)})`;
  const writable = `EXISTS (SELECT 1 FROM ${ident(ownerTable)} o WHERE o.id = ${ident(column)} AND ${inScopeSql(`o.${ownerColumn}`)})`;
  const pointed = other
    ? ` AND EXISTS (SELECT 1 FROM ${ident(other.table)} x WHERE x.id = ${ident(other.column)})`
    : '';
  const name = ident(table);
  return [
    `ALTER TABLE ${name} ENABLE ROW LEVEL SECURITY`,
    `CREATE POLICY owner_read ON ${name} FOR SELECT USING (${visible})`,
    `CREATE POLICY owner_insert ON ${name} FOR INSERT WITH CHECK (${writable}${pointed})`,
    `CREATE POLICY owner_update ON ${name} FOR UPDATE USING (${writable}) WITH CHECK (${writable}${pointed})`,
    `CREATE POLICY owner_delete ON ${name} FOR DELETE USING (${writable})`,
  ];
}

/** Every statement that puts the tenancy model into row-level security, from the declarations. */
export function tenancyStatements(): string[] {
  const sql: string[] = [];
  const joinTables = new Set<string>();
  for (const declaration of declarations) {
    sql.push(...resourcePolicies(declaration));
    if (declaration.access.tenancy.rows === 'platform') continue;
    for (const field of Object.values(declaration.fields)) {
      if (field.type.kind !== 'relations' || joinTables.has(field.type.joinTable)) continue;
      joinTables.add(field.type.joinTable);
      const target = declarationsByName.get(field.type.resource);
      const other =
        target && target.access.tenancy.rows !== 'platform'
          ? { column: field.type.otherColumn, table: target.table }
          : undefined;
      sql.push(...ownedPolicies(field.type.joinTable, field.type.ownColumn, declaration, other));
    }
  }
  // What the catalogue names, every structure reads (server/resources/catalogueReferences.ts).
  sql.push(...catalogueGuardStatements());
  for (const inner of INNER_TABLES)
    sql.push(...ownedPolicies(inner.table, inner.column, declarationsByName.get(inner.owner) ?? inner.owner));
  // A node removed from a published course's draft is no one's to read, but for publish and discard.
  for (const { table } of liveLevels())
    sql.push(`CREATE POLICY present_rows ON ${ident(table)} AS RESTRICTIVE FOR SELECT USING ${presentRowsSql}`);
  // A scope that reads as a supervisor sees only its supervised learners' rows.
  sql.push(...supervisionPolicies());
  for (const table of STRUCTURE_TABLES)
    sql.push(
      `ALTER TABLE ${ident(table)} ENABLE ROW LEVEL SECURITY`,
      `CREATE POLICY structure_rows ON ${ident(table)} USING ${inScopeSql('company_id')} WITH CHECK ${inScopeSql('company_id')}`,
    );
  for (const table of USER_TABLES) {
    const own = `(user_id = (SELECT app_user_id()) AND (company_id IS NULL OR ${inScopeSql('company_id')}))`;
    sql.push(
      `ALTER TABLE ${ident(table)} ENABLE ROW LEVEL SECURITY`,
      `CREATE POLICY user_rows ON ${ident(table)} USING ${own} WITH CHECK ${own}`,
    );
    const author = WRITTEN_FOR_USER[table];
    if (author)
      sql.push(
        `CREATE POLICY written_for_user ON ${ident(table)} FOR INSERT WITH CHECK (${ident(author)} = (SELECT app_user_id()) AND ${inScopeSql('company_id')})`,
      );
  }
  return sql;
}

/**
 * The application's role, its rights on the tables (not the owner's: row-level security binds it), and the
 * policies: run at start-up as the owner, after the migrations. They are written again only when the model
 * or the schema changed since the last run (a signature of both is kept), in one transaction under a lock, so
 * that servers starting together do it once and a running one never sees a table without its policies.
 */
export async function applyTenancy(db: Database): Promise<boolean> {
  const statements = tenancyStatements();
  await db.exec(
    `CREATE TABLE IF NOT EXISTS tenancy_state (id boolean PRIMARY KEY DEFAULT true CHECK (id), signature text NOT NULL)`,
  );
  const [schema] = await db.query<{ tables: string }>(
    `SELECT string_agg(tablename, ',' ORDER BY tablename) AS tables FROM pg_tables WHERE schemaname = 'public'`,
  );
  const signature = createHash('sha256')
    .update(`${APP_ROLE}\n${schema?.tables ?? ''}\n${statements.join(';\n')}`)
    .digest('hex');
  const [state] = await db.query<{ signature: string }>('SELECT signature FROM tenancy_state');
  if (state?.signature === signature) return false;

  const role = ident(APP_ROLE);
  await db.exec(`BEGIN;
SELECT pg_advisory_xact_lock(hashtext('tenancy'));
DO $$ BEGIN
  CREATE ROLE ${role} NOLOGIN NOBYPASSRLS;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
DO $$ BEGIN
  EXECUTE format('GRANT %I TO %I', '${APP_ROLE}', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
GRANT USAGE ON SCHEMA public TO ${role};
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role};
REVOKE ALL ON schema_migrations, tenancy_state, derived_schema_state, scope_key FROM ${role};
REVOKE INSERT, UPDATE, DELETE ON ${AUDIT_TABLES.join(', ')} FROM ${role};
REVOKE SELECT ON audit_texts FROM ${role};
DO $$
DECLARE p record;
BEGIN
  FOR p IN SELECT policyname, tablename FROM pg_policies WHERE schemaname = 'public' LOOP
    EXECUTE format('DROP POLICY %I ON %I', p.policyname, p.tablename);
  END LOOP;
  FOR p IN SELECT tgname, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            WHERE c.relnamespace = 'public'::regnamespace AND (tgname LIKE '%\\_keep\\_structure' OR tgname LIKE '%\\_inherit\\_structure' OR tgname LIKE '%\\_catalogue\\_guard') LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', p.tgname, p.relname);
  END LOOP;
  FOR p IN SELECT relname AS tablename, NULL AS policyname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relrowsecurity LOOP
    EXECUTE format('ALTER TABLE %I DISABLE ROW LEVEL SECURITY', p.tablename);
  END LOOP;
END $$;
${statements.join(';\n')};
INSERT INTO tenancy_state (signature) VALUES ('${signature}') ON CONFLICT (id) DO UPDATE SET signature = EXCLUDED.signature;
COMMIT;`);
  return true;
}
