import JSZip from 'jszip';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASED_PERSON, erasedAddress } from '../../src/domain/personalData.ts';
import { erasePerson } from '../../server/privacy/erasePerson.ts';
import { kindOf, PERSONAL_COLUMNS } from '../../server/privacy/personalRows.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { columnOf } from '../../server/resources/types.ts';
import { runPersonalDataRequests } from '../../server/privacy/requests.ts';
import { removeUnheldFiles } from '../../server/storage/fileRemovals.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A person's data on request: the export holds every kind of their rows and files and nothing of anyone
 * else's; the erasure waits out its cool-off, may be called off, resumes after a process died, and leaves no
 * trace of their name or address in any table or file, the audit log whole.
 */
let t: TestApp;
let structure: number;
let person: { id: number; email: string; name: string; token: string };
let colleague: { id: number; email: string; name: string };
let otherStructureAdmin: { email: string; name: string; token: string };
let attachmentKey: string;

const suffix = randomUUID().slice(0, 8);

const tokenOf = async (row: { id: number; email: string; roles: string[]; company_id: number | null }) =>
  t.tokens.sign({
    role: row.roles,
    company: row.company_id,
    employeeId: row.id,
    username: row.email,
    sid: randomUUID(),
    scope: 'full',
    sv: Number(
      (await t.db.query<{ v: number }>('SELECT session_version AS v FROM users WHERE id = $1', [row.id]))[0].v,
    ),
  });

/** Every row of every table as text, read as the tables' owner: what a full dump would hold. */
async function dumpMatching(texts: readonly string[]): Promise<string[]> {
  await t.db.exec(`DROP TABLE IF EXISTS zz_dump; CREATE TABLE zz_dump (tbl text, line text);
    DO $$ DECLARE r record; BEGIN
      FOR r IN SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname <> 'zz_dump' LOOP
        EXECUTE format('INSERT INTO zz_dump SELECT %L, x::text FROM %I x', r.relname, r.relname);
      END LOOP;
    END $$`);
  const rows = await t.db.query<{ tbl: string; line: string }>(
    `SELECT tbl, line FROM zz_dump WHERE lower(line) LIKE ANY ($1::text[])`,
    [texts.map((text) => `%${text.toLowerCase()}%`)],
  );
  await t.db.exec('DROP TABLE zz_dump');
  return rows.map((row) => `${row.tbl}: ${row.line.slice(0, 200)}`);
}

const archiveOf = async (id: number, token: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/personal-data-requests/${id}/archive`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toContain('private');
  return JSZip.loadAsync(response.rawPayload);
};

beforeAll(async () => {
  t = await createTestApp();
  structure = t.users.admin.company!;
  const created = await t.request('POST', '/api/users', {
    as: 'admin',
    body: {
      email: `zoe.quillard.${suffix}@exemple.fr`,
      firstName: 'Zoé',
      lastName: `Quillard${suffix}`,
      phone: '0611223344',
      type: 'contributor',
      roles: ['ROLE_USER'],
    },
  });
  expect([created.status, created.body]).toEqual([201, expect.anything()]);
  const [row] = await t.db.query<{ id: number; email: string; roles: string[]; company_id: number }>(
    'SELECT id, email, roles, company_id FROM users WHERE id = $1',
    [created.json.id],
  );
  person = { id: row.id, email: row.email, name: `Zoé Quillard${suffix}`, token: await tokenOf(row) };
  const [mate] = await t.db.query<{ id: number; email: string; first_name: string; last_name: string }>(
    `SELECT id, email, first_name, last_name FROM users WHERE company_id = $1 AND id <> $2 AND roles = ARRAY['ROLE_USER']
      ORDER BY id LIMIT 1`,
    [structure, person.id],
  );
  colleague = { id: mate.id, email: mate.email, name: `${mate.first_name} ${mate.last_name}` };
  const [other] = await t.db.query<{
    id: number;
    email: string;
    roles: string[];
    company_id: number;
    first_name: string;
    last_name: string;
  }>(
    `SELECT id, email, roles, company_id, first_name, last_name FROM users
      WHERE company_id <> $1 AND 'ROLE_ADMIN' = ANY (roles) AND enabled ORDER BY id LIMIT 1`,
    [structure],
  );
  otherStructureAdmin = {
    email: other.email,
    name: `${other.first_name} ${other.last_name}`,
    token: await tokenOf(other),
  };

  // The person's life in the product: learning, sign-ins, tickets, notes, files, views, mentions.
  const q = (sql: string, params: unknown[] = []) => t.db.query(sql, params);
  const [course] = await t.db.query<{ id: number }>(
    'SELECT id FROM courses WHERE company_id = $1 ORDER BY id LIMIT 1',
    [structure],
  );
  await q(`INSERT INTO participations (user_id, course_id, company_id, status) VALUES ($1, $2, $3, 'in_progress')`, [
    person.id,
    course.id,
    structure,
  ]);
  await q(
    `INSERT INTO user_connections (user_id, ip, user_agent, success, company_id) VALUES ($1, '192.0.2.7', 'Firefox', true, $2)`,
    [person.id, structure],
  );
  await q(`INSERT INTO notes (content, author_id, user_id, company_id) VALUES ($1, $2, $3, $4)`, [
    `Appel de ${person.name} au sujet de son inscription`,
    t.users.admin.id,
    person.id,
    structure,
  ]);
  const [ticket] = await t.db.query<{ id: number }>(
    `INSERT INTO tickets (type, subject, status, author_id, company_id) VALUES (1, $1, 'created', $2, $3) RETURNING id`,
    [`Accès impossible pour ${person.email}`, person.id, structure],
  );
  const [message] = await t.db.query<{ id: number }>(
    `INSERT INTO ticket_messages (ticket_id, author_id, body, status) VALUES ($1, $2, 'Je n’arrive pas à me connecter.', 'created') RETURNING id`,
    [ticket.id, person.id],
  );
  attachmentKey = `${new Date().toISOString().slice(0, 7)}/${randomUUID()}.txt`;
  await t.files.write(attachmentKey, Buffer.from(`Capture d’écran de ${person.name}`));
  await q(
    `INSERT INTO ticket_attachments (ticket_id, message_id, uploader_id, name, mime_type, size, storage_key)
     VALUES ($1, $2, $3, 'capture.txt', 'text/plain', 40, $4)`,
    [ticket.id, message.id, person.id, attachmentKey],
  );
  await q(
    `INSERT INTO ticket_notifications (ticket_id, message_id, template, channel, recipient, status)
     VALUES ($1, $2, 'ticket_reply', 'email', $3, 'sent')`,
    [ticket.id, message.id, person.email],
  );
  await t.db.exec(
    `INSERT INTO saved_views (user_id, company_id, resource, name, params) VALUES (${person.id}, ${structure}, 'courses', 'Mes cours', '{}')`,
  );
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    headers: {
      authorization: `Bearer ${person.token}`,
      'content-type': 'multipart/form-data; boundary=b',
    },
    payload: `--b\r\nContent-Disposition: form-data; name="context"\r\n\r\nsupport\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="justificatif.txt"\r\nContent-Type: text/plain\r\n\r\nJustificatif\r\n--b--\r\n`,
  });
  expect(upload.statusCode).toBe(201);
  // A colleague's rows, which the person's export must not carry.
  await q(
    `INSERT INTO user_connections (user_id, ip, user_agent, success, company_id) VALUES ($1, '192.0.2.8', 'Chrome', true, $2)`,
    [colleague.id, structure],
  );
});
afterAll(async () => {
  await t?.close();
});

const post = (as: 'admin' | 'superadmin' | 'contributor', body: unknown) =>
  t.request('POST', '/api/personal-data-requests', { as, body });

describe('where a person’s data lives', () => {
  it('classifies every column of the schema that names a user', async () => {
    await t.db.exec(`DROP TABLE IF EXISTS zz_columns; CREATE TABLE zz_columns AS
      SELECT c.conrelid::regclass::text AS tbl, a.attname::text AS col FROM pg_constraint c
        JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
       WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND c.conrelid::regclass::text NOT LIKE 'zz%'`);
    const references = await t.db.query<{ tbl: string; col: string }>('SELECT tbl, col FROM zz_columns');
    await t.db.exec('DROP TABLE zz_columns');
    const classified = new Set(PERSONAL_COLUMNS.map((entry) => `${entry.table}.${entry.column}`));
    const unclassified = references.map((row) => `${row.tbl}.${row.col}`).filter((key) => !classified.has(key));
    expect(unclassified).toEqual([]);
    expect(references.length).toBeGreaterThan(30);
  });

  it('classifies every relation of the contracts to a user, whatever the schema says of it', () => {
    const relations = declarations.flatMap((declaration) =>
      Object.entries(declaration.fields)
        .filter(([, field]) => field.type.kind === 'relation' && field.type.resource === 'users')
        .map(([name, field]) => `${declaration.table}.${columnOf(name, field)}`),
    );
    const classified = new Set(PERSONAL_COLUMNS.map((entry) => `${entry.table}.${entry.column}`));
    expect(relations.length).toBeGreaterThan(10);
    expect(relations.filter((key) => !classified.has(key))).toEqual([]);
  });
});

describe('an export', () => {
  let exported: Awaited<ReturnType<typeof post>>;

  it('is refused to a contributor, and a person of another structure is an unknown reference', async () => {
    expect((await post('contributor', { user: person.id, kind: 'export' })).status).toBe(403);
    const stranger = await t.request('POST', '/api/personal-data-requests', {
      token: otherStructureAdmin.token,
      body: { user: person.id, kind: 'export' },
    });
    expect(stranger.status).toBe(422);
    expect(stranger.json.violations[0]).toMatchObject({ propertyPath: 'user', code: 'reference' });
  });

  it('holds every kind of the person’s rows and files, and nothing of anyone else', async () => {
    exported = await post('admin', { user: `/api/users/${person.id}`, kind: 'export' });
    expect(exported.status).toBe(201);
    expect(exported.json).toMatchObject({ kind: 'export', status: 'done', user: person.id });
    expect(exported.json.archive.size).toBeGreaterThan(0);
    const zip = await archiveOf(exported.json.id, await t.tokenFor('admin'));
    const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
    expect(manifest).toMatchObject({
      format: 'lms-personal-data',
      version: 1,
      subject: { type: 'person', id: person.id },
    });
    const rowsOf = async (kind: string) => JSON.parse(await zip.file(`data/${kind}.json`)!.async('string'));
    for (const entry of PERSONAL_COLUMNS.filter((column) => column.exported)) {
      const kind = kindOf(entry);
      expect(manifest.kinds.map((listed: { kind: string }) => listed.kind)).toContain(kind);
      expect(await zip.file(`data/${kind}.csv`)!.async('string')).toMatch(/^\uFEFF/);
      // Each row names the person where the classification says.
      for (const row of await rowsOf(kind))
        expect([kind, row[entry.column]]).toEqual([kind, entry.byAddress ? person.email : person.id]);
    }
    for (const kind of [
      'users',
      'participations',
      'user_connections',
      'notes.user_id',
      'tickets.author_id',
      'ticket_messages',
      'ticket_attachments',
      'ticket_notifications',
      'saved_views',
      'documents',
      'audit_log',
    ])
      expect([kind, (await rowsOf(kind)).length]).not.toEqual([kind, 0]);
    const [account] = await rowsOf('users');
    expect(account).toMatchObject({ email: person.email, phone: '0611223344' });
    expect(account).not.toHaveProperty('password_hash');
    // The files: the uploaded document and the ticket's attachment, their bytes as uploaded.
    const paths = manifest.files.map((file: { path: string }) => file.path);
    expect(paths.some((path: string) => /^files\/documents\/\d+-justificatif\.txt$/.test(path))).toBe(true);
    const attachment = paths.find((path: string) => path.startsWith('files/ticket_attachments/'));
    expect(await zip.file(attachment)!.async('string')).toContain(person.name);
    // Nobody else's: not the colleague's sign-ins, nor another structure's people.
    const everything = (await Promise.all(Object.values(zip.files).map((file) => file.async('string')))).join('\n');
    expect(everything).not.toContain(colleague.email);
    expect(everything).not.toContain(otherStructureAdmin.email);
    expect(everything).not.toContain('192.0.2.8');
  });

  it('is listed on the person with its legal deadline, and another structure reads none of it', async () => {
    const listed = await t.request('GET', `/api/personal-data-requests?user=${person.id}`, { as: 'admin' });
    expect(listed.status).toBe(200);
    const [latest] = listed.json;
    expect(latest.id).toBe(exported.json.id);
    const month = new Date(latest.requestedAt);
    month.setUTCMonth(month.getUTCMonth() + 1);
    expect(Math.abs(new Date(latest.dueAt).getTime() - month.getTime())).toBeLessThan(2 * 86_400_000);
    const stranger = await t.request('GET', `/api/personal-data-requests?user=${person.id}`, {
      token: otherStructureAdmin.token,
    });
    expect(stranger.json).toEqual([]);
    const archive = await t.app.inject({
      method: 'GET',
      url: `/api/personal-data-requests/${exported.json.id}/archive`,
      headers: { authorization: `Bearer ${otherStructureAdmin.token}` },
    });
    expect(archive.statusCode).toBe(404);
  });
});

describe('an erasure', () => {
  it('waits out its cool-off and may be called off', async () => {
    const own = await post('admin', { user: t.users.admin.id, kind: 'erasure' });
    expect(own.status).toBe(422);
    const asked = await post('admin', { user: person.id, kind: 'erasure' });
    expect(asked.status).toBe(201);
    expect(asked.json.status).toBe('scheduled');
    expect(new Date(asked.json.runAfter).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);
    expect((await post('admin', { user: person.id, kind: 'erasure' })).status).toBe(409);
    expect(await runPersonalDataRequests(t.db)).toBe(0);
    const canceled = await t.request('POST', `/api/personal-data-requests/${asked.json.id}/cancel`, { as: 'admin' });
    expect(canceled.status).toBe(200);
    expect(canceled.json.status).toBe('canceled');
    expect(
      (await t.request('POST', `/api/personal-data-requests/${asked.json.id}/cancel`, { as: 'admin' })).status,
    ).toBe(409);
    const [still] = await t.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [person.id]);
    expect(still.email).toBe(person.email);
  });

  it('resumes after a process died half-way, and leaves no trace of the person', async () => {
    const auditBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
    const asked = await post('superadmin', { user: person.id, kind: 'erasure' });
    expect(asked.status).toBe(201);
    // The cool-off is over; a process takes the erasure and dies after the person's own rows.
    await t.db.exec(
      `UPDATE personal_data_requests SET run_after = now() - interval '1 minute', status = 'running',
              started_at = now() - interval '1 hour', attempts = 1 WHERE id = ${asked.json.id}`,
    );
    await expect(
      erasePerson(t.db, { request: asked.json.id, person: person.id, structure, requester: null }, 'own-rows'),
    ).rejects.toThrow(/Stopped/);
    expect(await runPersonalDataRequests(t.db)).toBe(1);
    const [request] = await t.db.query<{ status: string }>('SELECT status FROM personal_data_requests WHERE id = $1', [
      asked.json.id,
    ]);
    expect(request.status).toBe('done');
    await removeUnheldFiles(t.db, t.files);

    // No table holds their name, address or telephone.
    expect(await dumpMatching([person.email, person.name, `Quillard${suffix}`, '0611223344'])).toEqual([]);
    // Their files are gone from the store, the export's archive with them.
    expect(await t.files.size(attachmentKey)).toBeUndefined();
    // The account stays, anonymous, and its sessions end.
    const [account] = await t.db.query<{ email: string; first_name: string; enabled: boolean }>(
      'SELECT email, first_name, enabled FROM users WHERE id = $1',
      [person.id],
    );
    expect(account).toEqual({ email: erasedAddress(person.id), first_name: ERASED_PERSON.firstName, enabled: false });
    expect((await t.request('GET', '/api/courses', { token: person.token })).status).toBe(401);
    // What others share stays: the ticket and its message, written by "Utilisateur supprimé".
    const [message] = await t.db.query<{ name: string }>(
      `SELECT concat_ws(' ', u.first_name, u.last_name) AS name FROM ticket_messages m JOIN users u ON u.id = m.author_id
        WHERE m.author_id = $1`,
      [person.id],
    );
    expect(message.name).toBe('Utilisateur supprimé');
    // The audit log keeps every entry, and the erasure's own.
    const auditAfter = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log'))[0].n;
    expect(auditAfter).toBeGreaterThan(auditBefore);
    const entries = await t.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE resource = 'users' AND record_id = $1 ORDER BY id`,
      [person.id],
    );
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'create',
        'export-personal-data',
        'request-erasure',
        'cancel-erasure',
        'erase-personal-data',
      ]),
    );
  });

  it('is idempotent: run again, it finds nothing left to do', async () => {
    const [request] = await t.db.query<{ id: number }>(
      `SELECT id FROM personal_data_requests WHERE user_id = $1 AND kind = 'erasure' AND status = 'done'`,
      [person.id],
    );
    await t.db.exec(`UPDATE personal_data_requests SET status = 'running' WHERE id = ${request.id}`);
    await erasePerson(t.db, { request: request.id, person: person.id, structure, requester: null });
    expect(await dumpMatching([person.email, person.name])).toEqual([]);
  });

  it('may not blank the audit log of someone whose erasure is not running', async () => {
    await expect(
      t.db.query('SELECT erase_person($1, $2, $3, $4)', [colleague.id, 'X', 'Y', erasedAddress(colleague.id)]),
    ).rejects.toThrow(/No erasure/);
    expect(await dumpMatching([colleague.email])).not.toEqual([]);
  });
});
