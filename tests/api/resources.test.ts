import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../../server/auth/jwt.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { MAX_ITEMS_PER_PAGE } from '../../server/resources/listQuery.ts';
import { ownRowsOf } from '../../server/resources/ownRows.ts';
import type { FieldDeclaration, ResourceDeclaration } from '../../server/resources/types.ts';
import { reach, roleNeeded } from '../../src/domain/rights.ts';
import { hasRole, type Role } from '../../src/domain/roles.ts';
import { sessionStructure, STRUCTURE_FIELD, STRUCTURES_RESOURCE } from '../../src/domain/tenancy.ts';
import { TEXT_ORDER_COLLATION, TEXT_ORDER_KINDS } from '../../src/domain/textOrder.ts';
import { structureScope } from '../../server/resources/tenancy.ts';
import {
  createSample,
  declarationOf,
  ensureRows,
  freshRow,
  insertSample,
  iri,
  sampleBody,
  sampleScalar,
  supports,
  uniqueString,
} from './support/samples.ts';
import {
  columnOf,
  columnOfField,
  ident,
  isStored,
  oneOfGroups,
  searchSourceColumns,
  uniqueIndexNames,
} from './support/schema.ts';
import {
  createTestApp,
  JWT_SECRET,
  PERSONA_ROLE,
  type Persona,
  type TestApp,
  type TestResponse,
} from './support/testApp.ts';

/**
 * The generic CRUD and Hydra contract of API.md, driven by the resource declarations: every resource,
 * every operation it offers, every filter and order field it declares. Expectations come from SQL on
 * the same database, so the tests hold whatever the demo seed holds.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Enough rows for pages of two to have a first, a middle and a last page. */
const MIN_ROWS = 7;
/** How many rows of a whole ordered list are compared with SQL (pages of two cover the boundaries). */
const ORDER_SAMPLE = 100;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const PROBLEM_JSON = /^application\/problem\+json/;

type Row = Record<string, unknown>;
type Dir = 'asc' | 'desc';

// ---------------------------------------------------------------- SQL side

/** A resource's rows as its list reads them: without those a default filter leaves out (unenrolled ones). */
const tableOf = (declaration: ResourceDeclaration) => {
  const defaults = Object.values(declaration.defaultFilters ?? {});
  return defaults.length === 0
    ? `${ident(declaration.table)} t`
    : `(SELECT * FROM ${ident(declaration.table)} t WHERE ${defaults.join(' AND ')}) t`;
};

/** The text `q` searches of a row `t`: its own `search` column, or that of the row it points at (searchVia). */
const searchText = (declaration: ResourceDeclaration) => {
  const via = declaration.searchVia;
  return via ? `(SELECT s.search FROM ${ident(via.table)} s WHERE s.id = t.${ident(via.column)})` : 't.search';
};

async function sqlIds(
  declaration: ResourceDeclaration,
  where = 'true',
  params: unknown[] = [],
  orderBy = 't.id',
  limit?: number,
): Promise<number[]> {
  const rows = await t.db.query<{ id: number }>(
    `SELECT t.id FROM ${tableOf(declaration)} WHERE ${where} ORDER BY ${orderBy}${limit ? ` LIMIT ${limit}` : ''}`,
    params,
  );
  return rows.map((row) => row.id);
}

async function sqlCount(declaration: ResourceDeclaration, where = 'true', params: unknown[] = []): Promise<number> {
  const [row] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${tableOf(declaration)} WHERE ${where}`,
    params,
  );
  return row.n;
}

async function sqlRow(declaration: ResourceDeclaration, id: number): Promise<Row> {
  const [row] = await t.db.query<Row>(`SELECT * FROM ${ident(declaration.table)} WHERE id = $1`, [id]);
  return row;
}

/** The engine's order: the declared columns, then the id in the last column's direction (PostgreSQL's NULL placement). */
/** A field as the list sorts it: text in the collation a French reader expects. */
function sortedSql(declaration: ResourceDeclaration, name: string): string {
  const column = `t.${ident(columnOfField(declaration, name))}`;
  const kind = declaration.fields[name]?.type.kind;
  return kind && TEXT_ORDER_KINDS.has(kind) ? `${column} COLLATE ${ident(TEXT_ORDER_COLLATION)}` : column;
}

function sqlOrder(declaration: ResourceDeclaration, parts: readonly (readonly [string, Dir])[]): string {
  const sql = parts.map(([name, dir]) => `${sortedSql(declaration, name)} ${dir.toUpperCase()}`);
  sql.push(`t.id ${(parts.at(-1)?.[1] ?? 'asc').toUpperCase()}`);
  return sql.join(', ');
}

// ---------------------------------------------------------------- HTTP side

async function list(
  declaration: ResourceDeclaration,
  query = '',
  options: { as?: Persona; accept?: string } = {},
): Promise<TestResponse> {
  return t.request('GET', `/api/${declaration.name}${query ? `?${query}` : ''}`, {
    as: options.as ?? 'superadmin',
    accept: options.accept,
  });
}

const memberIds = (response: TestResponse): number[] =>
  response.json['hydra:member'].map((member: { id: number }) => member.id);

async function listIds(declaration: ResourceDeclaration, query: string): Promise<number[]> {
  const response = await list(declaration, query);
  expect(response.status, response.body).toBe(200);
  return memberIds(response);
}

function expectProblem(response: TestResponse, status: number) {
  expect(response.status, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toMatch(PROBLEM_JSON);
  expect(response.json).toMatchObject({ type: `/errors/${status}`, status });
  expect(typeof response.json.title).toBe('string');
  expect(typeof response.json.detail).toBe('string');
}

function expectViolation(response: TestResponse, field: string) {
  expect(response.status, response.body).toBe(422);
  expect(response.json['@type']).toBe('ConstraintViolationList');
  expect(response.json.status).toBe(422);
  expect(Array.isArray(response.json.violations)).toBe(true);
  for (const violation of response.json.violations) {
    expect(typeof violation.propertyPath).toBe('string');
    expect(typeof violation.message).toBe('string');
  }
  const paths = response.json.violations.map((violation: { propertyPath: string }) => violation.propertyPath);
  expect(paths, response.body).toContain(field);
  expect(response.json.detail).toContain(`${field}: `);
}

function keysStartingWithAt(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => keysStartingWithAt(item, `${path}[${index}]`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => [
      ...(key.startsWith('@') ? [`${path}.${key}`] : []),
      ...keysStartingWithAt(inner, `${path}.${key}`),
    ]);
  return [];
}

/** Checks a returned item field by field against its SQL row: IRIs for relations, ISO dates, no write-only field. */
async function expectItemMatchesRow(declaration: ResourceDeclaration, item: Row) {
  const row = await sqlRow(declaration, item.id as number);
  expect(row, `row ${item.id} exists`).toBeDefined();
  for (const [name, field] of Object.entries(declaration.fields)) {
    const type = field.type;
    if (field.writeOnly) {
      expect(item, `${name} is write-only`).not.toHaveProperty(name);
      continue;
    }
    expect(item, `${name} is present`).toHaveProperty(name);
    const value = item[name];
    const column = isStored(field) ? row[columnOf(name, field)] : undefined;
    switch (type.kind) {
      case 'relation':
        expect(value, name).toEqual(column == null ? null : relationValue(type, column as number));
        break;
      case 'relations': {
        const others = await t.db.query<{ id: number }>(
          `SELECT ${ident(type.otherColumn)} AS id FROM ${ident(type.joinTable)} WHERE ${ident(type.ownColumn)} = $1`,
          [item.id],
        );
        expect([...(value as string[])].sort(), name).toEqual(
          others.map((other) => iri(type.resource, other.id)).sort(),
        );
        break;
      }
      case 'children': {
        const children = await t.db.query<{ id: number }>(
          `SELECT id FROM ${ident(type.table)} WHERE ${ident(type.foreignKey)} = $1 ORDER BY ${ident(type.orderBy)}, id`,
          [item.id],
        );
        expect(value, name).toEqual(children.map((child) => iri(type.resource, child.id)));
        break;
      }
      case 'polymorphic': {
        const target = Object.entries(type.targets).find(([, candidate]) => row[candidate.column] != null);
        if (!target) expect(value, name).toBeNull();
        else
          expect(value, name).toMatchObject({
            '@id': iri(target[0], row[target[1].column] as number),
            id: row[target[1].column],
          });
        break;
      }
      case 'datetime':
        if (column == null) expect(value, name).toBeNull();
        else {
          expect(value, name).toMatch(ISO_WITH_OFFSET);
          expect(Date.parse(value as string), name).toBe((column as Date).getTime());
        }
        break;
      case 'integer':
        expect(value, name).toBe(column == null ? null : Number(column));
        break;
      case 'computed':
        break;
      default:
        expect(value, name).toEqual(column ?? null);
    }
  }
  for (const name of ['createdAt', 'updatedAt']) {
    expect(item[name], name).toMatch(ISO_WITH_OFFSET);
    expect(Date.parse(item[name] as string), name).toBe(
      (row[name === 'createdAt' ? 'created_at' : 'updated_at'] as Date).getTime(),
    );
  }
}

/** A create's answer holds what was sent: relations as IRIs whether sent as IRIs or ids, dates as the same instant. */
function expectEcho(declaration: ResourceDeclaration, body: Row, item: Row) {
  for (const [name, sent] of Object.entries(body)) {
    const field = declaration.fields[name];
    const type = field.type;
    if (field.writeOnly) continue;
    const got = item[name];
    switch (type.kind) {
      case 'relation':
        expect(got, name).toEqual(
          relationValue(type, typeof sent === 'number' ? sent : Number(String(sent).split('/').pop())),
        );
        break;
      case 'relations':
        expect([...(got as string[])].sort(), name).toEqual(
          (sent as (string | number)[]).map((one) => (typeof one === 'number' ? iri(type.resource, one) : one)).sort(),
        );
        break;
      case 'polymorphic':
        expect((got as Row | null)?.['@id'], name).toBe(sent);
        break;
      case 'datetime':
        expect(Date.parse(got as string), name).toBe(Date.parse(sent as string));
        break;
      case 'stringList':
        // The server may add values of its own (a new user starts with ROLE_FIRST_CONNECT).
        expect(got, name).toEqual(expect.arrayContaining(sent as string[]));
        break;
      case 'json':
        // The server may derive values of its own beside what was sent (a video's id from its address).
        expect(got, name).toEqual(expect.objectContaining(sent as Row));
        break;
      default:
        expect(got, name).toEqual(sent);
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A row the test may change or delete: made through the API when the resource creates, by SQL otherwise. */
async function ownRow(declaration: ResourceDeclaration): Promise<number> {
  return supports(declaration, 'create') ? freshRow(t, declaration.name) : insertSample(t, declaration);
}

const writable = (field: FieldDeclaration) => !field.readOnly && !['computed', 'children'].includes(field.type.kind);

// ---------------------------------------------------------------- rights, from the declarations

const PERSONA_ORDER: readonly Persona[] = ['superadmin', 'admin', 'contributor'];

/** The highest demo persona that lacks the role, if any. */
function personaBelow(role: Role): Persona | undefined {
  return PERSONA_ORDER.find((persona) => !hasRole([PERSONA_ROLE[persona]], role));
}

// ---------------------------------------------------------------- the tests

for (const declaration of declarations) {
  const name = declaration.name;
  const readable = supports(declaration, 'list') || supports(declaration, 'get');

  describe(name, () => {
    beforeAll(async () => {
      if (readable) await ensureRows(t, declaration, MIN_ROWS);
    });

    if (supports(declaration, 'list')) {
      describeList(declaration);
      describeOrder(declaration);
      describeFilters(declaration);
    }
    if (supports(declaration, 'get')) describeGet(declaration);
    if (supports(declaration, 'create')) describeCreate(declaration);
    else
      it('offers no generic create', async () => {
        const body = await sampleBody(declaration, t);
        const before = await sqlCount(declaration);
        const response = await t.request('POST', `/api/${name}`, { as: 'superadmin', body });
        // No route (404/405), or a dedicated one (an upload) that refuses a JSON body.
        expect(response.status, response.body).toBeGreaterThanOrEqual(400);
        expect(response.status, response.body).toBeLessThan(500);
        expect(await sqlCount(declaration)).toBe(before);
      });
    if (supports(declaration, 'update')) describeUpdate(declaration);
    if (supports(declaration, 'delete')) describeDelete(declaration);
    describeAuthentication(declaration);
    describeRights(declaration);
  });
}

function describeList(declaration: ResourceDeclaration) {
  it('list as Hydra', async () => {
    const total = await sqlCount(declaration);
    const response = await list(declaration, 'itemsPerPage=3&page=2');
    expect(response.status, response.body).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/ld\+json/);
    const body = response.json;
    expect(body['@context']).toBe(`/api/contexts/${declaration.type}`);
    expect(body['@id']).toBe(`/api/${declaration.name}`);
    expect(body['@type']).toBe('hydra:Collection');
    expect(body['hydra:totalItems']).toBe(total);
    expect(body['hydra:member']).toHaveLength(Math.max(0, Math.min(3, total - 3)));
    for (const member of body['hydra:member']) {
      expect(member['@id']).toBe(iri(declaration.name, member.id));
      expect(member['@type']).toBe(declaration.type);
    }
    const view = body['hydra:view'];
    const pageOf = (link: string) => {
      const url = new URL(link, 'http://x');
      expect(url.pathname).toBe(`/api/${declaration.name}`);
      expect(url.searchParams.get('itemsPerPage')).toBe('3');
      return Number(url.searchParams.get('page'));
    };
    const last = Math.max(1, Math.ceil(total / 3));
    expect(pageOf(view['hydra:first'])).toBe(1);
    expect(pageOf(view['hydra:last'])).toBe(last);
    expect(pageOf(view['hydra:previous'])).toBe(1);
    if (last > 2) expect(pageOf(view['hydra:next'])).toBe(3);
    else expect(view).not.toHaveProperty('hydra:next');
  });

  it('list as a plain JSON array', async () => {
    const total = await sqlCount(declaration);
    const response = await list(declaration, '', { accept: 'application/json' });
    expect(response.status, response.body).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    expect(Array.isArray(response.json)).toBe(true);
    expect(response.json).toHaveLength(Math.min(30, total));
    expect(keysStartingWithAt(response.json)).toEqual([]);
    expect(response.json.every((member: Row) => typeof member.id === 'number')).toBe(true);
  });

  it('pagination walks every row once, following hydra:next', async () => {
    const expected = await sqlIds(declaration);
    const perPage = Math.max(2, Math.ceil(expected.length / 6));
    const seen: number[] = [];
    let url: string | undefined = `/api/${declaration.name}?itemsPerPage=${perPage}`;
    let pages = 0;
    while (url) {
      const response = await t.request('GET', url, { as: 'superadmin' });
      expect(response.status, response.body).toBe(200);
      expect(response.json['hydra:totalItems']).toBe(expected.length);
      const ids = memberIds(response);
      expect(ids.length).toBeLessThanOrEqual(perPage);
      seen.push(...ids);
      url = response.json['hydra:view']['hydra:next'];
      expect(++pages).toBeLessThanOrEqual(Math.ceil(expected.length / perPage) + 1);
    }
    expect(new Set(seen).size, 'no duplicate').toBe(seen.length);
    expect([...seen].sort((a, b) => a - b)).toEqual(expected);
  });

  it('a page past the end is empty and keeps the exact total', async () => {
    const total = await sqlCount(declaration);
    const response = await list(declaration, `itemsPerPage=5&page=${Math.ceil(total / 5) + 2}`);
    expect(response.status).toBe(200);
    expect(response.json['hydra:member']).toEqual([]);
    expect(response.json['hydra:totalItems']).toBe(total);
  });

  for (const query of ['page=0', 'page=abc', 'page=-1', 'itemsPerPage=0', 'itemsPerPage=abc', 'page=1.5'])
    it(`${query} is a 400`, async () => {
      expectProblem(await list(declaration, query), 400);
    });
}

function describeOrder(declaration: ResourceDeclaration) {
  it('default order', async () => {
    const expected = await sqlIds(
      declaration,
      'true',
      [],
      sqlOrder(declaration, declaration.defaultOrder ?? []),
      ORDER_SAMPLE,
    );
    expect(await listIds(declaration, `itemsPerPage=${ORDER_SAMPLE}`)).toEqual(expected);
  });

  for (const field of declaration.order)
    for (const dir of ['asc', 'desc'] as const)
      it(`order by ${field} ${dir}`, async () => {
        const orderBy = sqlOrder(declaration, [[field, dir]]);
        const expected = await sqlIds(declaration, 'true', [], orderBy);
        expect(await listIds(declaration, `order[${field}]=${dir}&itemsPerPage=${ORDER_SAMPLE}`)).toEqual(
          expected.slice(0, ORDER_SAMPLE),
        );
        // Across page boundaries, pages in order then again out of order (remembered boundaries reused).
        const pages: Record<number, number[]> = {};
        for (const page of [1, 2, 3, 3, 2, 1])
          pages[page] = await listIds(declaration, `order[${field}]=${dir}&itemsPerPage=2&page=${page}`);
        expect([...pages[1], ...pages[2], ...pages[3]]).toEqual(expected.slice(0, 6));
        const deep = Math.max(1, Math.ceil(expected.length / 2));
        expect(await listIds(declaration, `order[${field}]=${dir}&itemsPerPage=2&page=${deep}`)).toEqual(
          expected.slice((deep - 1) * 2, deep * 2),
        );
      });

  if (declaration.order.length >= 2) {
    const [first, second] = declaration.order;
    it(`order by ${first} desc then ${second} asc`, async () => {
      const orderBy = `${sortedSql(declaration, first)} DESC, ${sortedSql(declaration, second)} ASC, t.id ASC`;
      const expected = await sqlIds(declaration, 'true', [], orderBy, 6);
      const pages = [];
      for (const page of [1, 2, 3])
        pages.push(
          ...(await listIds(declaration, `order[${first}]=desc&order[${second}]=asc&itemsPerPage=2&page=${page}`)),
        );
      expect(pages).toEqual(expected);
    });
  }

  it('an order direction other than asc or desc is a 400', async () => {
    expectProblem(await list(declaration, `order[${declaration.order[0] ?? 'id'}]=sideways`), 400);
  });
}

/** Values of a filter present in the data, least frequent first (so that the filter narrows the list). */
async function filterValues(declaration: ResourceDeclaration, name: string): Promise<unknown[]> {
  const field = declaration.fields[name];
  const type = field.type;
  if (type.kind === 'relations') {
    const rows = await t.db.query<{ v: number }>(
      `SELECT ${ident(type.otherColumn)} AS v FROM ${ident(type.joinTable)} GROUP BY 1 ORDER BY count(*), 1 LIMIT 2`,
    );
    return rows.map((row) => row.v);
  }
  const column = valueSql(declaration, name);
  const rows = await t.db.query<{ v: unknown }>(
    `SELECT ${column} AS v FROM ${tableOf(declaration)} WHERE ${column} IS NOT NULL GROUP BY 1 ORDER BY count(*), 1 LIMIT 2`,
  );
  return rows.map((row) => row.v);
}

/** At least `count` values of the filter in the data, adding rows of the resource when the seed has fewer. */
async function valuesFor(declaration: ResourceDeclaration, name: string, count: number): Promise<unknown[]> {
  let values = await filterValues(declaration, name);
  // Rows of one more structure each time, where the structure is the filter (the platform's staff name it).
  const structures =
    name === STRUCTURE_FIELD && supports(declaration, 'create') ? await sqlIds(declarationOf(STRUCTURES_RESOURCE)) : [];
  for (let attempt = 0; values.length < count && attempt < 6; attempt++) {
    if (structures.length > 0)
      await createSample(t, declaration.name, {
        overrides: { [name]: iri(STRUCTURES_RESOURCE, structures[attempt % structures.length]) },
      });
    // A field the database sets (a validation's cycle) varies only where SQL writes it.
    else if (declaration.fields[name]?.readOnly && isStored(declaration.fields[name]))
      await insertSample(t, declaration);
    else await ownRow(declaration);
    values = await filterValues(declaration, name);
  }
  expect(values.length, `the data holds ${count} value(s) for the filter ${name}`).toBeGreaterThanOrEqual(count);
  return values.slice(0, count);
}

/** A filter's value of a row `t`: its column, or the SQL that computes it (read as the API serves it). */
function valueSql(declaration: ResourceDeclaration, name: string): string {
  const field = declaration.fields[name];
  if (field.type.kind !== 'computed') return `t.${ident(columnOf(name, field))}`;
  const sql = field.type.sql;
  return `(${typeof sql === 'function' ? sql('json') : sql})`;
}

function filterCondition(declaration: ResourceDeclaration, name: string): string {
  const field = declaration.fields[name];
  const type = field.type;
  // A computed value's filter has its own condition: the rows must be those whose value is the one asked.
  if (type.kind === 'computed') return `${valueSql(declaration, name)} = ANY($1)`;
  if (type.kind === 'relations')
    return `EXISTS (SELECT 1 FROM ${ident(type.joinTable)} j WHERE j.${ident(type.ownColumn)} = t.id AND j.${ident(type.otherColumn)} = ANY($1))`;
  return `t.${ident(columnOf(name, field))} = ANY($1)`;
}

/** A to-one relation as served: its IRI, or its embedded summary `{"@id", id, name}` (API.md). */
function relationValue(type: { resource: string; embedded?: boolean }, id: number): unknown {
  return type.embedded
    ? { '@id': iri(type.resource, id), id: Number(id), name: expect.any(String) }
    : iri(type.resource, id);
}

const isEqual = (actual: unknown, expected: unknown) => {
  try {
    expect(actual).toEqual(expected);
    return true;
  } catch {
    return false;
  }
};

function memberMatches(declaration: ResourceDeclaration, name: string, member: Row, values: unknown[]): boolean {
  const type = declaration.fields[name].type;
  if (type.kind === 'relation')
    return values.some((value) => isEqual(member[name], relationValue(type, value as number)));
  if (type.kind === 'relations')
    return values.some((value) => (member[name] as string[]).includes(iri(type.resource, value as number)));
  return values.some((value) => member[name] === value);
}

async function expectFiltered(declaration: ResourceDeclaration, name: string, query: string, values: unknown[]) {
  const response = await list(declaration, `${query}&itemsPerPage=${MAX_ITEMS_PER_PAGE}`);
  expect(response.status, response.body).toBe(200);
  const expected = await sqlIds(declaration, filterCondition(declaration, name), [values]);
  expect(expected.length, 'the data holds rows for this filter').toBeGreaterThan(0);
  expect(response.json['hydra:totalItems']).toBe(expected.length);
  const members: Row[] = response.json['hydra:member'];
  const strays = members.filter((member) => !memberMatches(declaration, name, member, values));
  expect(
    strays.map((member) => member.id),
    'members that do not match',
  ).toEqual([]);
  if (expected.length <= MAX_ITEMS_PER_PAGE)
    expect(members.map((member) => member.id).sort((a, b) => Number(a) - Number(b))).toEqual(expected);
  // The same filter again: the cached count stays exact.
  const again = await list(declaration, `${query}&itemsPerPage=1`);
  expect(again.json['hydra:totalItems']).toBe(expected.length);
}

const otherResource = (resource: string) => declarations.find((candidate) => candidate.name !== resource)?.name ?? 'x';

function describeFilters(declaration: ResourceDeclaration) {
  for (const name of declaration.filters) {
    if (name === 'q') {
      describeSearch(declaration);
      continue;
    }
    const field = declaration.fields[name];
    const type = field.type;
    const param = type.kind === 'relations' ? `${name}[]` : name;

    if (type.kind === 'datetime') {
      it(`filter by ${name}[after] and [before]`, async () => {
        const column = ident(columnOf(name, field));
        const [pivot] = await t.db.query<{ v: Date }>(
          `SELECT ${column} AS v FROM ${ident(declaration.table)} WHERE ${column} IS NOT NULL ORDER BY 1 OFFSET 1 LIMIT 1`,
        );
        expect(pivot, 'the data holds dates for this filter').toBeDefined();
        for (const [suffix, operator] of [
          ['after', '>='],
          ['before', '<='],
        ] as const) {
          const response = await list(
            declaration,
            `${name}[${suffix}]=${encodeURIComponent(pivot.v.toISOString())}&itemsPerPage=1`,
          );
          expect(response.status, response.body).toBe(200);
          expect(response.json['hydra:totalItems']).toBe(
            await sqlCount(declaration, `t.${column} ${operator} $1`, [pivot.v]),
          );
        }
        expectProblem(await list(declaration, `${name}[after]=yesterday`), 400);
      });
      continue;
    }

    if (type.kind === 'relation' || type.kind === 'relations') {
      it(`filter by ${name} (IRI)`, async () => {
        const [value] = await valuesFor(declaration, name, 1);
        await expectFiltered(declaration, name, `${param}=${encodeURIComponent(iri(type.resource, value as number))}`, [
          value,
        ]);
      });
      it(`filter by ${name} (bare id)`, async () => {
        const [value] = await valuesFor(declaration, name, 1);
        await expectFiltered(declaration, name, `${param}=${value}`, [value]);
      });
      it(`filter by ${name} refuses a value that is not an IRI of ${type.resource} nor an id`, async () => {
        expectProblem(await list(declaration, `${param}=abc`), 400);
        expectProblem(
          await list(declaration, `${param}=${encodeURIComponent(iri(otherResource(type.resource), 1))}`),
          400,
        );
      });
      it(`filter by ${name} with an id beyond the integer range is never a 5xx`, async () => {
        const response = await list(declaration, `${param}=99999999999`);
        expect(response.status, response.body).toBeLessThan(500);
        if (response.status === 200) expect(response.json['hydra:totalItems']).toBe(0);
        else expectProblem(response, 400);
      });
    } else {
      it(`filter by ${name}`, async () => {
        const [value] = await valuesFor(declaration, name, 1);
        await expectFiltered(declaration, name, `${param}=${encodeURIComponent(String(value))}`, [value]);
      });
      if (type.kind === 'string' || type.kind === 'text')
        it(`filter by ${name} with a NUL byte is never a 5xx`, async () => {
          const response = await list(declaration, `${param}=a%00b`);
          expect(response.status, response.body).toBeLessThan(500);
        });
      const invalid =
        type.kind === 'boolean'
          ? 'maybe'
          : type.kind === 'integer' || (type.kind === 'enum' && typeof type.values[0] === 'number')
            ? 'abc'
            : type.kind === 'computed' && type.value?.kind === 'enum'
              ? 'none_of_them'
              : undefined;
      if (invalid)
        it(`filter by ${name} refuses "${invalid}"`, async () => {
          expectProblem(await list(declaration, `${param}=${invalid}`), 400);
        });
    }

    it(`filter by ${name}, any of two values`, async () => {
      const values = await valuesFor(declaration, name, 2);
      const query = values.map((value) => `${name}[]=${encodeURIComponent(String(value))}`).join('&');
      await expectFiltered(declaration, name, query, values);
    });
  }
}

function describeSearch(declaration: ResourceDeclaration) {
  it('search q matches a substring, case-insensitively', async () => {
    const text = searchText(declaration);
    const rows = await t.db.query<{ search: string }>(
      `SELECT ${text} AS search FROM ${tableOf(declaration)} WHERE ${text} ~ '[a-z]{4,}' ORDER BY t.id DESC LIMIT 1`,
    );
    expect(rows, 'the data holds searchable text').toHaveLength(1);
    const word = /[a-z]{4,}/.exec(rows[0].search)?.[0] ?? '';
    const part = word.slice(1, 4);
    const expected = await sqlIds(declaration, `${text} LIKE $1`, [`%${part}%`]);
    const response = await list(
      declaration,
      `q=${encodeURIComponent(part.toUpperCase())}&itemsPerPage=${MAX_ITEMS_PER_PAGE}`,
    );
    expect(response.status, response.body).toBe(200);
    expect(response.json['hydra:totalItems']).toBe(expected.length);
    if (expected.length <= MAX_ITEMS_PER_PAGE) expect(memberIds(response).sort((a, b) => a - b)).toEqual(expected);
  });

  it('search q with several words needs them all', async () => {
    const text = searchText(declaration);
    const [row] = await t.db.query<{ id: number; search: string }>(
      `SELECT t.id, ${text} AS search FROM ${tableOf(declaration)} WHERE ${text} ~ '[a-z]{3,}[^a-z]+[a-z]{3,}' ORDER BY t.id LIMIT 1`,
    );
    expect(row, 'the data holds searchable text of two words').toBeDefined();
    const words = row.search.match(/[a-z]{3,}/g)?.slice(0, 2) ?? [];
    const expected = await sqlIds(
      declaration,
      `${text} LIKE $1 AND ${text} LIKE $2`,
      words.map((word) => `%${word}%`),
    );
    const response = await list(
      declaration,
      `q=${encodeURIComponent(words.join(' '))}&itemsPerPage=${MAX_ITEMS_PER_PAGE}`,
    );
    expect(response.json['hydra:totalItems']).toBe(expected.length);
    if (expected.length <= MAX_ITEMS_PER_PAGE) expect(memberIds(response).sort((a, b) => a - b)).toEqual(expected);
    expect(expected).toContain(row.id);
  });

  it('search q with a NUL byte is never a 5xx', async () => {
    const response = await list(declaration, 'q=a%00b');
    expect(response.status, response.body).toBeLessThan(500);
  });

  it('search q escapes LIKE wildcards', async () => {
    for (const wildcard of ['%', '_']) {
      const expected = await sqlCount(declaration, `strpos(${searchText(declaration)}, $1) > 0`, [wildcard]);
      const response = await list(declaration, `q=${encodeURIComponent(wildcard)}&itemsPerPage=1`);
      expect(response.status).toBe(200);
      expect(response.json['hydra:totalItems'], wildcard).toBe(expected);
    }
  });

  // A search through another row (a participation's learner) folds as that resource's own search does.
  if (supports(declaration, 'create') && !declaration.searchVia)
    it('search q folds accented capitals', async () => {
      const sources = await searchSourceColumns(t.db, declaration.table);
      const fieldName = Object.entries(declaration.fields).find(
        ([fieldKey, field]) =>
          writable(field) &&
          ['string', 'text'].includes(field.type.kind) &&
          !('format' in field.type && field.type.format) &&
          sources.includes(columnOf(fieldKey, field)),
      )?.[0];
      expect(fieldName, 'a writable text field feeds the search').toBeDefined();
      const marker = uniqueString('x').replace(/\W/g, '').slice(-6);
      const created = await createSample(t, declaration.name, {
        overrides: { [fieldName as string]: `Élève Ébène ${marker}` },
      });
      for (const q of [`ÉLÈVE ${marker}`, `élève ${marker.toUpperCase()}`, `ÉBÈNE ${marker}`]) {
        const response = await list(declaration, `q=${encodeURIComponent(q)}&itemsPerPage=${MAX_ITEMS_PER_PAGE}`);
        expect(response.status).toBe(200);
        expect(memberIds(response), q).toContain(created.id);
      }
    });
}

function describeGet(declaration: ResourceDeclaration) {
  it('get one', async () => {
    const ids = await sqlIds(declaration, 'true', [], 't.id DESC', 3);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const response = await t.request('GET', `/api/${declaration.name}/${id}`, { as: 'superadmin' });
      expect(response.status, response.body).toBe(200);
      expect(response.json).toMatchObject({
        '@context': `/api/contexts/${declaration.type}`,
        '@id': iri(declaration.name, id),
        '@type': declaration.type,
        id,
      });
      await expectItemMatchesRow(declaration, response.json);
    }
  });

  it('get one as plain JSON', async () => {
    const [id] = await sqlIds(declaration, 'true', [], 't.id', 1);
    const response = await t.request('GET', `/api/${declaration.name}/${id}`, {
      as: 'superadmin',
      accept: 'application/json',
    });
    expect(response.status).toBe(200);
    expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
    expect(response.json.id).toBe(id);
    expect(keysStartingWithAt(response.json)).toEqual([]);
  });

  it('get an unknown id is a 404', async () => {
    const [{ max }] = await t.db.query<{ max: number }>(
      `SELECT coalesce(max(id), 0) AS max FROM ${ident(declaration.table)}`,
    );
    expectProblem(await t.request('GET', `/api/${declaration.name}/${Number(max) + 1000}`, { as: 'superadmin' }), 404);
  });

  for (const id of ['abc', '1.5', '99999999999999999999'])
    it(`get /${id} is a 404`, async () => {
      expectProblem(await t.request('GET', `/api/${declaration.name}/${id}`, { as: 'superadmin' }), 404);
    });
}

/** Writable fields and a bad value of the wrong type for each (none for JSON, which takes anything). */
function wrongValues(declaration: ResourceDeclaration): [string, unknown, string][] {
  const cases: [string, unknown, string][] = [];
  for (const [name, field] of Object.entries(declaration.fields)) {
    if (!writable(field)) continue;
    const type = field.type;
    switch (type.kind) {
      case 'string':
      case 'text':
        cases.push([name, 12345, 'a number']);
        if (type.kind === 'string' && type.maxLength)
          cases.push([name, 'x'.repeat(type.maxLength + 1), 'too long a string']);
        if (type.kind === 'string' && type.format)
          cases.push([name, 'pas-au-bon-format', `not a valid ${type.format}`]);
        break;
      case 'integer':
        cases.push([name, 'douze', 'a string'], [name, 1.5, 'a decimal']);
        if (type.min !== undefined) cases.push([name, type.min - 1, 'below its minimum']);
        if (type.max !== undefined) cases.push([name, type.max + 1, 'above its maximum']);
        break;
      case 'boolean':
        cases.push([name, 'oui', 'a string']);
        break;
      case 'datetime':
        cases.push([name, 'pas une date', 'not a date'], [name, '2025-13-45T10:00:00Z', 'an impossible date']);
        break;
      case 'enum':
        cases.push([name, typeof type.values[0] === 'number' ? 99 : 'hors-liste', 'a value outside the list']);
        break;
      case 'stringList':
        cases.push([name, 'ROLE_USER', 'not a list']);
        if (type.values) cases.push([name, ['ROLE_NOT_A_ROLE'], 'a value outside the list']);
        break;
      case 'relation':
        cases.push([name, iri(otherResource(type.resource), 1), `an IRI of another resource than ${type.resource}`]);
        cases.push([name, iri(type.resource, 999999999), 'a missing row']);
        cases.push([name, { foo: 'bar' }, 'an object without @id']);
        break;
      case 'relations':
        cases.push([name, [iri(otherResource(type.resource), 1)], `an IRI of another resource than ${type.resource}`]);
        cases.push([name, iri(type.resource, 1), 'not a list']);
        break;
      case 'polymorphic':
        cases.push([
          name,
          iri(declarations.find((candidate) => !(candidate.name in type.targets))?.name ?? 'x', 1),
          'an IRI of a resource it cannot point at',
        ]);
        break;
      case 'password':
        cases.push([name, 'court', 'too weak a password']);
        break;
    }
  }
  return cases;
}

/** Values that no client should send; the answer must be a 4xx, never a 5xx. */
function nastyValues(field: FieldDeclaration): unknown[] {
  switch (field.type.kind) {
    case 'string':
    case 'text':
      return ['nul \u0000 byte', { object: true }, ['list'], 'x'.repeat(20_000), true];
    case 'integer':
      return [2 ** 40, -(2 ** 40), 1e308, '12', null];
    case 'boolean':
      return [1, 'true', {}, null];
    case 'datetime':
      return ['99999-01-01T00:00:00Z', '2025-02-30T10:00:00Z', '0000-01-01T00:00:00Z', 17, null];
    case 'enum':
      return [[], {}, true, null];
    case 'json':
      return ['nul \u0000 byte', { deep: 'nul \u0000 byte' }];
    case 'stringList':
      return [['nul \u0000 byte'], [1, 2], {}, null];
    case 'relation':
      return [2 ** 40, '/api/x/1', -1, 0, true, ['/api/x/1'], null];
    case 'relations':
      return [[2 ** 40], [-1], [null], {}, null];
    case 'polymorphic':
      return [2 ** 40, {}, true];
    default:
      return [];
  }
}

/**
 * A valid body with one field replaced. When the field belongs to a "one of these columns" CHECK
 * (a comment's target), the other fields of that group are left out so that the CHECK still holds.
 */
async function bodyWith(declaration: ResourceDeclaration, field: string, value: unknown, base?: Row): Promise<Row> {
  const body: Row = { ...(base ?? (await sampleBody(declaration, t))), [field]: value };
  const column = isStored(declaration.fields[field]) ? columnOf(field, declaration.fields[field]) : undefined;
  for (const group of await oneOfGroups(t.db, declaration.table)) {
    if (!column || !group.columns.includes(column)) continue;
    for (const [other, otherField] of Object.entries(declaration.fields))
      if (other !== field && isStored(otherField) && group.columns.includes(columnOf(other, otherField)))
        delete body[other];
  }
  return body;
}

function describeCreate(declaration: ResourceDeclaration) {
  const hasReferences = Object.values(declaration.fields).some(
    (field) => writable(field) && ['relation', 'relations'].includes(field.type.kind),
  );
  const required = Object.entries(declaration.fields)
    .filter(([, field]) => field.required && writable(field))
    .map(([name]) => name);

  it(`create${hasReferences ? ' (relations as IRIs)' : ''}`, async () => {
    const body = await sampleBody(declaration, t);
    const before = await sqlCount(declaration);
    const response = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body });
    expect(response.status, response.body).toBe(201);
    expect(response.headers.location).toBe(iri(declaration.name, response.json.id));
    expect(response.json['@id']).toBe(response.headers.location);
    expect(response.json['@type']).toBe(declaration.type);
    expectEcho(declaration, body, response.json);
    await expectItemMatchesRow(declaration, response.json);
    expect(await sqlCount(declaration)).toBe(before + 1);
    const read = await t.request('GET', response.headers.location as string, { as: 'superadmin' });
    expect(read.json).toEqual(response.json);
  });

  if (hasReferences)
    it('create (relations as bare ids)', async () => {
      const body = await sampleBody(declaration, t, { references: 'id' });
      expect(
        Object.values(body).some(
          (value) =>
            typeof value === 'number' || (Array.isArray(value) && value.some((one) => typeof one === 'number')),
        ),
      ).toBe(true);
      const response = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body });
      expect(response.status, response.body).toBe(201);
      expectEcho(declaration, body, response.json);
    });

  it('create answers plain JSON when asked', async () => {
    const body = await sampleBody(declaration, t);
    const response = await t.request('POST', `/api/${declaration.name}`, {
      as: 'superadmin',
      body,
      accept: 'application/json',
    });
    expect(response.status, response.body).toBe(201);
    expect(keysStartingWithAt(response.json)).toEqual([]);
  });

  for (const field of required) {
    it(`create without ${field} is a 422 on ${field}`, async () => {
      const { [field]: _dropped, ...body } = await sampleBody(declaration, t);
      const before = await sqlCount(declaration);
      expectViolation(await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body }), field);
      expect(await sqlCount(declaration)).toBe(before);
    });
    const type = declaration.fields[field].type.kind;
    if (type === 'string' || type === 'text')
      it(`create with a blank ${field} is a 422 on ${field}`, async () => {
        const body = { ...(await sampleBody(declaration, t)), [field]: '   ' };
        expectViolation(await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body }), field);
      });
  }

  for (const [field, value, label] of wrongValues(declaration))
    it(`create with ${field} ${label} is a 422 on ${field}`, async () => {
      const body = await bodyWith(declaration, field, value);
      const before = await sqlCount(declaration);
      expectViolation(await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body }), field);
      expect(await sqlCount(declaration)).toBe(before);
    });

  it('bad values are refused with a 4xx, never a 5xx', async () => {
    const failures: string[] = [];
    const base = await sampleBody(declaration, t);
    for (const [field, declared] of Object.entries(declaration.fields)) {
      if (!writable(declared)) continue;
      for (const value of nastyValues(declared)) {
        const body = await bodyWith(declaration, field, value, base);
        const response = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body });
        if (response.status >= 500 || (response.status !== 201 && response.status !== 400 && response.status !== 422))
          failures.push(
            `${field} = ${JSON.stringify(value).slice(0, 40)} -> ${response.status} ${response.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  // PostgreSQL names a UNIQUE constraint <table>_<columns>_key; the test checks the index really is unique.
  const uniqueConstraints = Object.entries(declaration.constraints ?? {}).filter(([constraint]) =>
    constraint.endsWith('_key'),
  );
  if (uniqueConstraints.length > 0)
    it(`create with a value already used is a 422 on ${uniqueConstraints.map(([, target]) => target.field).join(' / ')}`, async () => {
      const indexes = await uniqueIndexNames(t.db, declaration.table);
      for (const [constraint] of uniqueConstraints)
        expect(indexes, `${constraint} is a unique index`).toContain(constraint);
      const body = await sampleBody(declaration, t);
      const first = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body });
      expect(first.status, first.body).toBe(201);
      const before = await sqlCount(declaration);
      const again = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', body });
      expect(again.status, again.body).toBe(422);
      expect(uniqueConstraints.map(([, target]) => target.field)).toContain(again.json.violations[0].propertyPath);
      expectViolation(again, again.json.violations[0].propertyPath);
      expect(await sqlCount(declaration)).toBe(before);
    });

  it('malformed JSON is a 400', async () => {
    expectProblem(
      await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', rawBody: '{"title": ' }),
      400,
    );
  });

  it('a body that is not a JSON object is a 400', async () => {
    for (const rawBody of ['[1, 2]', '"texte"', '42', 'null']) {
      const response = await t.request('POST', `/api/${declaration.name}`, { as: 'superadmin', rawBody });
      expect(response.status, `${rawBody}: ${response.body}`).toBe(400);
    }
  });

  it('a JSON-LD body is accepted', async () => {
    const body = await sampleBody(declaration, t);
    const response = await t.request('POST', `/api/${declaration.name}`, {
      as: 'superadmin',
      rawBody: JSON.stringify(body),
      contentType: 'application/ld+json',
    });
    expect(response.status, response.body).toBe(201);
  });
}

/** The field an update test changes: the first writable scalar one, text preferred. */
function updatableField(declaration: ResourceDeclaration): string | undefined {
  const candidates = Object.entries(declaration.fields).filter(([, field]) => writable(field) && !field.writeOnly);
  const rank = (kind: string) => ['string', 'text', 'integer', 'boolean', 'enum'].indexOf(kind);
  return candidates
    .filter(([, field]) => rank(field.type.kind) >= 0)
    .sort(([, a], [, b]) => rank(a.type.kind) - rank(b.type.kind))[0]?.[0];
}

function describeUpdate(declaration: ResourceDeclaration) {
  const field = updatableField(declaration);
  if (field)
    it(`update changes only the fields it carries (${field})`, async () => {
      const id = await ownRow(declaration);
      const before = await t.request('GET', iri(declaration.name, id), { as: 'superadmin' });
      expect(before.status).toBe(200);
      let value = sampleScalar(field, declaration.fields[field], 1);
      for (let variant = 2; value === before.json[field] && variant < 10; variant++)
        value = sampleScalar(field, declaration.fields[field], variant);
      await sleep(5);
      const response = await t.request('PUT', iri(declaration.name, id), {
        as: 'superadmin',
        body: { [field]: value },
      });
      expect(response.status, response.body).toBe(200);
      expect(response.json[field]).toEqual(value);
      const { updatedAt: beforeUpdatedAt, [field]: _oldValue, ...untouched } = before.json;
      expect(response.json).toMatchObject(untouched);
      expect(Date.parse(response.json.updatedAt)).toBeGreaterThan(Date.parse(beforeUpdatedAt));
      const read = await t.request('GET', iri(declaration.name, id), { as: 'superadmin' });
      expect(read.json).toEqual(response.json);
    });

  it('update of an unknown id is a 404', async () => {
    const body = field ? { [field]: sampleScalar(field, declaration.fields[field], 1) } : {};
    expectProblem(await t.request('PUT', iri(declaration.name, 999999999), { as: 'superadmin', body }), 404);
  });

  const required = Object.entries(declaration.fields).find(
    ([, candidate]) => candidate.required && writable(candidate),
  )?.[0];
  if (required)
    it(`update with ${required} set to null is a 422 on ${required}`, async () => {
      const id = await ownRow(declaration);
      expectViolation(
        await t.request('PUT', iri(declaration.name, id), { as: 'superadmin', body: { [required]: null } }),
        required,
      );
    });

  it('update with malformed JSON is a 400', async () => {
    const id = await ownRow(declaration);
    expectProblem(await t.request('PUT', iri(declaration.name, id), { as: 'superadmin', rawBody: '{"oops":' }), 400);
  });
}

function describeDelete(declaration: ResourceDeclaration) {
  const path = (id: number | string) => `/api/${declaration.deletePath ?? declaration.name}/${id}`;
  it(`delete${declaration.deletePath ? ` (at /api/${declaration.deletePath}/[id])` : ''}`, async () => {
    const id = await ownRow(declaration);
    const response = await t.request('DELETE', path(id), { as: 'superadmin' });
    expect(response.status, response.body).toBe(204);
    expect(response.body).toBe('');
    expect(await sqlRow(declaration, id)).toBeUndefined();
    if (supports(declaration, 'get'))
      expectProblem(await t.request('GET', iri(declaration.name, id), { as: 'superadmin' }), 404);
    expectProblem(await t.request('DELETE', path(id), { as: 'superadmin' }), 404);
  });
}

function describeAuthentication(declaration: ResourceDeclaration) {
  const readPath = async () => {
    if (supports(declaration, 'list')) return `/api/${declaration.name}`;
    const [id] = await sqlIds(declaration, 'true', [], 't.id', 1);
    return iri(declaration.name, id);
  };
  const readable = supports(declaration, 'list') || supports(declaration, 'get');
  if (!readable) return;

  it('401 without a token', async () => {
    const response = await t.request('GET', await readPath());
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ code: 401, message: 'JWT Token not found' });
  });

  it('401 with a garbage token', async () => {
    for (const token of ['garbage', 'a.b.c', (await t.tokenFor('superadmin')).slice(0, -4) + 'AAAA']) {
      const response = await t.request('GET', await readPath(), { token });
      expect(response.status).toBe(401);
      expect(response.json).toEqual({ code: 401, message: 'Invalid JWT Token' });
    }
  });

  it('401 with a token signed by another secret', async () => {
    const forged = new TokenService(new TextEncoder().encode('another-secret-another-secret-another'), 3600);
    const user = t.users.superadmin;
    const token = await forged.sign({
      role: user.roles,
      company: user.company,
      employeeId: user.id,
      username: user.email,
      sid: 'forged',
      scope: 'full',
    });
    const response = await t.request('GET', await readPath(), { token });
    expect(response.json).toEqual({ code: 401, message: 'Invalid JWT Token' });
  });

  it('401 with an expired token', async () => {
    const expired = new TokenService(new TextEncoder().encode(JWT_SECRET), -120);
    const user = t.users.superadmin;
    const token = await expired.sign({
      role: user.roles,
      company: user.company,
      employeeId: user.id,
      username: user.email,
      sid: 'expired',
      scope: 'full',
    });
    const response = await t.request('GET', await readPath(), { token });
    expect(response.status).toBe(401);
    expect(response.json).toEqual({ code: 401, message: 'Expired JWT Token' });
  });
}

function describeRights(declaration: ResourceDeclaration) {
  for (const operation of ['list', 'get', 'create', 'update', 'delete'] as const) {
    if (!supports(declaration, operation)) continue;
    const role = roleNeeded(declaration.access, operation);
    const persona = personaBelow(role);
    if (!persona) continue;
    const allowed = reach([PERSONA_ROLE[persona]], declaration.name, operation);
    const ownRows = ownRowsOf(declaration);

    if (allowed === false || !ownRows) {
      it(`${operation} is refused to ${persona} (needs ${role})`, async () => {
        let response: TestResponse;
        if (operation === 'list') response = await list(declaration, '', { as: persona });
        else if (operation === 'create') {
          const before = await sqlCount(declaration);
          response = await t.request('POST', `/api/${declaration.name}`, {
            as: persona,
            body: await sampleBody(declaration, t),
          });
          expect(await sqlCount(declaration)).toBe(before);
        } else {
          const id =
            operation === 'get' ? (await sqlIds(declaration, 'true', [], 't.id', 1))[0] : await ownRow(declaration);
          const before = await sqlRow(declaration, id);
          if (operation === 'get') response = await t.request('GET', iri(declaration.name, id), { as: persona });
          else if (operation === 'delete')
            response = await t.request('DELETE', `/api/${declaration.deletePath ?? declaration.name}/${id}`, {
              as: persona,
            });
          else {
            const field = updatableField(declaration);
            const body = field ? { [field]: sampleScalar(field, declaration.fields[field], 3) } : {};
            response = await t.request('PUT', iri(declaration.name, id), { as: persona, body });
          }
          expect(await sqlRow(declaration, id), 'the row is untouched').toEqual(before);
        }
        expectProblem(response, 403);
        expect(response.json.detail).toContain(role);
      });
      continue;
    }

    if (operation === 'list')
      it(`list by ${persona} shows only its own rows`, async () => {
        const userId = t.users[persona].id;
        // Its own rows, within its structure.
        const structure = structureScope(
          declaration,
          'list',
          sessionStructure([PERSONA_ROLE[persona]], t.users[persona].company, undefined),
        );
        const expected = await sqlIds(declaration, [ownRows.condition(userId), ...structure].join(' AND '));
        const response = await list(declaration, `itemsPerPage=${MAX_ITEMS_PER_PAGE}`, { as: persona });
        expect(response.status, response.body).toBe(200);
        expect(response.json['hydra:totalItems']).toBe(expected.length);
        const seen = memberIds(response);
        if (expected.length <= MAX_ITEMS_PER_PAGE) expect(seen.sort((a, b) => a - b)).toEqual(expected);
        else expect(seen.filter((id) => !expected.includes(id))).toEqual([]);
      });
    if (operation === 'get' || operation === 'update')
      it(`${operation} by ${persona} cannot reach another's row (404)`, async () => {
        const userId = t.users[persona].id;
        const [other] = await sqlIds(declaration, `NOT (${ownRows.condition(userId)})`, [], 't.id', 1);
        expect(other, "a row outside the persona's own").toBeDefined();
        const before = await t.request('GET', iri(declaration.name, other), { as: 'superadmin' });
        const field = updatableField(declaration);
        const response =
          operation === 'get'
            ? await t.request('GET', iri(declaration.name, other), { as: persona })
            : await t.request('PUT', iri(declaration.name, other), {
                as: persona,
                body: field ? { [field]: sampleScalar(field, declaration.fields[field], 3) } : {},
              });
        expectProblem(response, 404);
        const after = await t.request('GET', iri(declaration.name, other), { as: 'superadmin' });
        expect(after.json).toEqual(before.json);
      });
  }
}

// A resource's declared filters and orders reach only real fields (a typo would silently do nothing).
describe('declarations', () => {
  it('name only declared fields in filters and order', () => {
    for (const declaration of declarations) {
      for (const filter of declaration.filters)
        if (filter !== 'q') expect(declaration.fields, `${declaration.name} filter ${filter}`).toHaveProperty(filter);
      for (const field of declaration.order)
        if (field !== 'createdAt' && field !== 'updatedAt' && field !== 'id')
          expect(declaration.fields, `${declaration.name} order ${field}`).toHaveProperty(field);
    }
  });

  it('reference only declared resources', () => {
    for (const declaration of declarations)
      for (const [name, field] of Object.entries(declaration.fields))
        if ('resource' in field.type)
          expect(
            () => declarationOf((field.type as { resource: string }).resource),
            `${declaration.name}.${name}`,
          ).not.toThrow();
  });
});
