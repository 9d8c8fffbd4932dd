import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../server/resources/definitions/index.ts';
import type { ResourceDeclaration } from '../../server/resources/types.ts';
import { TEXT_ORDER_COLLATION, TEXT_ORDER_KINDS } from '../../src/domain/textOrder.ts';
import { columnOfField, indexesOf, isStored, type IndexInfo } from './support/schema.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Every filter and order field a resource declares can be served by an index: its column is the first
 * key of some index on the resource's table (to-many filters: on the join table), `q` has a trigram
 * GIN index on the generated `search` column. A list must never scan a table because of a declaration.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cache = new Map<string, Promise<IndexInfo[]>>();
const indexes = (table: string) => {
  let known = cache.get(table);
  if (!known) {
    known = indexesOf(t.db, table);
    cache.set(table, known);
  }
  return known;
};

async function expectLeadingIndex(table: string, column: string, method?: string, collation?: string) {
  const found = (await indexes(table)).filter(
    (index) =>
      index.firstColumn === column &&
      (!method || index.method === method) &&
      (!collation || index.collation === collation),
  );
  const key = collation ? `${column} COLLATE ${collation}` : column;
  expect(
    found.map((index) => index.name),
    `an index on ${table} starting with ${key}: docs/ARCHITECTURE.md, "Adding a resource", step 3, ` +
      `CREATE INDEX ${table}_${column}_idx ON ${table} (${key}, id) in the resource's migration`,
  ).not.toEqual([]);
}

/** Where a declared filter or order field lives: [table, column], or undefined when it is not stored. */
function location(declaration: ResourceDeclaration, name: string): [string, string] | undefined {
  if (name === 'createdAt' || name === 'updatedAt' || name === 'id')
    return [declaration.table, columnOfField(declaration, name)];
  const field = declaration.fields[name];
  if (field.type.kind === 'relations') return [field.type.joinTable, field.type.otherColumn];
  if (!isStored(field)) return undefined;
  return [declaration.table, columnOfField(declaration, name)];
}

for (const declaration of declarations) {
  describe(declaration.name, () => {
    for (const filter of declaration.filters) {
      if (filter === 'q') {
        // A search through the row pointed at (a participation's learner) is that table's.
        const searched = declaration.searchVia?.table ?? declaration.table;
        it(`q has a trigram GIN index on ${searched}.search`, async () => {
          if (declaration.searchVia) await expectLeadingIndex(declaration.table, declaration.searchVia.column);
          const gin = (await indexes(searched)).filter(
            (index) => index.firstColumn === 'search' && index.method === 'gin' && index.opclass === 'gin_trgm_ops',
          );
          expect(
            gin.map((index) => index.name),
            `a trigram GIN index on ${searched}.search: docs/ARCHITECTURE.md, "Adding a resource", step 3, ` +
              `CREATE INDEX ${searched}_search_idx ON ${searched} USING gin (search gin_trgm_ops)`,
          ).toHaveLength(1);
        });
        continue;
      }
      const where = location(declaration, filter);
      if (!where) continue;
      it(`filter ${filter} has an index (${where[0]}.${where[1]})`, async () => {
        await expectLeadingIndex(where[0], where[1]);
      });
    }

    const orderFields = [...new Set([...declaration.order, ...(declaration.defaultOrder ?? []).map(([name]) => name)])];
    for (const field of orderFields) {
      const where = location(declaration, field);
      if (!where) continue;
      // Text sorts for a French reader: the order's index is built in that collation, or it cannot serve it.
      const kind = declaration.fields[field]?.type.kind;
      const collation = kind && TEXT_ORDER_KINDS.has(kind) ? TEXT_ORDER_COLLATION : undefined;
      it(`order ${field} has a B-tree index (${where[0]}.${where[1]}${collation ? ` COLLATE ${collation}` : ''})`, async () => {
        await expectLeadingIndex(where[0], where[1], 'btree', collation);
      });
    }
  });
}
