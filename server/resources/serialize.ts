import { iriOf } from './iri.ts';
import { ident } from './sql.ts';
import { columnOf, type ResourceDeclaration } from './types.ts';

/** The SELECT list that reads one resource's row `t` into its API fields, in one statement. */
export function selectList(declaration: ResourceDeclaration): string {
  const parts = ['t.id AS "id"'];
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.writeOnly) continue;
    const type = field.type;
    const alias = ident(name);
    switch (type.kind) {
      case 'relations':
        parts.push(`ARRAY(SELECT j.${ident(type.otherColumn)} FROM ${ident(type.joinTable)} j WHERE j.${ident(type.ownColumn)} = t.id ORDER BY 1) AS ${alias}`);
        break;
      case 'children':
        parts.push(`ARRAY(SELECT c.id FROM ${ident(type.table)} c WHERE c.${ident(type.foreignKey)} = t.id ORDER BY c.${ident(type.orderBy)}, c.id) AS ${alias}`);
        break;
      case 'polymorphic': {
        const branches = Object.entries(type.targets).map(
          ([resource, target]) =>
            `WHEN t.${ident(target.column)} IS NOT NULL THEN (SELECT json_build_object('@id', '/api/${resource}/' || p.id, 'id', p.id, 'name', ${target.nameSql}) FROM ${ident(target.table)} p WHERE p.id = t.${ident(target.column)})`,
        );
        parts.push(`CASE ${branches.join(' ')} END AS ${alias}`);
        break;
      }
      case 'computed':
        parts.push(`${type.sql} AS ${alias}`);
        break;
      default:
        parts.push(`t.${ident(columnOf(name, field))} AS ${alias}`);
    }
  }
  parts.push('t.created_at AS "createdAt"', 't.updated_at AS "updatedAt"');
  return parts.join(',\n       ');
}

export type Format = 'jsonld' | 'json';

function plain(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** A row read by `selectList` as the API's item: IRIs for relations, ISO dates, JSON-LD keys when asked. */
export function serializeItem(declaration: ResourceDeclaration, row: Record<string, unknown>, format: Format): Record<string, unknown> {
  const id = row.id as number;
  const item: Record<string, unknown> =
    format === 'jsonld' ? { '@id': iriOf(declaration.name, id), '@type': declaration.type, id } : { id };
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (field.writeOnly) continue;
    const value = row[name];
    const type = field.type;
    if (type.kind === 'relation') item[name] = value == null ? null : iriOf(type.resource, value as number);
    else if (type.kind === 'relations' || type.kind === 'children')
      item[name] = ((value as number[] | null) ?? []).map((other) => iriOf(type.resource, other));
    else if (type.kind === 'polymorphic' && value && format === 'json') {
      const { '@id': _iri, ...summary } = value as Record<string, unknown>;
      item[name] = summary;
    } else item[name] = plain(value ?? null);
  }
  item.createdAt = plain(row.createdAt);
  item.updatedAt = plain(row.updatedAt);
  return item;
}

export function withContext(declaration: ResourceDeclaration, item: Record<string, unknown>): Record<string, unknown> {
  return { '@context': `/api/contexts/${declaration.type}`, ...item };
}
