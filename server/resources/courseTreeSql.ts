import { ident } from '../shared/sql.ts';

/** A level of a course's tree, outermost first: its table and the column naming its container. */
export interface TreeLevel {
  table: string;
  parent: string;
}

/**
 * SQL: how a node of level `index` (alias `alias`) reaches its course: the joins up through its containers
 * (each aliased `x<level>`, innermost first in `containers`) and the expression of its course's id. `schema`
 * qualifies the tables, for functions run without a search path of their own.
 */
export function containersSql(
  levels: readonly TreeLevel[],
  index: number,
  alias: string,
  schema = '',
): { joins: string; containers: string[]; course: string } {
  const joins: string[] = [];
  const containers: string[] = [];
  let child = alias;
  for (let up = index; up > 0; up--) {
    const container = `x${up - 1}`;
    joins.push(
      `JOIN ${schema}${ident(levels[up - 1].table)} ${container} ON ${container}.id = ${child}.${ident(levels[up].parent)}`,
    );
    containers.push(container);
    child = container;
  }
  return { joins: joins.join(' '), containers, course: `${child}.${ident(levels[0].parent)}` };
}
