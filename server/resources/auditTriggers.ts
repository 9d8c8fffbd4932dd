import { AUDIT_LONG_VALUE, isAudited, isSecretField } from '../../src/domain/audit.ts';
import { STRUCTURE_FIELD } from '../../src/domain/tenancy.ts';
import { ident, literal } from '../shared/sql.ts';
import { declarations, declarationsByName } from './definitions/index.ts';
import { structureColumnOf } from './tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/** The log's own tables: only their triggers write them (the server's role may read, never write). */
export const AUDIT_TABLES = ['audit_log', 'audit_changes', 'audit_texts'] as const;

/** How a column's value is kept: [field, kind (`v` as it is, `r` a relation, `p` one of a polymorphic one's, `s` a secret), target]. */
type Spec = [string, 'v' | 'r' | 'p' | 's', string?];

/**
 * Tables that are no resource but part of one's record: a row added shows on the owner as the field, with
 * the row's fields (a ticket's message).
 */
const RECORD_PARTS: readonly {
  table: string;
  owner: string;
  column: string;
  field: string;
  kept: Record<string, Spec>;
}[] = [
  {
    table: 'ticket_messages',
    owner: 'tickets',
    column: 'ticket_id',
    field: 'messages',
    kept: { author_id: ['author', 'r', 'users'], body: ['body', 'v'], status: ['status', 'v'] },
  },
];

/** The column of a resource's rows naming their structure, or '' for the platform's rows. */
const structureColumn = (declaration: ResourceDeclaration) =>
  declaration.access.tenancy.rows === 'platform' ? '' : structureColumnOf(declaration.access.tenancy);

/**
 * The API fields a resource's columns hold, as the log keeps them: relations as IRIs, secrets never, and
 * nothing that is bookkeeping (search text, dates of the row, columns no field reads, the figures the
 * database derives from other records, whose own changes are logged).
 */
export function auditedColumns(declaration: ResourceDeclaration): Record<string, Spec> {
  const columns: Record<string, Spec> = {};
  for (const [name, field] of Object.entries(declaration.fields)) {
    const type = field.type;
    const contractField = declaration.contract.fields[name];
    if (contractField?.derived) continue;
    if (contractField && isSecretField(name, contractField)) columns[columnOf(name, field)] = [name, 's'];
    else if (type.kind === 'relation') columns[columnOf(name, field)] = [name, 'r', type.resource];
    else if (type.kind === 'polymorphic')
      for (const [resource, target] of Object.entries(type.targets)) columns[target.column] = [name, 'p', resource];
    else if (type.kind !== 'relations' && type.kind !== 'children' && type.kind !== 'computed')
      columns[columnOf(name, field)] = [name, 'v'];
  }
  // The structure is the derived `company` field where the contract has it; the structures themselves have none.
  const structure = structureColumn(declaration);
  if (structure === 'company_id' && !columns.company_id) columns.company_id = [STRUCTURE_FIELD, 'r', 'companies'];
  return columns;
}

/** The audited resources, one a table (the first declaration of a table speaks for it). */
export function auditedDeclarations(): ResourceDeclaration[] {
  const seen = new Set<string>();
  return declarations.filter((declaration) => {
    if (!isAudited(declaration.name) || seen.has(declaration.table)) return false;
    seen.add(declaration.table);
    return true;
  });
}

const json = (value: unknown) => literal(JSON.stringify(value));

/** How a change row folds into the transaction's row for that record (see migration 0014's audit_record). */
const FOLD = `ON CONFLICT (entry_id, resource, record_id) DO UPDATE SET
    operation = CASE WHEN c.operation = 'create' AND EXCLUDED.operation = 'update' THEN 'create' ELSE EXCLUDED.operation END,
    before = CASE WHEN c.operation = 'create' THEN NULL ELSE coalesce(EXCLUDED.before, '{}') || coalesce(c.before, '{}') END,
    after = CASE WHEN EXCLUDED.operation = 'delete' THEN NULL ELSE coalesce(c.after, '{}') || coalesce(EXCLUDED.after, '{}') END`;

/** A field as the log keeps it: its kind and the columns that hold it (several for a polymorphic relation). */
interface KeptField {
  kind: Spec[1];
  columns: { column: string; target?: string }[];
}

function keptFields(columns: Record<string, Spec>): Map<string, KeptField> {
  const fields = new Map<string, KeptField>();
  for (const [column, [field, kind, target]] of Object.entries(columns)) {
    const kept = fields.get(field) ?? { kind, columns: [] };
    kept.columns.push({ column, target });
    fields.set(field, kept);
  }
  if (fields.size > 50) throw new Error('Too many audited fields for one jsonb_build_object.');
  return fields;
}

/**
 * The SQL of a field's value as the log keeps it, read from the row `alias`: a relation as its IRI, a
 * polymorphic relation from whichever of its columns names a row, a secret as a mark only, and a long value
 * as the marker of its text kept once (public.audit_text).
 */
function keptValueSql({ kind, columns }: KeptField, alias: string): string {
  const value = (column: string) => `${alias}.${ident(column)}`;
  if (kind === 's') return `'{"$audit_hidden": true}'::jsonb`;
  if (kind === 'r') return `to_jsonb(${literal(`/api/${columns[0].target}/`)} || ${value(columns[0].column)})`;
  if (kind === 'p')
    return `to_jsonb(CASE ${columns
      .map(
        ({ column, target }) =>
          `WHEN ${value(column)} IS NOT NULL THEN ${literal(`/api/${target}/`)} || ${value(column)}`,
      )
      .join(' ')} END)`;
  const json = `to_jsonb(${value(columns[0].column)})`;
  return `CASE WHEN length(${json}::text) > ${AUDIT_LONG_VALUE} THEN public.audit_text(${json}) ELSE ${json} END`;
}

/** Every field of the row `alias`, as one JSON object (a record created or deleted). */
const allFieldsSql = (fields: Map<string, KeptField>, alias: string) =>
  `jsonb_build_object(${[...fields].map(([field, kept]) => `${literal(field)}, ${keptValueSql(kept, alias)}`).join(', ')})`;

/** Whether a field differs between the rows `o` and `n`, compared column by column (no JSON built for it). */
const fieldChangedSql = ({ columns }: KeptField) =>
  columns.map(({ column }) => `o.${ident(column)} IS DISTINCT FROM n.${ident(column)}`).join(' OR ');

/**
 * The fields that differ between the rows `o` and `n`, as they were (`alias` o) or became (`alias` n): an
 * update mostly changes a field or two, so only those are turned into JSON (and long ones hashed).
 */
const changedFieldsSql = (fields: Map<string, KeptField>, alias: string) =>
  [...fields]
    .map(
      ([field, kept]) =>
        `CASE WHEN ${fieldChangedSql(kept)} THEN jsonb_build_object(${literal(field)}, ${keptValueSql(kept, alias)}) ELSE '{}'::jsonb END`,
    )
    .join(' || ');

/**
 * A table's audit function: one set-based statement a write statement, whatever the number of its rows.
 * The entry's main record is the row the scope names (app.record_id), or the statement's first.
 */
function auditFunctionSql(declaration: ResourceDeclaration): string {
  const fields = keptFields(auditedColumns(declaration));
  const structure = structureColumn(declaration);
  const company = (alias: string) => (structure ? `${alias}.${ident(structure)}` : 'NULL::integer');
  const resource = literal(declaration.name);
  const first = (from: string, alias: string, companySql = company(alias)) =>
    `SELECT ${alias}.id, ${companySql} AS company INTO main FROM ${from}
      ORDER BY (${alias}.id = wanted) IS TRUE DESC, ${alias}.id LIMIT 1`;
  const anyChanged = [...fields.values()].map((kept) => `(${fieldChangedSql(kept)})`).join(' OR ');
  const changed = `SELECT x.id, x.company, x.b, x.a
      FROM (SELECT n.id, ${company('n')} AS company, ${changedFieldsSql(fields, 'o')} AS b, ${changedFieldsSql(fields, 'n')} AS a
              FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE ${anyChanged} OFFSET 0) x
     ORDER BY (x.id = wanted) IS TRUE DESC, x.id`;
  // A transaction's first audited statement makes its entry: none of the entry's rows exist yet, and one
  // statement changes each row once, so its changes go in without the fold's conflict check.
  const changes = (rows: string) => `IF fresh THEN
      INSERT INTO public.audit_changes (entry_id, resource, record_id, operation, before, after) ${rows};
    ELSE
      INSERT INTO public.audit_changes AS c (entry_id, resource, record_id, operation, before, after) ${rows}
      ${FOLD};
    END IF`;
  // Every name is qualified: the function runs as the tables' owner without a search path of its own (a SET
  // clause would cost each write a configuration change).
  return `CREATE OR REPLACE FUNCTION public.${ident(`audited_${declaration.table}`)}() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER AS $fn$
DECLARE
  wanted integer := nullif(current_setting('app.record_id', true), '')::integer;
  fresh boolean := coalesce(current_setting('app.audit_entry', true), '') = '';
  main record;
  entry integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    ${first('new_rows n', 'n')};
    IF NOT FOUND THEN RETURN NULL; END IF;
    entry := public.audit_entry(${resource}, main.id, main.company, 'create');
    ${changes(`SELECT entry, ${resource}, n.id, 'create', NULL, ${allFieldsSql(fields, 'n')} FROM new_rows n`)};
  ELSIF TG_OP = 'UPDATE' THEN
    -- Most updates change one row: the rows are compared once, row by row.
    FOR main IN ${changed} LOOP
      IF entry IS NULL THEN entry := public.audit_entry(${resource}, main.id, main.company, 'update'); END IF;
      ${changes(`VALUES (entry, ${resource}, main.id, 'update', main.b, main.a)`)};
    END LOOP;
  ELSE
    ${first('old_rows o', 'o')};
    IF NOT FOUND THEN RETURN NULL; END IF;
    entry := public.audit_entry(${resource}, main.id, main.company, 'delete');
    ${changes(`SELECT entry, ${resource}, o.id, 'delete', ${allFieldsSql(fields, 'o')}, NULL FROM old_rows o`)};
  END IF;
  RETURN NULL;
END $fn$`;
}

/** Every statement that puts the audit triggers on the declared resources' tables, from the declarations. */
export function auditStatements(): string[] {
  const sql = [
    // The triggers of an earlier start-up (a resource, a field or a relation since renamed or dropped) go first.
    `DO $$ DECLARE t record; BEGIN
  FOR t IN SELECT g.tgname, c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
            WHERE c.relnamespace = 'public'::regnamespace AND NOT g.tgisinternal AND g.tgname LIKE 'audited\\_%' LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tgname, t.relname);
  END LOOP;
  FOR t IN SELECT p.oid::regprocedure AS fn FROM pg_proc p
            WHERE p.pronamespace = 'public'::regnamespace AND p.proname LIKE 'audited\\_%' LOOP
    EXECUTE format('DROP FUNCTION %s', t.fn);
  END LOOP;
END $$`,
  ];
  for (const declaration of auditedDeclarations()) {
    const table = ident(declaration.table);
    const audited = ident(`audited_${declaration.table}`);
    sql.push(
      auditFunctionSql(declaration),
      `CREATE TRIGGER audited_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${audited}()`,
      `CREATE TRIGGER audited_update AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${audited}()`,
      `CREATE TRIGGER audited_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION ${audited}()`,
    );
    for (const [name, field] of Object.entries(declaration.fields)) {
      const type = field.type;
      if (type.kind !== 'relations') continue;
      const joinArgs = [
        declaration.name,
        declaration.table,
        type.ownColumn,
        type.otherColumn,
        name,
        type.resource,
        structureColumn(declaration),
      ]
        .map(literal)
        .join(', ');
      for (const [event, rows] of [
        ['INSERT', 'NEW'],
        ['DELETE', 'OLD'],
      ] as const)
        sql.push(
          `CREATE TRIGGER ${ident(`audited_${event.toLowerCase()}_${declaration.table}_${name}`)} AFTER ${event} ON ${ident(type.joinTable)}
             REFERENCING ${rows} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION audit_join(${joinArgs})`,
        );
    }
  }
  for (const part of RECORD_PARTS) {
    const owner = declarationsByName.get(part.owner);
    if (!owner) throw new Error(`${part.table}: no resource ${part.owner}.`);
    const args = [
      literal(owner.name),
      literal(owner.table),
      literal(part.column),
      literal(part.field),
      json(part.kept),
      literal(structureColumn(owner)),
      literal(String(AUDIT_LONG_VALUE)),
    ].join(', ');
    sql.push(
      `CREATE TRIGGER audited_part AFTER INSERT ON ${ident(part.table)} FOR EACH ROW EXECUTE FUNCTION audit_part(${args})`,
    );
  }
  return sql;
}
