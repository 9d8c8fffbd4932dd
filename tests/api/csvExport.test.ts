import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSV_BOM,
  CSV_LINE_END,
  CSV_SEPARATOR,
  EXPORT_ROWS_PER_WRITE,
  exportPath,
  FORMULA_GUARD,
} from '../../src/domain/csvExport.ts';
import { EXPORT_BATCH_ROWS } from '../../server/resources/listExport.ts';
import { administratorOf, type Caller } from '../security/support/structures.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * `GET /api/{resource}/export.csv`: the whole filtered list a session's list shows, in its order, as French
 * Excel reads it; nothing of another structure, no field the list does not answer, no cell a spreadsheet
 * would run as a formula; across as many batches as it takes; paid for from the user's budget.
 */
let t: TestApp;
let structure: number;
let stranger: Caller;

beforeAll(async () => {
  t = await createTestApp();
  structure = Number(t.users.admin.company);
  stranger = (await administratorOf(t, structure, true)).caller;
});
afterAll(async () => {
  await t?.close();
});

type Who = Persona | Caller;
const get = (who: Who, url: string, accept = '*/*') =>
  t.request(
    'GET',
    url,
    typeof who === 'string' ? { as: who, accept } : { token: who.token, headers: who.headers, accept },
  );

/** RFC 4180 with the export's separator: quoted cells may hold separators, quotes and line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === CSV_SEPARATOR) {
      row.push(cell);
      cell = '';
    } else if (text.startsWith(CSV_LINE_END, index)) {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += CSV_LINE_END.length - 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** An export in the API's format (`format=api`), or in the French one (the default) with `format: 'fr'`. */
async function exported(who: Who, resource: string, query = '', format: 'api' | 'fr' = 'api') {
  const parameters = [query, format === 'api' ? 'format=api' : ''].filter(Boolean).join('&');
  const response = await get(who, `${exportPath(resource)}${parameters ? `?${parameters}` : ''}`);
  expect(response.status, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
  expect(String(response.headers['content-disposition'])).toMatch(
    new RegExp(`^attachment; filename="${resource}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(response.body.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(response.body.slice(CSV_BOM.length));
  const column = (name: string) => {
    const at = header.indexOf(name);
    expect(at, `column ${name} in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
    return rows.map((cells) => cells[at]);
  };
  return { body: response.body, header, rows, column, ids: rows.map((cells) => Number(cells[0])) };
}

/** Every id the JSON list gives for the same query, page after page. */
async function listedIds(who: Who, resource: string, query: string): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await get(who, `/api/${resource}?${query}&itemsPerPage=500&page=${page}`, 'application/json');
    expect(response.status, response.body).toBe(200);
    ids.push(...(response.json as { id: number }[]).map((item) => item.id));
    if (response.json.length < 500) return ids;
  }
}

async function addUsers(count: number, company: number, tag: string) {
  // Some never signed in: the order on the last sign-in then meets nulls, and ties on the same instant.
  await t.db.query(
    `INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, company_id, last_connection_at)
     SELECT $1 || n || '@exemple.fr', 'Export', 'Personne ' || n, 'contributor', ARRAY['ROLE_USER'], n % 3 <> 0, 'fr', $2,
            CASE WHEN n % 4 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (n % 50) * interval '1 hour' END
       FROM generate_series(1, $3::int) AS n`,
    [tag, company, count],
  );
}

describe('GET /api/{resource}/export.csv', () => {
  it('sends the rows the filtered list shows, in its order, and none of another structure', async () => {
    await addUsers(30, structure, 'mine.');
    const [other] = await t.db.query<{ company_id: number }>(
      'SELECT company_id FROM users WHERE company_id <> $1 AND company_id IS NOT NULL LIMIT 1',
      [structure],
    );
    await addUsers(5, other.company_id, 'stranger.');

    const query = 'enabled=false&order[email]=desc';
    const file = await exported('admin', 'users', query);
    expect(file.ids).toEqual(await listedIds('admin', 'users', query));
    expect(file.ids.length).toBeGreaterThanOrEqual(10);
    expect(new Set(file.column('enabled'))).toEqual(new Set(['false']));
    const emails = file.column('email');
    // Text sorts as a French reader files it (punctuation before digits: `mine.3@` before `mine.30@`).
    expect(emails).toEqual([...emails].sort(new Intl.Collator('fr').compare).reverse());
    expect(emails.some((email) => email.startsWith('stranger.'))).toBe(false);

    const ascending = await exported('admin', 'users', 'enabled=false&order[email]=asc');
    expect(ascending.ids).toEqual([...file.ids].reverse());

    // The other structure's administrator sees its own rows, and none of this one's.
    const theirs = await exported(stranger, 'users', 'enabled=false');
    expect(theirs.column('email').some((email) => email.startsWith('mine.'))).toBe(false);
    expect(theirs.ids.some((id) => file.ids.includes(id))).toBe(false);
  });

  it('sends only the fields the list answers: never a password, and a contributor only its own row', async () => {
    const admins = await exported('admin', 'users');
    expect(admins.header).not.toContain('password');
    expect(admins.header.slice(0, 3)).toEqual(['id', 'email', 'firstName']);
    expect(admins.body).not.toMatch(/\$2[aby]\$|\$argon2/);

    const own = await exported('contributor', 'users');
    expect(own.ids).toEqual([t.users.contributor.id]);
    // A list the role may not read is refused as the list is.
    expect((await get('contributor', exportPath('user-supervisions'))).status).toBe(403);
  });

  it('writes a BOM, semicolons and CRLF, and keeps formulas from running', async () => {
    const names = ['=cmd|/C calc!A0', '+SUM(1;2)', '-2+3', '@echo', '\tTab', 'Texte "cité"; suite'];
    const ids: number[] = [];
    for (const name of names) {
      const response = await t.request('POST', '/api/tags', { as: 'contributor', body: { name } });
      expect(response.status, response.body).toBe(201);
      ids.push(response.json.id);
    }
    const file = await exported('contributor', 'tags', 'order[createdAt]=desc');
    expect(file.body.slice(CSV_BOM.length).split(CSV_LINE_END)[0]).toBe(
      ['id', 'name', 'color', 'company', 'createdAt', 'updatedAt'].join(CSV_SEPARATOR),
    );
    const byId = new Map(file.rows.map((cells) => [Number(cells[0]), cells[1]]));
    expect(ids.map((id) => byId.get(id))).toEqual([
      `${FORMULA_GUARD}=cmd|/C calc!A0`,
      `${FORMULA_GUARD}+SUM(1;2)`,
      `${FORMULA_GUARD}-2+3`,
      `${FORMULA_GUARD}@echo`,
      `${FORMULA_GUARD}\tTab`,
      'Texte "cité"; suite',
    ]);
    // As written: quoted where it holds the separator, guarded inside the quotes.
    expect(file.body).toContain(`"${FORMULA_GUARD}+SUM(1;2)"`);
    expect(file.body).toContain(`"Texte ""cité""; suite"`);
  });

  it('reads a long list in batches: every row once, in order, nulls included', async () => {
    await addUsers(EXPORT_BATCH_ROWS * 2 + 150, structure, 'batch.');
    for (const query of ['order[lastConnectionAt]=desc', 'order[lastConnectionAt]=asc', 'order[email]=asc']) {
      const file = await exported('admin', 'users', query);
      expect(file.ids.length).toBeGreaterThan(EXPORT_BATCH_ROWS * 2);
      expect(new Set(file.ids).size).toBe(file.ids.length);
      expect(file.ids, query).toEqual(await listedIds('admin', 'users', query));
    }
  });

  it('refuses a filter the list refuses', async () => {
    expect((await get('admin', `${exportPath('users')}?enabled=maybe`)).status).toBe(400);
  });
});

describe('the French export (the default)', () => {
  it('heads its columns with the labels the import reads and writes French values', async () => {
    const email = `export.francais.${Date.now()}@exemple.fr`;
    const [user] = await t.db.query<{ id: number }>(
      `INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, company_id, last_connection_at)
       VALUES ($1, 'Élodie', 'Lefèvre', 'contributor', ARRAY['ROLE_USER', 'ROLE_ADMIN'], false, 'fr', $2,
               timestamptz '2026-07-14T08:05:00Z') RETURNING id`,
      [email, structure],
    );
    const rights = await t.db.query<{ id: number; label: string }>(
      'SELECT id, label FROM access_rights ORDER BY id LIMIT 2',
    );
    for (const right of rights)
      await t.db.query('INSERT INTO user_access_rights (user_id, access_right_id) VALUES ($1, $2)', [
        user.id,
        right.id,
      ]);
    const [company] = await t.db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [structure]);

    const file = await exported('admin', 'users', `q=${encodeURIComponent(email)}`, 'fr');
    expect(file.header.slice(0, 4)).toEqual(['ID', 'Adresse e-mail', 'Prénom', 'Nom']);
    for (const label of ['Type', 'Rôles', 'Actif', 'Structure', "Droits d'accès", 'Dernière connexion', 'Création'])
      expect(file.header).toContain(label);
    expect(file.header).not.toContain('Mot de passe');
    expect(file.ids).toEqual([user.id]);
    const value = (label: string) => file.column(label)[0];
    expect(value('Type')).toBe('Contributeur');
    expect(value('Rôles')).toBe('Contributeur | Administrateur');
    expect(value('Actif')).toBe('Non');
    // 08:05 UTC is 10:05 in Paris in July.
    expect(value('Dernière connexion')).toBe('14/07/2026 10:05');
    expect(value('Création')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(value('Structure')).toBe(company.name);
    expect(value("Droits d'accès")).toBe(
      rights
        .map((right) => right.label)
        .sort()
        .join(' | '),
    );
    expect(value('Langue')).toBe('Français');

    // The API's format keeps the API's names and values, for re-import and scripts.
    const raw = await exported('admin', 'users', `q=${encodeURIComponent(email)}`, 'api');
    expect(raw.header.slice(0, 4)).toEqual(['id', 'email', 'firstName', 'lastName']);
    expect(raw.column('type')[0]).toBe('contributor');
    expect(raw.column('roles')[0]).toBe('ROLE_USER, ROLE_ADMIN');
    expect(raw.column('enabled')[0]).toBe('false');
    expect(raw.column('lastConnectionAt')[0]).toMatch(/^2026-07-14T08:05:00/);
    expect(raw.column('accessRights')[0]).toBe(rights.map((right) => right.id).join(', '));
    expect(raw.column('company')[0]).toBe(company.name);
  });

  it("names a course's references and labels its status, and refuses an unknown format", async () => {
    const title = `Export ${Date.now()}`;
    const course = await t.request('POST', '/api/courses', { as: 'admin', body: { title } });
    expect(course.status, course.body).toBe(201);
    const file = await exported('admin', 'courses', `q=${encodeURIComponent(title)}`, 'fr');
    expect(file.column('Titre')).toEqual([title]);
    expect(file.column('Statut')).toEqual(['Brouillon']);
    expect(file.column('Modèle')).toEqual(['Non']);
    expect((await get('admin', `${exportPath('users')}?format=xlsx`)).status).toBe(400);
  });
});

describe('the budget of exports', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ config: { writeBudget: { burst: 3, perHour: 1 } } });
  });
  afterAll(async () => {
    await small?.close();
  });

  it('spends a write per export and one more per EXPORT_ROWS_PER_WRITE rows, then answers 429', async () => {
    await small.db.query(
      `INSERT INTO users (email, first_name, last_name, type, roles, enabled, locale, company_id)
       SELECT 'budget.' || n || '@exemple.fr', 'B', 'B', 'contributor', ARRAY['ROLE_USER'], true, 'fr', $1
         FROM generate_series(1, $2::int) AS n`,
      [small.users.admin.company, EXPORT_ROWS_PER_WRITE],
    );
    const send = () => small.request('GET', exportPath('users'), { as: 'admin' });
    // 1 + 1 of a burst of 3: the next export cannot be paid for.
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
