import { createHash } from 'node:crypto';
import { AUDIT_OPERATIONS } from '../../src/domain/audit.ts';
import { DELIVERY_STATUSES } from '../../src/domain/helpdesk.ts';
import { PERSONAL_DATA_REQUEST_KINDS, PERSONAL_DATA_REQUEST_STATUSES } from '../../src/domain/personalData.ts';
import { SESSION_SCOPES } from '../../src/domain/sessionScopes.ts';
import { TICKET_STATUSES } from '../../src/domain/contracts/tickets.ts';
import { PLAN_PERIODS, SUBSCRIPTION_STATUSES } from '../../src/domain/onboarding.ts';
import type { Database } from '../db/database.ts';
import { rowCapStatements } from '../bounds/rowCaps.ts';
import { fileRemovalStatements } from '../storage/fileRemovals.ts';
import { ident, literal } from '../shared/sql.ts';
import { responseTargetStatements } from './responseTargets.ts';
import { auditStatements } from './auditTriggers.ts';
import { declarations } from './definitions/index.ts';
import { enrolmentRuleStatements } from './enrolmentRulesSql.ts';
import { learningStatements } from './rulesSql.ts';
import { liveVersionStatements } from './liveVersion.ts';
import { releaseStatements } from './releases.ts';
import { searchSchemaStatements } from './searchSchema.ts';
import { columnOf } from './types.ts';

/** A column whose values are one of the domain's enumerations; `list`: a text[] whose items are. */
export interface EnumColumn {
  table: string;
  column: string;
  values: readonly (string | number)[];
  list?: boolean;
}

/** Tables that are no resource of the API but store a domain enumeration (a ticket message's status). */
const INNER_ENUM_COLUMNS: readonly EnumColumn[] = [
  { table: 'ticket_messages', column: 'status', values: TICKET_STATUSES },
  { table: 'subscriptions', column: 'period', values: PLAN_PERIODS },
  { table: 'subscriptions', column: 'status', values: SUBSCRIPTION_STATUSES },
  { table: 'audit_changes', column: 'operation', values: AUDIT_OPERATIONS },
  { table: 'refresh_tokens', column: 'scope', values: SESSION_SCOPES },
  { table: 'ticket_notifications', column: 'status', values: DELIVERY_STATUSES },
  { table: 'personal_data_requests', column: 'kind', values: PERSONAL_DATA_REQUEST_KINDS },
  { table: 'personal_data_requests', column: 'status', values: PERSONAL_DATA_REQUEST_STATUSES },
];

/** Every column that stores a domain enumeration: the declared resources' enum fields, and the inner tables'. */
export function enumColumns(): EnumColumn[] {
  const found = new Map<string, EnumColumn>();
  for (const declaration of declarations)
    for (const [name, field] of Object.entries(declaration.fields)) {
      const type = field.type;
      const values = type.kind === 'enum' || type.kind === 'stringList' ? type.values : undefined;
      if (!values) continue;
      const column = columnOf(name, field);
      found.set(`${declaration.table}.${column}`, {
        table: declaration.table,
        column,
        values,
        list: type.kind === 'stringList',
      });
    }
  for (const inner of INNER_ENUM_COLUMNS) found.set(`${inner.table}.${inner.column}`, inner);
  return [...found.values()];
}

/** The name of the constraint that keeps a column to its enumeration: PostgreSQL's own for a column check. */
const enumCheckName = ({ table, column }: EnumColumn) => `${table}_${column}_check`;

const sqlValue = (value: string | number) => (typeof value === 'number' ? String(value) : literal(value));

/**
 * A column's values kept to its enumeration: every check on that column alone is dropped first (the one a
 * migration wrote, or an earlier start-up with other values), then the domain's is added.
 */
function enumCheckStatements(enumColumn: EnumColumn): string[] {
  const { table, column, values, list } = enumColumn;
  const items = values.map(sqlValue).join(', ');
  const condition = list ? `${ident(column)} <@ ARRAY[${items}]::text[]` : `${ident(column)} IN (${items})`;
  return [
    `DO $$ DECLARE c record; BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = ${literal(ident(table))}::regclass AND contype = 'c'
              AND conkey = ARRAY[(SELECT attnum FROM pg_attribute
                                   WHERE attrelid = ${literal(ident(table))}::regclass AND attname = ${literal(column)})] LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', ${literal(table)}, c.conname);
  END LOOP;
END $$`,
    `ALTER TABLE ${ident(table)} ADD CONSTRAINT ${ident(enumCheckName(enumColumn))} CHECK (${condition})`,
  ];
}

/**
 * The exact counts and the write generation of a resource's table, which its unfiltered lists and their
 * caches read (row_counts): installed once, counting the rows already there.
 */
function rowCountStatement(table: string): string {
  return `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger
                  WHERE tgrelid = ${literal(ident(table))}::regclass AND tgname = ${literal(`${table}_count_ins`)}) THEN
    PERFORM install_row_counts(${literal(table)});
    UPDATE row_counts SET n = (SELECT count(*) FROM ${ident(table)}) WHERE table_name = ${literal(table)};
  END IF;
END $$`;
}

/**
 * Every statement that puts the domain's enumerations, the resources' row counts, the tickets' due dates
 * (responseTargets.ts), the audit log's triggers (auditTriggers.ts), the full-text columns of search
 * (searchSchema.ts), the release rule (releases.ts), the queueing of deleted rows' files
 * (storage/fileRemovals.ts), the courses' live versions (liveVersion.ts), the learners' progress and the
 * enrolment rules' arrivals (learning/) and the "at most N rows" caps (bounds/rowCaps.ts) into the schema.
 */
export function derivedSchemaStatements(): string[] {
  const tables = [
    ...new Set(
      declarations.filter((declaration) => declaration.rowCounts !== false).map((declaration) => declaration.table),
    ),
  ];
  return [
    ...enumColumns().flatMap(enumCheckStatements),
    ...tables.map(rowCountStatement),
    ...responseTargetStatements(),
    ...auditStatements(),
    ...searchSchemaStatements(),
    ...releaseStatements(declarations),
    ...fileRemovalStatements(),
    ...liveVersionStatements(),
    ...learningStatements(),
    ...enrolmentRuleStatements(),
    ...rowCapStatements(),
  ];
}

/**
 * What the schema takes from the domain rather than from a migration: the checks of enumerated columns (a
 * new part type or ticket status needs no migration) and the row counts of every declared resource's table
 * (a new resource cannot forget them). Run at start-up as the tables' owner, after the migrations; written
 * again only when the statements or the migrations applied changed (a signature is kept), in one transaction
 * under a lock, so that servers starting together do it once. Answers whether it wrote anything.
 */
export async function applyDerivedSchema(db: Database): Promise<boolean> {
  const statements = derivedSchemaStatements();
  await db.exec(
    `CREATE TABLE IF NOT EXISTS derived_schema_state (id boolean PRIMARY KEY DEFAULT true CHECK (id), signature text NOT NULL)`,
  );
  const [migrations] = await db.query<{ names: string }>(
    `SELECT string_agg(name, ',' ORDER BY name) AS names FROM schema_migrations`,
  );
  const signature = createHash('sha256')
    .update(`${migrations?.names ?? ''}\n${statements.join(';\n')}`)
    .digest('hex');
  const [state] = await db.query<{ signature: string }>('SELECT signature FROM derived_schema_state');
  if (state?.signature === signature) return false;
  await db.exec(`BEGIN;
SELECT pg_advisory_xact_lock(hashtext('derived schema'));
${statements.join(';\n')};
INSERT INTO derived_schema_state (signature) VALUES ('${signature}') ON CONFLICT (id) DO UPDATE SET signature = EXCLUDED.signature;
COMMIT;`);
  return true;
}
