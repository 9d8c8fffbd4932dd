import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../api/support/testApp.ts';
import { activeUser, login } from './support/auth.ts';

/**
 * A login is folded once (login_fold, migration 0010) for the account lookup, the e-mail's uniqueness and the
 * per-login bounds: no spelling of a login reaches an account under a budget of its own. Each case writes a
 * login another way and checks that, if it signs in to the account, its wrong passwords lock the account's
 * own spelling out.
 */
let t: TestApp;
let next = 0;
let addresses = 0;
const address = () => `192.0.2.${++addresses % 250}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Respellings of an e-mail; `reaches`: whether it must open the account whatever the database's locale. */
const SPELLINGS: { name: string; respell: (email: string) => string; reaches?: boolean }[] = [
  { name: 'upper case', respell: (email) => email.toUpperCase(), reaches: true },
  { name: 'padding, no-break spaces included', respell: (email) => ` \t${email}\u00a0\u3000`, reaches: true },
  {
    name: 'fullwidth letters',
    respell: (email) => email.replace('kiosk', '\uff4b\uff49\uff4f\uff53\uff4b'),
    reaches: true,
  },
  { name: 'the Kelvin sign for k', respell: (email) => email.replace('k', '\u212a'), reaches: true },
  { name: 'İ (U+0130) for i', respell: (email) => email.replace(/i/g, '\u0130') },
  { name: 'ı (dotless) for i', respell: (email) => email.replace('i', '\u0131') },
  { name: 'ß for ss', respell: (email) => email.replace('ss', '\u00df') },
  { name: 'ẞ (capital sharp s) for ss', respell: (email) => email.replace('ss', '\u1e9e') },
  { name: 'a combining dot above the i', respell: (email) => email.replace('i', 'i\u0307') },
];

describe('one fold of a login', () => {
  for (const spelling of SPELLINGS)
    it(`${spelling.name}: opens the account only under the account's own budget`, async () => {
      const email = `kiosk-class-${++next}@test.fr`;
      await activeUser(t, email);
      const respelled = spelling.respell(email);
      expect(respelled).not.toBe(email);
      const probe = await login(t, respelled, 'Initial2026!', address());
      expect([200, 401]).toContain(probe.status);
      if (spelling.reaches) expect(probe.status).toBe(200);
      if (probe.status === 401) return;
      for (let n = 0; n < 5; n++) expect((await login(t, respelled, 'wrong', address())).status).toBe(401);
      const own = await login(t, email, 'Initial2026!', address());
      expect(own.status).toBe(429);
    });

  it('keeps e-mails unique as they are looked up', async () => {
    await activeUser(t, 'kiosk-unique@test.fr');
    for (const respelled of [
      '\uff4b\uff49\uff4f\uff53\uff4b-unique@test.fr',
      '\u212aiosk-unique@test.fr',
      'KIOSK-UNIQUE@test.fr',
    ]) {
      const created = await t.request('POST', '/api/users', {
        as: 'superadmin',
        body: {
          email: respelled,
          firstName: 'Double',
          lastName: 'Compte',
          type: 'contributor',
          company: `/api/companies/${t.users.admin.company}`,
        },
      });
      expect(created.status).toBe(422);
      expect(created.json.violations).toEqual([expect.objectContaining({ propertyPath: 'email' })]);
    }
  });

  it('folds compatibility forms, padding and case, and is its own fold', async () => {
    const [row] = await t.db.query<Record<string, string>>(
      `SELECT login_fold($1) AS fullwidth, login_fold($2) AS kelvin, login_fold($3) AS padded, login_fold(login_fold($4)) AS twice, login_fold($4) AS once`,
      ['\uff21\uff22\uff23@x.fr', '\u212a@x.fr', '\u00a0\t Kiosk@X.fr \u2028', 'İSTANBUL@X.FR'],
    );
    expect(row).toEqual({
      fullwidth: 'abc@x.fr',
      kelvin: 'k@x.fr',
      padded: 'kiosk@x.fr',
      twice: row.once,
      once: row.once,
    });
  });
});
