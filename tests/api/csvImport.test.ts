import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { CSV_IMPORT_MAX_BYTES, CSV_IMPORT_MAX_ROWS } from '../../src/domain/csvImport.ts';
import { NO_STRUCTURE } from '../../src/domain/tenancy.ts';
import { administratorOf, type Caller, sendAs, type Who } from '../security/support/structures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * Importing users, tags and skills (`POST /api/{resource}/import`): every row created as its own create would
 * create it, in one transaction, or none with a 422 naming each refused row and field; a dry run keeps
 * nothing; the session's structure and rights hold whatever the rows say; hostile files are answered.
 */
const mails: Mail[] = [];
let t: TestApp;
let structure: number;
/** Platform staff working in the contributor's structure: who creates users there. */
let staff: Caller;
/** An administrator of another structure. */
let stranger: Caller;
let strangerStructure: number;

beforeAll(async () => {
  t = await createTestApp({ mailer: { send: async (mail) => void mails.push(mail) } });
  structure = Number(t.users.contributor.company);
  staff = { token: await t.tokenFor('superadmin'), headers: { 'x-structure': String(structure) } };
  const other = await administratorOf(t, structure, true);
  stranger = other.caller;
  strangerStructure = other.structure;
});
afterAll(async () => {
  await t?.close();
});

const send = (who: Who, method: string, url: string, body?: unknown) => sendAs(t, who, method, url, body);
const importRows = (resource: string, rows: unknown[], dryRun: boolean, who: Who = staff) =>
  send(who, 'POST', `/api/${resource}/import`, { rows, dryRun });

let counter = 0;
const person = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `import.${counter}.${Date.now()}@demo.fr`,
    firstName: 'Léa',
    lastName: `Import ${counter}`,
    type: 'contributor',
    ...overrides,
  };
};

const usersNamed = (emails: string[]) =>
  t.db.query<{ id: number; email: string; company_id: number | null; roles: string[]; first_name: string }>(
    'SELECT id, email, company_id, roles, first_name FROM users WHERE email = ANY($1::text[]) ORDER BY id',
    [emails],
  );
const auditEntries = (action: string) =>
  t.db.query<{ id: number; resource: string; company_id: number | null }>(
    'SELECT id, resource, company_id FROM audit_log WHERE action = $1 ORDER BY id',
    [action],
  );

describe('all or nothing', () => {
  it('creates every row in the session’s structure, invites each new user, and logs one bulk entry', async () => {
    const rows = [person(), person({ type: 'admin', roles: ['ROLE_ADMIN'] }), person({ phone: '0102030405' })];
    const before = (await auditEntries('bulk-import')).length;
    const answer = await importRows('users', rows, false);
    expect(answer.status, answer.body).toBe(201);
    expect(answer.json).toMatchObject({ dryRun: false, count: 3, notInvited: [] });
    const made = await usersNamed(rows.map((row) => row.email));
    expect(made.map((user) => user.id)).toEqual(answer.json.ids);
    expect(answer.json.invited).toEqual(answer.json.ids);
    for (const user of made) {
      expect(user.company_id).toBe(structure);
      // As a single create: the first connection goes through the invitation's code.
      expect(user.roles).toContain('ROLE_FIRST_CONNECT');
      expect(mails.some((mail) => mail.to === user.email && /invitation/i.test(mail.subject))).toBe(true);
    }
    const entries = await auditEntries('bulk-import');
    expect(entries.length).toBe(before + 1);
    expect(entries.at(-1)).toMatchObject({ resource: 'users', company_id: structure });
    // Each invitation is logged as one is.
    const [invites] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'invite' AND record_id = ANY($1::int4[])`,
      [answer.json.ids],
    );
    expect(invites.n).toBe(3);
  });

  it('writes nothing when one row is refused, and names each refused row and field', async () => {
    const rows = [person(), person({ firstName: '  ' }), person(), person({ email: 'pas-une-adresse', type: 'boss' })];
    const mailsBefore = mails.length;
    const answer = await importRows('users', rows, false);
    expect(answer.status).toBe(422);
    expect(answer.json.violations).toEqual([
      expect.objectContaining({ row: 1, field: 'firstName', propertyPath: 'rows[1].firstName', code: 'blank' }),
      expect.objectContaining({ row: 3, field: 'email', code: 'email' }),
      expect.objectContaining({ row: 3, field: 'type', code: 'choice' }),
    ]);
    expect(await usersNamed(rows.map((row) => row.email))).toEqual([]);
    expect(mails.length).toBe(mailsBefore);
  });

  it('finds what only the database refuses, row by row: an e-mail taken, or twice in the file', async () => {
    const twice = person();
    const rows = [person({ email: t.users.admin.email }), twice, person(), { ...person(), email: twice.email }];
    const answer = await importRows('users', rows, false);
    expect(answer.status).toBe(422);
    expect(answer.json.violations).toEqual([
      expect.objectContaining({ row: 0, field: 'email', code: 'unique' }),
      expect.objectContaining({ row: 3, field: 'email', code: 'unique' }),
    ]);
    expect(await usersNamed([twice.email, rows[2].email as string])).toEqual([]);
  });

  it('checks every row on a dry run and keeps nothing: no row, no mail, no entry', async () => {
    const rows = [person(), person()];
    const mailsBefore = mails.length;
    const entriesBefore = (await auditEntries('bulk-import')).length;
    const answer = await importRows('users', rows, true);
    expect(answer.status, answer.body).toBe(200);
    expect(answer.json).toEqual({ dryRun: true, count: 2 });
    expect(await usersNamed(rows.map((row) => row.email))).toEqual([]);
    expect(mails.length).toBe(mailsBefore);
    expect((await auditEntries('bulk-import')).length).toBe(entriesBefore);

    const refused = await importRows('users', [person(), person({ lastName: '' })], true);
    expect(refused.status).toBe(422);
    expect(refused.json.violations).toEqual([expect.objectContaining({ row: 1, field: 'lastName', code: 'blank' })]);
  });

  it('imports tags and skills, the names unique in the structure as a single create has them', async () => {
    const name = `Import ${Date.now()}`;
    const tags = await importRows(
      'tags',
      [{ name: `${name} A`, color: '#112233' }, { name: `${name} B` }],
      false,
      'contributor',
    );
    expect(tags.status, tags.body).toBe(201);
    expect(tags.json).toMatchObject({ count: 2, invited: [], notInvited: [] });
    const again = await importRows(
      'tags',
      [{ name: `${name} C` }, { name: `${name} A` }, { color: 'rouge' }],
      false,
      'contributor',
    );
    expect(again.status).toBe(422);
    expect(again.json.violations).toEqual([
      expect.objectContaining({ row: 1, field: 'name', code: 'unique' }),
      expect.objectContaining({ row: 2, field: 'name', code: 'blank' }),
      expect.objectContaining({ row: 2, field: 'color', code: 'format' }),
    ]);
    const skills = await importRows('skills', [{ name: `${name} S`, description: 'Savoir importer' }], false, 'admin');
    expect(skills.status, skills.body).toBe(201);
    const [skill] = await t.db.query<{ company_id: number }>('SELECT company_id FROM skills WHERE id = $1', [
      skills.json.ids[0],
    ]);
    expect(skill.company_id).toBe(Number(t.users.admin.company));
  });
});

describe('structures and rights', () => {
  it('refuses a structure’s administrator a role above their own, as the single create does, whatever the rows or headers say', async () => {
    const escalating = [person({ roles: ['ROLE_SUPER_ADMIN'], company: `/api/companies/${structure}` })];
    for (const who of [stranger, { ...stranger, headers: { 'x-structure': String(structure) } }, 'admin' as const]) {
      const single = await send(who, 'POST', '/api/users', escalating[0]);
      const answer = await importRows('users', escalating, false, who);
      expect([single.status, answer.status]).toEqual([422, 422]);
      expect(answer.json.violations.map((found: { field: string }) => found.field)).toContain('roles');
      expect((await importRows('users', escalating, true, who)).status).toBe(422);
    }
    expect(await usersNamed([escalating[0].email as string])).toEqual([]);
  });

  it('keeps a stranger’s rows in their own structure, whatever structure the rows name', async () => {
    const name = `Étranger ${Date.now()}`;
    const answer = await importRows('tags', [{ name, company: `/api/companies/${structure}` }], false, {
      ...stranger,
      headers: { 'x-structure': String(structure) },
    });
    expect(answer.status, answer.body).toBe(201);
    const [tag] = await t.db.query<{ company_id: number }>('SELECT company_id FROM tags WHERE id = $1', [
      answer.json.ids[0],
    ]);
    expect(tag.company_id).toBe(strangerStructure);
    // The structure itself does not see it.
    const listed = await send('contributor', 'GET', `/api/tags?q=${encodeURIComponent(name)}`);
    expect(listed.json).toEqual([]);
  });

  it('keeps platform staff to the structure they work in: a row naming another is refused as a create is', async () => {
    const row = person({ company: `/api/companies/${strangerStructure}` });
    const single = await send(staff, 'POST', '/api/users', row);
    const answer = await importRows('users', [person(), row], false);
    expect([single.status, answer.status]).toEqual([422, 422]);
    expect(answer.json.violations).toEqual([
      expect.objectContaining({ row: 1, field: 'company', code: single.json.violations[0].code }),
    ]);
    expect(await usersNamed([row.email])).toEqual([]);
  });

  it('names the missing structure with its own code when platform staff import users across all structures', async () => {
    const across = { token: staff.token };
    const row = person();
    const answer = await importRows('users', [row], true, across);
    const single = await send(across, 'POST', '/api/users', person());
    expect([answer.status, single.status]).toEqual([422, 422]);
    expect(answer.json.violations).toEqual([expect.objectContaining({ row: 0, field: 'company', code: NO_STRUCTURE })]);
    expect(single.json.violations).toEqual([expect.objectContaining({ propertyPath: 'company', code: NO_STRUCTURE })]);
  });

  it('keeps the role fields to whom the single create keeps them: a contributor’s profile fields only', async () => {
    // A contributor may not create users at all: the same 403 as a single create.
    const single = await send('contributor', 'POST', '/api/users', person());
    const answer = await importRows('users', [person({ roles: ['ROLE_SUPER_ADMIN'] })], false, 'contributor');
    expect([single.status, answer.status]).toEqual([403, 403]);
  });
});

describe('the write budget', () => {
  it('spends one write a row on an import, one on a dry run; past the budget, nothing is written', async () => {
    // An app of its own whose users may write 10 times in a burst, refilled slowly.
    const small = await createTestApp({ config: { writeBudget: { burst: 10, perHour: 36 } } });
    try {
      const tags = (count: number, label: string) =>
        Array.from({ length: count }, (_, index) => ({ name: `${label} ${index} ${Date.now()}` }));
      const post = (rows: unknown[], dryRun: boolean) =>
        small.request('POST', '/api/tags/import', {
          as: 'contributor',
          accept: 'application/json',
          body: { rows, dryRun },
        });
      // Dry runs of 8 rows: one write each.
      for (let i = 0; i < 3; i++) expect((await post(tags(8, 'Essai'), true)).status).toBe(200);
      const refused = tags(8, 'Trop');
      const tooMany = await post(refused, false);
      expect(tooMany.status).toBe(429);
      expect(tooMany.headers['retry-after']).toBeDefined();
      const [{ n }] = await small.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tags WHERE name = $1', [
        refused[0].name,
      ]);
      expect(n).toBe(0);
      expect((await post(tags(6, 'Juste'), false)).status).toBe(201);
    } finally {
      await small.close();
    }
  });
});

describe('hostile files', () => {
  it('keeps formulas as the text they are', async () => {
    const formulas = ["=cmd|' /C calc'!A0", '+SUM(A1:A9)', '-2+3', '@HYPERLINK("http://x")'];
    const rows = formulas.map((formula) => person({ firstName: formula, lastName: formula }));
    const answer = await importRows('users', rows, false);
    expect(answer.status, answer.body).toBe(201);
    const made = await usersNamed(rows.map((row) => row.email));
    expect(made.map((user) => user.first_name)).toEqual(formulas);
    const read = await send(staff, 'GET', `/api/users/${answer.json.ids[0]}`);
    expect(read.json.firstName).toBe(formulas[0]);
  });

  it('refuses a body over the cap with a 413, and more rows than the cap with a 422, writing nothing', async () => {
    const filler = 'x'.repeat(1000);
    const huge = Array.from({ length: 10_000 }, () => ({ ...person(), phone: filler }));
    const tooLarge = await t.request('POST', '/api/users/import', {
      token: staff.token,
      headers: staff.headers,
      rawBody: JSON.stringify({ rows: huge, dryRun: false }),
    });
    expect(JSON.stringify({ rows: huge }).length).toBeGreaterThan(10 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);
    expect(CSV_IMPORT_MAX_BYTES).toBeLessThan(10 * 1024 * 1024);
    expect(await usersNamed([huge[0].email, huge[9999].email])).toEqual([]);

    const many = Array.from({ length: CSV_IMPORT_MAX_ROWS + 1 }, (_, index) => ({
      name: `Trop ${index} ${Date.now()}`,
    }));
    const tooMany = await importRows('tags', many, false, 'contributor');
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.violations).toEqual([expect.objectContaining({ propertyPath: 'rows', code: 'count' })]);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tags WHERE name = $1', [
      many[0].name,
    ]);
    expect(n).toBe(0);
  });

  it('reports the rows of a file read with the wrong encoding, and refuses a password column', async () => {
    const broken = person({ lastName: 'Fran\uFFFDois' });
    const answer = await importRows('users', [person(), broken, person({ password: 'Secret2026!!' })], true);
    expect(answer.status).toBe(422);
    expect(answer.json.violations).toEqual([
      expect.objectContaining({ row: 1, field: 'lastName', code: 'encoding' }),
      expect.objectContaining({ row: 2, field: 'password', code: 'unexpected' }),
    ]);
    // Half a surrogate pair, which JSON can carry and no text can: the input guard's refusal, on the row's field.
    const raw = await t.request('POST', '/api/tags/import', {
      as: 'contributor',
      accept: 'application/json',
      rawBody: '{"rows": [{"name": "ok"}, {"name": "d\\ud800f"}], "dryRun": true}',
    });
    expect(raw.status).toBe(422);
    expect(raw.json.violations).toEqual([expect.objectContaining({ propertyPath: 'rows[1].name', code: 'format' })]);
  });

  it('refuses what is no list of rows before reading it', async () => {
    for (const body of [{ rows: 'a,b' }, { rows: [1, 2], dryRun: true }, { rows: [], dryRun: true }, { rows: [{}] }])
      expect((await send('contributor', 'POST', '/api/tags/import', body)).status).toBe(422);
    const malformed = await t.request('POST', '/api/tags/import', { as: 'contributor', rawBody: '{"rows": [' });
    expect(malformed.status).toBe(400);
  });
});
