import type { Queryable } from '../db/database.ts';
import { AUDIT_TABLES } from '../resources/auditTriggers.ts';
import { DRAFT_SNAPSHOT_COLUMN, DRAFT_WRITES_TABLE } from '../resources/draftWrites.ts';
import { declarations, declarationsByName } from '../resources/definitions/index.ts';
import { readCatalogue, type ForeignKey, type SchemaCatalogue } from '../resources/foreignKeys.ts';
import { INNER_TABLES, USER_TABLES } from '../resources/tenancyPolicies.ts';
import { ident } from '../shared/sql.ts';

/**
 * A table of a structure's own rows, and how to find them: `company_id` names the structure (or `id`, for
 * `companies` itself), or an owner row does (a ticket's messages, a course's tags, a user's skills).
 */
export interface StructureTable {
  table: string;
  /** SQL on alias `t` that is true of the structure's rows, its id the parameter `$1`. */
  condition: string;
  /** The rows are one user's own under row-level security (USER_TABLES): read and written in that user's scope. */
  userScoped: boolean;
  /** The row that holds this table's rows, for a table without `company_id`: its rows go in after that row. */
  owner?: { table: string; column: string };
}

/**
 * Tables left out, with why: the audit log is the platform's record of what was done, kept past a structure's
 * deletion under its own retention (and written only by its triggers); a course's draft writes are this
 * database's transaction ids, which mean nothing in another (the import's own inserts record theirs); live
 * events are pushes to the screens open now, swept within hours (the import's inserts make their own). The
 * deletion still deletes a structure's live events. The tables without row-level security are the server's bookkeeping, which names no structure.
 */
export const LEFT_OUT_TABLES: readonly string[] = [...AUDIT_TABLES, DRAFT_WRITES_TABLE, 'live_events'];

/**
 * Columns exported as they are but written back as NULL: a live version's snapshot of this database's
 * transactions (NULL reads as "compare the draft", as for a version from before snapshots were kept).
 */
export const RESET_ON_IMPORT: Readonly<Record<string, readonly string[]>> = {
  course_live: [DRAFT_SNAPSHOT_COLUMN],
};

interface Owner {
  column: string;
  table: string;
}

/** What a table's rows belong to, as the tenancy model says: an inner table's owner, a join table's resource. */
function declaredOwners(): Map<string, Owner> {
  const owners = new Map<string, Owner>();
  for (const inner of INNER_TABLES)
    owners.set(inner.table, {
      column: inner.column,
      table: declarationsByName.get(inner.owner)?.table ?? inner.owner,
    });
  for (const declaration of declarations) {
    if (declaration.access.tenancy.rows === 'platform') continue;
    for (const field of Object.values(declaration.fields))
      if (field.type.kind === 'relations' && !owners.has(field.type.joinTable))
        owners.set(field.type.joinTable, { column: field.type.ownColumn, table: declaration.table });
  }
  return owners;
}

/** The first reference of `table` that takes its rows with it (ON DELETE CASCADE) to one of `among`. */
const cascadingOwner = (table: string, among: ReadonlySet<string>, keys: readonly ForeignKey[]): Owner | undefined => {
  const key = keys.find(
    (candidate) => candidate.table === table && candidate.onDelete === 'c' && among.has(candidate.references),
  );
  return key ? { column: key.column, table: key.references } : undefined;
};

/**
 * Every table that holds rows of a structure, from the schema itself (a table a later migration adds comes
 * in when it carries `company_id`, or an owner the tenancy model names): the tables under row-level security
 * with a `company_id` column, `companies`, and those whose rows an owner row of one of them holds.
 */
export async function structureTables(db: Queryable, catalogue?: SchemaCatalogue): Promise<StructureTable[]> {
  const schema = catalogue ?? (await readCatalogue(db));
  const secured = await db.query<{ table: string; structured: boolean }>(
    `SELECT c.relname AS table,
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'company_id' AND NOT a.attisdropped) AS structured
       FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relrowsecurity
      ORDER BY c.relname`,
  );
  const kept = secured.filter(({ table }) => !LEFT_OUT_TABLES.includes(table));
  const direct = new Set(kept.filter((row) => row.structured).map((row) => row.table));
  direct.add('companies');
  const owners = declaredOwners();
  const tables: StructureTable[] = [];
  for (const { table } of kept) {
    if (table === 'companies') {
      tables.push({ table, condition: 't.id = $1', userScoped: false });
    } else if (direct.has(table)) {
      tables.push({ table, condition: 't.company_id = $1', userScoped: USER_TABLES.includes(table) });
    } else {
      const owner = owners.get(table) ?? cascadingOwner(table, direct, schema.foreignKeys);
      if (!owner || !direct.has(owner.table))
        throw new Error(`${table}: row-level security holds it, but no owner row names its structure.`);
      const ownerColumn = owner.table === 'companies' ? 'id' : 'company_id';
      tables.push({
        table,
        condition: `EXISTS (SELECT 1 FROM ${ident(owner.table)} o WHERE o.id = t.${ident(owner.column)} AND o.${ownerColumn} = $1)`,
        userScoped: false,
        owner,
      });
    }
  }
  return tables;
}
