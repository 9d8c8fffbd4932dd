import { supervisedSql } from './supervision.ts';
import { literal } from '../shared/sql.ts';
import { columnOf, type OwnRows, type ResourceDeclaration } from './types.ts';

const columnSql = (declaration: ResourceDeclaration, field: string) => {
  if (field === 'id') return 't.id';
  const declared = declaration.fields[field];
  if (!declared) throw new Error(`${declaration.name} has no field ${field} to tell its own rows by.`);
  return `t.${columnOf(field, declared)}`;
};

const valueSql = (value: string | number) => (typeof value === 'number' ? String(value) : literal(value));

/**
 * A session's own rows of a resource as SQL on the row alias `t`, from the rights table's `mine`
 * (src/domain/rights.ts, which the back-office reads on a record): undefined when it declares none.
 */
export function ownRowsOf(declaration: ResourceDeclaration): OwnRows | undefined {
  const mine = declaration.access.mine;
  if (!mine) return undefined;
  const { only, orAny, supervised } = mine;
  if (supervised)
    return {
      condition: (userId) =>
        supervisedSql(
          String(Number(userId)),
          columnSql(declaration, mine.user),
          columnSql(declaration, supervised.course),
        ),
      supervised: true,
    };
  return {
    condition(userId) {
      let sql = `${columnSql(declaration, mine.user)} = ${Number(userId)}`;
      if (only) sql += ` AND ${columnSql(declaration, only.field)} = ${valueSql(only.value)}`;
      if (orAny)
        sql = `(${columnSql(declaration, orAny.field)} IN (${orAny.values.map(valueSql).join(', ')}) OR ${sql})`;
      return sql;
    },
    forced: only ? { [only.field]: only.value } : undefined,
  };
}
