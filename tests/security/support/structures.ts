import { randomUUID } from 'node:crypto';
import type { Tenancy } from '../../../src/domain/tenancy.ts';
import { declarations, declarationsByName } from '../../../server/resources/definitions/index.ts';
import type { FieldDeclaration, ResourceDeclaration } from '../../../server/resources/types.ts';
import { iri, sampleScalar, supports } from '../../api/support/samples.ts';
import { columnOf, ident, isStored, oneOfGroups } from '../../api/support/schema.ts';
import type { Persona, TestApp, TestResponse } from '../../api/support/testApp.ts';

/**
 * Rows of one structure, made through the API by a session working in it, and what the tenancy tests read of
 * the model and of the routes' schemas to build the requests that name them.
 */

/** Whose rows a resource holds, from its rights (src/domain/tenancy.ts). */
export const tenancyOf = (declaration: ResourceDeclaration): Tenancy =>
  declaration.access.tenancy ?? { rows: 'platform' };
export const isTenant = (declaration: ResourceDeclaration) => tenancyOf(declaration).rows !== 'platform';

/** Ids by resource, the preferred first. */
export type Pools = Map<string, number[]>;
export const idsOf = (pools: Pools, resource: string): readonly number[] => pools.get(resource) ?? [];
export function addTo(pools: Pools, resource: string, ...ids: number[]) {
  const known = pools.get(resource) ?? [];
  pools.set(resource, [...known, ...ids.filter((id) => !known.includes(id))]);
}

/** A session: its bearer token and the headers it sends. */
export interface Caller {
  token: string;
  headers?: Record<string, string>;
}

export const send = (t: TestApp, caller: Caller, method: string, url: string, body?: unknown): Promise<TestResponse> =>
  t.request(method, url, { token: caller.token, headers: caller.headers, ...(body !== undefined ? { body } : {}) });

/** Who sends a test's request: a demo persona by name, or a caller with its own token and headers. */
export type Who = Persona | Caller;

/** A request as `who`, asking for plain JSON. */
export const sendAs = (t: TestApp, who: Who, method: string, url: string, body?: unknown): Promise<TestResponse> =>
  t.request(
    method,
    url,
    typeof who === 'string'
      ? { as: who, accept: 'application/json', body }
      : { token: who.token, headers: who.headers, accept: 'application/json', body },
  );

/** Creates a record as `who` (a 201, else the test fails with the refusal); answers the record as created. */
export async function createAs(
  t: TestApp,
  who: Who,
  resource: string,
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await sendAs(t, who, 'POST', `/api/${resource}`, body);
  if (response.status !== 201) throw new Error(`POST /api/${resource}: ${response.status} ${response.body}`);
  return response.json as { id: number } & Record<string, unknown>;
}

/** The answer of a step that makes the test's rows: a refusal is the test's own mistake. */
export async function must(answer: Promise<TestResponse>, what: string): Promise<TestResponse> {
  const response = await answer;
  if (response.status >= 300) throw new Error(`${what}: ${response.status} ${response.body}`);
  return response;
}

/** Where a field of a body may name rows: the resources it takes, and whether as a list. */
export interface NamingField {
  field: string;
  resource: string;
  list: boolean;
}

/** Every field through which a write names another row: relations, lists of them, and each target of a polymorphic one. */
export function namingFields(declaration: ResourceDeclaration): NamingField[] {
  const found: NamingField[] = [];
  for (const [field, declared] of Object.entries(declaration.fields)) {
    if (declared.readOnly) continue;
    const type = declared.type;
    if (type.kind === 'relation' && type.resource !== 'companies')
      found.push({ field, resource: type.resource, list: false });
    if (type.kind === 'relations') found.push({ field, resource: type.resource, list: true });
    if (type.kind === 'polymorphic')
      for (const resource of Object.keys(type.targets)) found.push({ field, resource, list: false });
  }
  return found;
}

let counter = 0;

/** A text value carrying `words` (a structure's marker), unique, within the field's length. */
function textValue(words: string, name: string, field: FieldDeclaration): string {
  const max = field.type.kind === 'string' && field.type.maxLength ? field.type.maxLength : 255;
  return `${words} ${name} ${++counter}`.slice(-max);
}

const writable = (name: string, field: FieldDeclaration, declaration: ResourceDeclaration) =>
  !field.readOnly &&
  !['computed', 'children', 'password'].includes(field.type.kind) &&
  !(declaration.siblingsOf && name === 'position');

/** Builds create and update bodies of any resource from its declaration, pointing at the rows of given pools. */
export class Bodies {
  private constructor(private readonly oneOf: Map<string, string[][]>) {}

  /** Reads the CHECK constraints "one of these columns" of every table, as groups of fields. */
  static async load(t: TestApp): Promise<Bodies> {
    const oneOf = new Map<string, string[][]>();
    for (const declaration of declarations) {
      const groups = (await oneOfGroups(t.db, declaration.table)).map((group) =>
        group.columns.map(
          (column) =>
            Object.entries(declaration.fields).find(
              ([name, field]) => isStored(field) && columnOf(name, field) === column,
            )?.[0] ?? column,
        ),
      );
      oneOf.set(declaration.name, groups);
    }
    return new Bodies(oneOf);
  }

  /**
   * A valid create body: every writable text (carrying `words`), the required values, and a row of `pools`
   * for each relation (different rows for two fields of one resource); undefined while a required
   * relation has no row to point at. Of "one of" fields, the first that can point at a row.
   */
  create(
    declaration: ResourceDeclaration,
    pools: Pools,
    words: string,
    variant = 0,
  ): Record<string, unknown> | undefined {
    const body: Record<string, unknown> = {};
    const used = new Set<string>();
    const excluded = new Set<string>();
    const reference = (resource: string) => {
      const ids = idsOf(pools, resource).filter((id) => !used.has(`${resource}/${id}`));
      if (ids.length === 0) return undefined;
      const id = ids[variant % ids.length];
      used.add(`${resource}/${id}`);
      return iri(resource, id);
    };
    let index = 0;
    for (const [name, field] of Object.entries(declaration.fields)) {
      index++;
      if (!writable(name, field, declaration) || excluded.has(name)) continue;
      const type = field.type;
      let value: unknown;
      if (type.kind === 'relation') value = type.resource === 'companies' ? undefined : reference(type.resource);
      // A row among its own kind (a chapter's unlocks) is left to the actions that add them.
      else if (type.kind === 'relations')
        value =
          type.resource === declaration.name
            ? undefined
            : idsOf(pools, type.resource)
                .slice(0, 1)
                .map((id) => iri(type.resource, id));
      else if (type.kind === 'polymorphic') value = Object.keys(type.targets).map(reference).find(Boolean);
      else if (type.kind === 'string' && !type.format) value = textValue(words, name, field);
      else if (type.kind === 'text') value = textValue(words, name, field);
      else if (field.required) value = sampleScalar(name, field, variant, index);
      if (value === undefined) {
        if (field.required) return undefined;
        continue;
      }
      body[name] = value;
      for (const group of this.oneOf.get(declaration.name) ?? [])
        if (group.includes(name)) group.forEach((other) => other !== name && excluded.add(other));
    }
    if (declaration.name === 'chapter-parts')
      Object.assign(body, { type: 'text_markdown', content: { markdown: `${words} ${++counter}` } });
    // A ticket's (or a macro's) assignee must handle the structure's tickets, which a pool's user may not:
    // left unassigned (tests/api/helpdesk.test.ts and ticketMacros.test.ts try assignees across structures).
    if (declaration.name === 'tickets' || declaration.name === 'canned-replies') delete body.assignee;
    // A canned reply's shortcut is one lower-case word.
    if (declaration.name === 'canned-replies') body.shortcut = `raccourci-${++counter}`;
    return body;
  }

  /** `body` without `field` and the fields that exclude it (of a "one of" group), so that it may name another row. */
  without(declaration: ResourceDeclaration, body: Record<string, unknown>, field: string): Record<string, unknown> {
    const group = (this.oneOf.get(declaration.name) ?? []).find((candidate) => candidate.includes(field)) ?? [field];
    return Object.fromEntries(Object.entries(body).filter(([name]) => name !== field && !group.includes(name)));
  }

  /** An update of one plain field (a text where there is one), valid on any row the session may change. */
  update(declaration: ResourceDeclaration, words: string): Record<string, unknown> {
    const fields = Object.entries(declaration.fields).filter(
      ([name, field]) => writable(name, field, declaration) && isStored(field) && field.type.kind !== 'relation',
    );
    const text = fields.find(
      ([, field]) => (field.type.kind === 'string' && !field.type.format) || field.type.kind === 'text',
    );
    if (text) return { [text[0]]: textValue(words, text[0], text[1]) };
    const [name, field] = fields.find(([, candidate]) => candidate.type.kind !== 'json') ?? [];
    return name && field ? { [name]: sampleScalar(name, field, 1) } : {};
  }
}

/** A multipart upload of a small text file, with form fields. */
export function uploadPayload(fields: Record<string, string>) {
  const boundary = 'structures-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="note.txt"\r\nContent-Type: text/plain\r\n\r\nBonjour\r\n`;
  return {
    payload: `${parts.join('')}${file}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function upload(
  t: TestApp,
  caller: Caller,
  fields: Record<string, string> = {},
  url = '/api/documents/upload',
): Promise<TestResponse> {
  const { payload, contentType } = uploadPayload(fields);
  return t.request('POST', url, {
    token: caller.token,
    headers: caller.headers,
    rawBody: payload,
    contentType,
  });
}

/** The resources a structure's rows are made of through their generic create, each after the ones it points at. */
export function creationOrder(): ResourceDeclaration[] {
  const pending = declarations.filter((declaration) => isTenant(declaration) && supports(declaration, 'create'));
  const ordered: ResourceDeclaration[] = [];
  while (pending.length > 0) {
    const ready = pending.findIndex((declaration) =>
      namingFields(declaration).every(
        ({ resource }) => resource === declaration.name || !pending.some((other) => other.name === resource),
      ),
    );
    ordered.push(...pending.splice(Math.max(ready, 0), 1));
  }
  return ordered;
}

/**
 * One row of every resource `caller` may create, in the order they point at each other, added to `pools`
 * (which must hold the platform's rows and the structure's users already). A refused create (403: the
 * caller's role) is skipped; any other refusal is the test's mistake and throws.
 */
export async function createRows(
  t: TestApp,
  bodies: Bodies,
  caller: Caller,
  pools: Pools,
  words: string,
  variant = 0,
): Promise<void> {
  for (const declaration of creationOrder()) {
    const body = bodies.create(declaration, pools, words, variant);
    if (!body) continue;
    const created = await send(t, caller, 'POST', `/api/${declaration.name}`, body);
    if (created.status === 403) continue;
    if (created.status !== 201)
      throw new Error(`Creating ${declaration.name}: ${created.status} ${created.body}\nbody: ${JSON.stringify(body)}`);
    addTo(pools, declaration.name, created.json.id);
  }
}

/**
 * A session of a structure's administrator (its first, platform staff aside): of `structure`, or of the
 * first structure but `structure` that has one.
 */
export async function administratorOf(
  t: TestApp,
  structure: number,
  other = false,
): Promise<{ structure: number; caller: Caller }> {
  const [admin] = await t.db.query<{
    id: number;
    email: string;
    roles: string[];
    company_id: number;
    session_version: number;
  }>(
    `SELECT id, email, roles, company_id, session_version FROM users
      WHERE company_id ${other ? '<>' : '='} $1 AND enabled AND 'ROLE_ADMIN' = ANY(roles) AND NOT 'ROLE_SUPER_ADMIN' = ANY(roles)
      ORDER BY company_id, id LIMIT 1`,
    [structure],
  );
  if (!admin) throw new Error(`No administrator of ${other ? 'a structure but' : 'structure'} ${structure}.`);
  const token = await t.tokens.sign({
    role: admin.roles.filter((role) => role !== 'ROLE_FIRST_CONNECT'),
    company: admin.company_id,
    employeeId: admin.id,
    username: admin.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(admin.session_version),
  });
  return { structure: admin.company_id, caller: { token } };
}

/** A structure's sessions: one of its administrators, and platform staff working in it (X-Structure). */
export interface StructureSessions {
  member: Caller;
  platform: Caller;
}

/**
 * Rows of every kind in a structure, added to `pools` (which must hold the platform's rows and the
 * structure's users): documents with their files, two of everything its administrator creates (course
 * trees, tickets, answers...), a user and an unlock made by platform staff, a ticket's replies and note, an
 * error report. Texts carry `words`.
 */
export async function fillStructure(
  t: TestApp,
  bodies: Bodies,
  { member, platform }: StructureSessions,
  pools: Pools,
  words: string,
): Promise<void> {
  for (const context of ['course_cover', 'support', 'chapter_part'])
    addTo(pools, 'documents', (await must(upload(t, platform, { context }), 'An upload')).json.id);
  for (const variant of [0, 1]) await createRows(t, bodies, member, pools, words, variant);
  const create = (resource: string) => bodies.create(declarationsByName.get(resource)!, pools, words);
  addTo(pools, 'users', (await must(send(t, platform, 'POST', '/api/users', create('users')), 'A user')).json.id);
  const [first] = idsOf(pools, 'chapters');
  const unlocked = (await must(send(t, platform, 'POST', '/api/chapters', create('chapters')), 'A chapter')).json.id;
  await must(
    send(t, platform, 'PUT', `/api/chapters/${first}/add-chapter-unlocks`, { chapters: [iri('chapters', unlocked)] }),
    'An unlock',
  );
  addTo(pools, 'chapters', unlocked);
  const ticket = idsOf(pools, 'tickets')[0];
  await must(
    send(t, platform, 'PUT', `/api/tickets/${ticket}/add-message`, { message: `${words} réponse`, status: 'treated' }),
    'A reply',
  );
  // With a file: a ticket attachment's row is its ticket's structure's.
  const file = await must(upload(t, member, {}, `/api/tickets/${ticket}/attachments`), 'An attachment');
  await must(
    send(t, member, 'PUT', `/api/tickets/${ticket}/add-message`, {
      message: `${words} relance`,
      status: 'created',
      attachments: [file.json.id],
    }),
    'A message',
  );
  // An agent's presence on it: a row kept until it expires and is swept.
  await must(send(t, member, 'POST', `/api/tickets/${ticket}/presence`, { state: 'typing' }), 'A presence');
  addTo(
    pools,
    'notes-bo',
    (
      await must(
        send(t, member, 'POST', '/api/notes-bo', { content: `${words} note`, ticket: iri('tickets', ticket) }),
        'A note',
      )
    ).json.id,
  );
  await must(
    send(t, member, 'POST', '/api/errorCall', { details: { message: words }, url: 'https://exemple.fr/' }),
    'An error report',
  );
  // A course published by platform staff working in the structure: its live version is the structure's.
  const post = async (resource: string, body: Record<string, unknown>) =>
    (await createAs(t, platform, resource, body)).id;
  const course = await post('courses', { title: `${words} publié` });
  const module = await post('modules', { title: words, course: iri('courses', course) });
  const chapter = await post('chapters', { title: words, module: iri('modules', module) });
  await post('chapter-parts', { chapter: iri('chapters', chapter), type: 'interactive_text', title: words });
  await must(send(t, platform, 'PUT', `/api/courses/${course}/publish`, {}), 'A publish');
  // A chapter deleted by platform staff working in the structure: an item of its recycle bin.
  const binned = (await must(send(t, platform, 'POST', '/api/chapters', create('chapters')), 'A chapter')).json.id;
  await must(send(t, platform, 'DELETE', `/api/chapters/${binned}`), 'A delete');
  const items = (await must(send(t, platform, 'GET', '/api/recycle-bin?resource=chapters'), 'The bin')).json;
  const item = (items['hydra:member'] as { id: number; recordId: number }[]).find((row) => row.recordId === binned);
  if (!item) throw new Error(`Chapter ${binned} is not in the recycle bin.`);
  addTo(pools, 'recycle-bin', item.id);
}

/** The rows of a structure's tables (those with a `company_id`, the structures themselves by id), by resource. */
export async function structureRows(t: TestApp, structure: number, limit?: number): Promise<Pools> {
  const pools: Pools = new Map();
  for (const declaration of declarations) {
    const self = tenancyOf(declaration).rows === 'structure' && 'self' in tenancyOf(declaration);
    const [column] = await t.db.query(
      `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND column_name = 'company_id'`,
      [declaration.table],
    );
    if (!column && !self) continue;
    const rows = await t.db.query<{ id: number }>(
      `SELECT id FROM ${ident(declaration.table)} WHERE ${self ? 'id' : 'company_id'} = $1 ORDER BY id DESC${limit ? ` LIMIT ${limit}` : ''}`,
      [structure],
    );
    if (rows.length > 0)
      pools.set(
        declaration.name,
        rows.map((row) => Number(row.id)),
      );
  }
  return pools;
}

/** One stored value of a table, in a form two readings can be compared in. */
export type Snapshot = Map<string, string>;

/**
 * Every row of `rows` (by resource) and every row of any table pointing at one of them (join tables, a
 * ticket's messages, a course's modules...), as JSON text keyed by table and primary key or whole row.
 */
export async function snapshot(t: TestApp, rows: Pools): Promise<Snapshot> {
  const byTable = new Map<string, number[]>();
  for (const [resource, ids] of rows) {
    const declaration = declarationsByName.get(resource);
    if (declaration) byTable.set(declaration.table, [...(byTable.get(declaration.table) ?? []), ...ids]);
  }
  const children = await t.db.query<{ child: string; column: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS column, c.confrelid::regclass::text AS parent
       FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = current_schema()::regnamespace`,
  );
  const result: Snapshot = new Map();
  const read = async (table: string, column: string, ids: number[]) => {
    const found = await t.db.query<{ row: Record<string, unknown> }>(
      `SELECT to_jsonb(x) AS row FROM ${ident(table)} x WHERE ${ident(column)} = ANY($1::int4[])`,
      [ids],
    );
    for (const { row } of found) result.set(`${table} ${row.id ?? JSON.stringify(row)}`, JSON.stringify(row));
  };
  for (const [table, ids] of byTable) {
    await read(table, 'id', ids);
    for (const child of children.filter((candidate) => candidate.parent.replace(/"/g, '') === table))
      await read(child.child.replace(/"/g, ''), child.column, ids);
  }
  return result;
}

/** What changed between two snapshots, one line a row. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const [key, row] of before) {
    const now = after.get(key);
    if (now === undefined) lines.push(`${key} was deleted: ${row.slice(0, 300)}`);
    else if (now !== row) lines.push(`${key} changed: ${row.slice(0, 300)} -> ${now.slice(0, 300)}`);
  }
  for (const [key, row] of after) if (!before.has(key)) lines.push(`${key} appeared: ${row.slice(0, 300)}`);
  return lines;
}
