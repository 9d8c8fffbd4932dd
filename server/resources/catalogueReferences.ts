import type { Queryable } from '../db/database.ts';
import { ident, literal } from '../shared/sql.ts';
import { declarations, declarationsByName } from './definitions/index.ts';
import { JSON_REFERENCES, jsonDocumentIdSql } from './documentReads.ts';
import { catalogueRowsSql } from './tenancy.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/**
 * The catalogue never points into a structure (docs/SECURITY.md, "Structures"): a catalogue row (a course,
 * module, chapter or part without a structure, which every structure reads) may name only rows every
 * structure reads too: the catalogue's (of documents, its course content) and the platform's. Each way a
 * catalogue row names another row is read from the declarations: a relation column, a to-many relation's
 * join table, a document inside a part's content. The same list makes the database's guards (installed with
 * the tenancy policies) and the check of rows already there (`npm run check:catalogue`).
 */
export interface CatalogueReference {
  /** The catalogue resource whose rows name, and the API field the name is in. */
  owner: ResourceDeclaration;
  field: string;
  target: ResourceDeclaration;
  /** The table holding the name, its row's own column (its owner) and the column naming the target. */
  kind: 'column' | 'join' | 'json';
  table: string;
  ownColumn: string;
  otherColumn: string;
}

export function catalogueReferences(): CatalogueReference[] {
  const found: CatalogueReference[] = [];
  for (const owner of declarations) {
    const tenancy = owner.access.tenancy;
    if (tenancy.rows !== 'catalogue') continue;
    for (const [field, declared] of Object.entries(owner.fields)) {
      if (declared.readOnly || field === tenancy.from) continue;
      const type = declared.type;
      const target = 'resource' in type ? declarationsByName.get(type.resource) : undefined;
      if (!target || target.access.tenancy.rows === 'platform') continue;
      if (target.access.tenancy.rows === 'structure' && target.access.tenancy.self) continue;
      if (type.kind === 'relation')
        found.push({
          owner,
          field,
          target,
          kind: 'column',
          table: owner.table,
          ownColumn: 'id',
          otherColumn: columnOf(field, declared),
        });
      if (type.kind === 'relations')
        found.push({
          owner,
          field,
          target,
          kind: 'join',
          table: type.joinTable,
          ownColumn: type.ownColumn,
          otherColumn: type.otherColumn,
        });
    }
    for (const [table, column] of JSON_REFERENCES)
      if (table === owner.table)
        found.push({
          owner,
          field: column,
          target: declarationsByName.get('documents')!,
          kind: 'json',
          table,
          ownColumn: 'id',
          otherColumn: column,
        });
  }
  return found;
}

/** Whether the row `alias` of `target` may be named by a catalogue row: every structure reads it. */
const sharedSql = (target: ResourceDeclaration, alias: string) =>
  `coalesce(${catalogueRowsSql(target.access.tenancy, alias) ?? `${alias}.company_id IS NULL`}, false)`;

/**
 * Whether a row of `resource` (alias `alias`) may be named by a row whose structure is the SQL `home`: any
 * row its home reads, or, for the catalogue (a NULL home), only rows every structure reads. What a copy
 * into the catalogue leaves behind is what this refuses.
 */
export function namableFromSql(resource: string, alias: string, home: string): string {
  const target = declarationsByName.get(resource);
  if (!target) throw new Error(`No resource ${resource}.`);
  return `(${home} IS NOT NULL OR ${sharedSql(target, alias)})`;
}

/** The target named by a reference, as SQL on the row alias `s` of its table. */
const namedSql = (reference: CatalogueReference, alias: string) =>
  reference.kind === 'json'
    ? jsonDocumentIdSql(alias, reference.otherColumn)
    : `${alias}.${ident(reference.otherColumn)}`;

/** The catalogue rows of a reference's table (alias `s`): the row itself, or the join's owner row. */
const catalogueOwnerSql = (reference: CatalogueReference, alias: string) =>
  reference.kind === 'join'
    ? `EXISTS (SELECT 1 FROM public.${ident(reference.owner.table)} o WHERE o.id = ${alias}.${ident(reference.ownColumn)} AND o.company_id IS NULL)`
    : `${alias}.company_id IS NULL`;

/** SQL, in a row trigger: the update left the columns a reference's check reads as they were. */
const unchangedSql = (reference: CatalogueReference) =>
  (reference.kind === 'join' ? [reference.ownColumn, reference.otherColumn] : [reference.otherColumn, 'company_id'])
    .map((column) => `NEW.${ident(column)} IS NOT DISTINCT FROM OLD.${ident(column)}`)
    .join(' AND ');

/** A name a guard gives its function and trigger. */
const guardName = (reference: CatalogueReference) =>
  `${reference.table}_${reference.field}_catalogue_guard`.toLowerCase();

/** The database's guards: an AFTER trigger per reference, refusing a catalogue row naming a private one. */
export function catalogueGuardStatements(): string[] {
  return catalogueReferences().flatMap((reference) => {
    const name = ident(guardName(reference));
    const target = `public.${ident(reference.target.table)}`;
    return [
      `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog, public AS $guard$
BEGIN
  -- An update that changes neither the name nor whose the row is adds nothing to check (a publish touches
  -- every course row; a bad name already there is the check command's to report).
  IF TG_OP = 'UPDATE' AND ${unchangedSql(reference)} THEN
    RETURN NULL;
  END IF;
  IF ${catalogueOwnerSql(reference, 'NEW')}
     AND EXISTS (SELECT 1 FROM ${target} t WHERE t.id = ${namedSql(reference, 'NEW')} AND NOT ${sharedSql(reference.target, 't')}) THEN
    RAISE EXCEPTION 'A catalogue row may not name a structure''s own row (%).', ${literal(reference.field)}
      USING ERRCODE = '23514', CONSTRAINT = 'catalogue_reference', COLUMN = ${literal(reference.field)};
  END IF;
  RETURN NULL;
END $guard$`,
      `CREATE TRIGGER ${name} AFTER INSERT OR UPDATE ON public.${ident(reference.table)} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
    ];
  });
}

/** A catalogue row naming a row not every structure reads. */
export interface PrivateReference {
  resource: string;
  id: number;
  field: string;
  target: string;
  targetId: number;
}

/** Every catalogue row already naming a structure's (or the platform's private) row, on the platform's scope. */
export async function privateCatalogueReferences(db: Queryable): Promise<PrivateReference[]> {
  const selects = catalogueReferences().map(
    (reference) =>
      `SELECT ${literal(reference.owner.name)} AS resource, s.${ident(reference.ownColumn)} AS id, ${literal(reference.field)} AS field,
              ${literal(reference.target.name)} AS target, t.id AS target_id
         FROM public.${ident(reference.table)} s JOIN public.${ident(reference.target.table)} t ON t.id = ${namedSql(reference, 's')}
        WHERE ${catalogueOwnerSql(reference, 's')} AND NOT ${sharedSql(reference.target, 't')}`,
  );
  const rows = await db.query<{ resource: string; id: number; field: string; target: string; target_id: number }>(
    `${selects.join('\nUNION ALL\n')}\nORDER BY 1, 2, 3, 5`,
  );
  return rows.map((row) => ({
    resource: row.resource,
    id: Number(row.id),
    field: row.field,
    target: row.target,
    targetId: Number(row.target_id),
  }));
}
