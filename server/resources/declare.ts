import type { FieldContract, ResourceContract, ScalarField } from '../../src/domain/contracts/types.ts';
import type { FieldDeclaration, FieldType, Format, ResourceDeclaration } from './types.ts';

/**
 * Where a field lives when its column is not the default one (snake_case, `_id` for a to-one relation),
 * or how the rows of a relation or a computed value are reached. Nothing here is a fact of the API.
 */
export type FieldStorage =
  | { column: string }
  /** A to-many relation through a join table. */
  | { joinTable: string; ownColumn: string; otherColumn: string }
  /** The rows of another table that point at this one, in this order. */
  | { table: string; foreignKey: string; orderBy: string }
  /** A relation to one of several resources, each in its own column, with the SQL of its display name (alias `p`). */
  | { targets: Record<string, { column: string; table: string; nameSql: string }> }
  /**
   * The SQL of a computed value (row alias `t`), by format when it differs; also of a read-only scalar the
   * row does not store (a learner's state, from the row's dates), which is then served as the contract says.
   */
  | { sql: string | ((format: Format) => string) };

type FieldName<C extends ResourceContract> = Extract<keyof C['fields'], string>;

const isScalar = (type: FieldType): type is Extract<FieldType, ScalarField> =>
  !['relation', 'relations', 'children', 'polymorphic', 'computed'].includes(type.kind);

/** The server's side of a resource: its storage and the rules that need the database. */
export type Storage<C extends ResourceContract> = Omit<
  ResourceDeclaration,
  | 'name'
  | 'type'
  | 'fields'
  | 'filters'
  | 'order'
  | 'defaultOrder'
  | 'access'
  | 'operations'
  | 'deletePath'
  | 'contract'
  | 'siblingsOf'
  | 'constraints'
> & {
  fields?: Partial<Record<FieldName<C>, FieldStorage>>;
  siblingsOf?: FieldName<C>;
  constraints?: Record<string, { field: FieldName<C>; message: string; code?: string }>;
};

function fieldType(resource: string, name: string, field: FieldContract, storage: FieldStorage | undefined): FieldType {
  const missing = (what: string) => new Error(`${resource}.${name}: the server declaration must give ${what}.`);
  const computed = storage && 'sql' in storage ? storage.sql : undefined;
  if (computed !== undefined && field.kind !== 'embedded') {
    if (!field.readOnly) throw new Error(`${resource}.${name}: a value computed by SQL is read-only.`);
    const value = fieldType(resource, name, field, undefined);
    if (value.kind === 'computed' || !isScalar(value))
      throw new Error(`${resource}.${name}: only a scalar or an embedded value is computed by SQL.`);
    return { kind: 'computed', sql: computed, value };
  }
  switch (field.kind) {
    case 'string':
      return { kind: 'string', format: field.format, maxLength: field.maxLength };
    case 'integer':
      return { kind: 'integer', min: field.min, max: field.max };
    case 'enum':
      return { kind: 'enum', values: field.values, choiceGroup: field.choiceGroup };
    case 'stringList':
      return { kind: 'stringList', values: field.values, choiceGroup: field.choiceGroup };
    case 'relation':
      return { kind: 'relation', resource: field.target, embedded: field.embedded };
    case 'relations':
      if (!storage || !('joinTable' in storage)) throw missing('its join table');
      return { kind: 'relations', resource: field.target, ...storage };
    case 'children':
      if (!storage || !('foreignKey' in storage)) throw missing('the table of its rows');
      return { kind: 'children', resource: field.target, ...storage };
    case 'polymorphic': {
      if (!storage || !('targets' in storage)) throw missing('the column of each target');
      const stored = Object.keys(storage.targets);
      if (stored.join() !== field.targets.join())
        throw new Error(`${resource}.${name}: stored targets ${stored} differ from the contract's.`);
      return { kind: 'polymorphic', targets: storage.targets };
    }
    case 'embedded':
      if (!storage || !('sql' in storage)) throw missing('the SQL of the value');
      return { kind: 'computed', sql: storage.sql };
    default:
      return { kind: field.kind };
  }
}

/**
 * A resource as the engine serves it: every fact of the API from its contract (src/domain/contracts),
 * the storage from the server. A storage entry for a field the contract lacks fails at start.
 */
export function declareResource<C extends ResourceContract>(contract: C, storage: Storage<C>): ResourceDeclaration {
  const { fields: stored = {}, ...rest } = storage;
  for (const name of Object.keys(stored))
    if (!Object.hasOwn(contract.fields, name))
      throw new Error(`${contract.name}: storage for "${name}", which the contract lacks.`);
  // A rule filter is the contract's promise and the storage's SQL: each side must have the other's.
  const ruleSql = [
    ...Object.keys(storage.flagFilters ?? {}).map((name) => [name, 'flag'] as const),
    ...Object.keys(storage.defaultFilters ?? {}).map((name) => [name, 'flag'] as const),
    ...Object.keys(storage.throughFilters ?? {}).map((name) => [name, 'relation'] as const),
  ];
  for (const [name, kind] of ruleSql)
    if (contract.ruleFilters?.[name]?.kind !== kind)
      throw new Error(`${contract.name}: the filter "${name}" is not a ${kind} rule filter of the contract.`);
  for (const name of Object.keys(contract.ruleFilters ?? {}))
    if (!ruleSql.some(([stored]) => stored === name))
      throw new Error(`${contract.name}: the rule filter "${name}" has no SQL.`);
  const fields: Record<string, FieldDeclaration> = {};
  for (const [name, field] of Object.entries(contract.fields)) {
    const where = (stored as Record<string, FieldStorage | undefined>)[name];
    fields[name] = {
      type: fieldType(contract.name, name, field, where),
      column: where && 'column' in where ? where.column : undefined,
      required: field.required,
      readOnly: field.readOnly,
      writeOnly: field.writeOnly,
      defaultsToSessionUser: field.defaultsToSessionUser,
    };
  }
  return {
    ...rest,
    contract,
    name: contract.name,
    type: contract.type,
    fields,
    filters: contract.search ? [...contract.filters, 'q'] : contract.filters,
    order: contract.order,
    defaultOrder: contract.defaultOrder,
    access: contract.rights,
    operations: contract.operations,
    deletePath: contract.deletePath,
  };
}
