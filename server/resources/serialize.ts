import { ident, literal } from '../shared/sql.ts';
import { columnOf, type Format, type ResourceDeclaration } from './types.ts';

export type { Format } from './types.ts';

const iriSql = (resource: string, idSql: string) => `${literal(`/api/${resource}/`)} || ${idSql}`;

/**
 * Where an embedded summary's name comes from, given the SQL of the row's id: a FROM item `s` with a `name`,
 * and the condition that finds the row (none there when it is not readable). A user's name comes from
 * `user_display_name`, which also names the platform's staff to the structure whose rows they touched
 * (migration 0008).
 */
const SUMMARY_NAMES: Readonly<Record<string, (idSql: string) => { from: string; where: string }>> = {
  users: (idSql) => ({ from: `user_display_name(${idSql}) AS s(name)`, where: 's.name IS NOT NULL' }),
  companies: (idSql) => ({ from: 'companies s', where: `s.id = ${idSql}` }),
};

/** `{"@id", id, name}` of the row `idSql` points at (without `@id` in plain JSON), or NULL: one look-up. */
export function summarySql(resource: string, idSql: string, format: Format): string {
  const named = SUMMARY_NAMES[resource];
  if (!named) throw new Error(`No summary is declared for ${resource}.`);
  const { from, where } = named(idSql);
  const summary =
    format === 'jsonld'
      ? `json_build_object('@id', ${iriSql(resource, idSql)}, 'id', ${idSql}, 'name', s.name)`
      : `json_build_object('id', ${idSql}, 'name', s.name)`;
  return `(SELECT ${summary} FROM ${from} WHERE ${where})`;
}

/**
 * The SQL expression that builds one resource's item (row alias `t`) as JSON, in PostgreSQL: IRIs for
 * relations, ISO 8601 dates with their offset, JSON-LD keys when asked. The server then forwards the text
 * as it is: a list costs no parsing and no re-serialising of its rows in Node.
 */
export function itemJsonSql(declaration: ResourceDeclaration, format: Format): string {
  const pairs: string[] = [];
  if (format === 'jsonld')
    pairs.push(`'@id', ${iriSql(declaration.name, 't.id')}`, `'@type', ${literal(declaration.type)}`);
  pairs.push(`'id', t.id`);
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.writeOnly) continue;
    const type = field.type;
    const column = `t.${ident(columnOf(name, field))}`;
    let value: string;
    switch (type.kind) {
      case 'relation':
        value = type.embedded
          ? summarySql(type.resource, column, format)
          : `CASE WHEN ${column} IS NULL THEN NULL ELSE ${iriSql(type.resource, column)} END`;
        break;
      case 'relations':
        value = `ARRAY(SELECT ${iriSql(type.resource, `j.${ident(type.otherColumn)}`)} FROM ${ident(type.joinTable)} j
                 WHERE j.${ident(type.ownColumn)} = t.id ORDER BY j.${ident(type.otherColumn)})`;
        break;
      case 'children':
        value = `ARRAY(SELECT ${iriSql(type.resource, 'c.id')} FROM ${ident(type.table)} c
                 WHERE c.${ident(type.foreignKey)} = t.id ORDER BY c.${ident(type.orderBy)}, c.id)`;
        break;
      case 'polymorphic': {
        const branches = Object.entries(type.targets).map(([resource, target]) => {
          const summary =
            format === 'jsonld'
              ? `json_build_object('@id', ${iriSql(resource, 'p.id')}, 'id', p.id, 'name', ${target.nameSql})`
              : `json_build_object('id', p.id, 'name', ${target.nameSql})`;
          return `WHEN t.${ident(target.column)} IS NOT NULL THEN (SELECT ${summary} FROM ${ident(target.table)} p WHERE p.id = t.${ident(target.column)})`;
        });
        value = `CASE ${branches.join(' ')} END`;
        break;
      }
      case 'computed':
        value = typeof type.sql === 'function' ? type.sql(format) : type.sql;
        break;
      default:
        value = column;
    }
    pairs.push(`${literal(name)}, ${value}`);
  }
  pairs.push(`'createdAt', t.created_at`, `'updatedAt', t.updated_at`);
  // json_build_object takes at most 100 arguments.
  if (pairs.length > 50) throw new Error(`${declaration.name} has too many fields for one json_build_object.`);
  return `json_build_object(${pairs.join(',\n  ')})`;
}

/** Prefixes an item's JSON text with its JSON-LD @context, without parsing it. */
export function withContextText(declaration: ResourceDeclaration, itemText: string): string {
  return `{"@context":${JSON.stringify(`/api/contexts/${declaration.type}`)},${itemText.slice(1)}`;
}

export function withContext(declaration: ResourceDeclaration, item: Record<string, unknown>): Record<string, unknown> {
  return { '@context': `/api/contexts/${declaration.type}`, ...item };
}
