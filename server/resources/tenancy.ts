import type { Operation } from '../../src/domain/rights.ts';
import type { SessionStructure, Tenancy } from '../../src/domain/tenancy.ts';
import { literal } from '../shared/sql.ts';
import type { ResourceDeclaration } from './types.ts';

/** The column of a resource's rows that names their structure (the structures' own id for themselves). */
export const structureColumnOf = (tenancy: Tenancy): string =>
  tenancy.rows === 'structure' && tenancy.self ? 'id' : 'company_id';

const reads = (operation: Operation) => operation === 'list' || operation === 'get';

/** The catalogue's rows that structures read, as SQL on `alias`. */
export function catalogueRowsSql(tenancy: Tenancy, alias: string): string | undefined {
  if (tenancy.rows !== 'catalogue') return undefined;
  const shared = tenancy.shared
    ? ` AND ${alias}.${tenancy.shared.field} IN (${tenancy.shared.values.map(literal).join(', ')})`
    : '';
  return `${alias}.company_id IS NULL${shared}`;
}

/**
 * The rows a scope reaches by their structure column: all of them for the platform (tested first: one
 * value for the whole statement), else its structure's.
 */
export const inScopeSql = (column: string) => `((SELECT app_platform()) OR ${column} = (SELECT app_structure()))`;

/**
 * The rows of a resource's table (alias `alias`) that its row-level security lets a session read: its
 * structure's, and the catalogue's where the resource has one; undefined for the platform's tables, which
 * every session reads.
 */
export function readableRowsSql(tenancy: Tenancy, alias: string): string | undefined {
  if (tenancy.rows === 'platform') return undefined;
  const own = inScopeSql(`${alias}.${structureColumnOf(tenancy)}`);
  const catalogue = catalogueRowsSql(tenancy, alias);
  return catalogue ? `(${own} OR (${catalogue}))` : own;
}

/**
 * The engine's own scoping of a statement on a resource (alias `t`), from the session's structure: the first
 * of the two locks (row-level security is the second). Platform staff on "all structures" reach every row; a
 * structure its own rows, and reads the catalogue's. A create takes its structure from the session (the
 * column's default), or from the row it belongs to.
 */
export function structureScope(
  declaration: ResourceDeclaration,
  operation: Operation,
  structure: SessionStructure,
): string[] {
  const tenancy = declaration.access.tenancy;
  if (tenancy.rows === 'platform' || structure.allStructures || operation === 'create') return [];
  if (structure.structure === null) return ['false'];
  const own = `t.${structureColumnOf(tenancy)} = ${Number(structure.structure)}`;
  const catalogue = reads(operation) ? catalogueRowsSql(tenancy, 't') : undefined;
  return [catalogue ? `(${own} OR (${catalogue}))` : own];
}
