import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../../server/auth/mailer.ts';
import { BanClient, type AddressSearch } from '../../server/integrations/addresses.ts';
import { RechercheEntreprisesClient, type EstablishmentSearch } from '../../server/integrations/establishments.ts';
import { StripeClient } from '../../server/integrations/payments.ts';
import { banStandIn } from '../../server/integrations/standins/banStandIn.ts';
import { directoryStandIn } from '../../server/integrations/standins/directoryStandIn.ts';
import { startStandIn, type StandInServer } from '../../server/integrations/standins/standInServer.ts';
import { stripeStandIn } from '../../server/integrations/standins/stripeStandIn.ts';
import { encodeCompanyId } from '../../server/onboarding/invitations.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The self-service sign-up through the real clients, against the local stand-ins that speak
 * the BAN's, the company directory's and Stripe's protocols; a stopped stand-in is a service down.
 */
let t: TestApp;
let ban: StandInServer;
let directory: StandInServer;
let stripe: StandInServer;
const mails: Mail[] = [];
// The app keeps one client per service; a test points it at a dead address to see the service down.
let addresses: AddressSearch;
let establishments: EstablishmentSearch;
let france = 0;

beforeAll(async () => {
  ban = await startStandIn(banStandIn);
  directory = await startStandIn(directoryStandIn);
  stripe = await startStandIn(stripeStandIn('sk_test_onboarding'));
  addresses = new BanClient(`${ban.url}/search/`);
  establishments = new RechercheEntreprisesClient(`${directory.url}/search`);
  t = await createTestApp({
    mailer: { send: async (mail) => void mails.push(mail) },
    addresses: { search: (text, limit) => addresses.search(text, limit) },
    establishments: { search: (text) => establishments.search(text) },
    payments: new StripeClient({ secretKey: 'sk_test_onboarding', url: stripe.url }),
    config: { registrationsPerHour: 100 },
  });
  [{ id: france }] = await t.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
});

afterAll(async () => {
  await t?.close();
  await Promise.all([ban, directory, stripe].map((server) => server?.close()));
});

let serial = 0;
function signUp(overrides: { company?: Record<string, unknown>; [key: string]: unknown } = {}) {
  serial += 1;
  const { company, ...rest } = overrides;
  return {
    company: {
      name: 'Académie du Numérique',
      siret: '81234567800013',
      address: '12 Rue de la Paix',
      postcode: '75002',
      city: 'Paris',
      country: `/api/countries/${france}`,
      email: 'contact@academie-numerique.fr',
      phone: '01 42 68 53 00',
      ...company,
    },
    firstName: 'Claire',
    lastName: 'Fontaine',
    email: `claire.fontaine+${serial}@academie-numerique.fr`,
    ...rest,
  };
}

const codeOf = (email: string) =>
  /(\d{6})/.exec(mails.filter((mail) => mail.to === email).at(-1)?.subject ?? '')?.[1] ?? '';

/** A new structure, its administrator's e-mail and the restricted session the sign-up opened. */
async function registered(overrides = {}) {
  const body = signUp(overrides);
  const response = await t.request('POST', '/api/users/register', { body });
  expect(response.status).toBe(201);
  return {
    email: body.email,
    token: response.json.token as string,
    refresh: response.json.refresh_token as string,
    company: response.json.company.id as number,
  };
}

describe('public look-ups', () => {
  it('lists the plans of the system configuration, and follows its edits', async () => {
    const plans = await t.request('GET', '/api/public/plans', { as: null });
    expect(plans.status).toBe(200);
    expect(plans.json).toEqual([
      { id: 1, name: 'Découverte', price: 0, seats: 5, period: 'month' },
      { id: 2, name: 'Établissement', price: 49, seats: 50, period: 'month' },
      { id: 3, name: 'Réseau', price: 490, seats: 500, period: 'year' },
    ]);
    const [config] = await t.db.query<{ id: number; value: string }>(
      `SELECT id, value FROM system_configurations WHERE key = 'subscription.plans'`,
    );
    const edited = JSON.stringify([
      ...JSON.parse(config.value),
      { id: 4, name: 'Cassé', price: -1, seats: 1, period: 'month' },
    ]);
    expect(
      (await t.request('PUT', `/api/system-configurations/${config.id}`, { as: 'superadmin', body: { value: edited } }))
        .status,
    ).toBe(200);
    // A malformed plan is left out, not offered.
    expect((await t.request('GET', '/api/public/plans', { as: null })).json).toHaveLength(3);
    await t.db.query('UPDATE system_configurations SET value = $2 WHERE id = $1', [config.id, config.value]);
  });

  it('lists the countries without a session', async () => {
    const countries = await t.request('GET', '/api/public/countries', { as: null });
    expect(countries.status).toBe(200);
    expect(countries.json.find((country: { code: string }) => country.code === 'FR')).toMatchObject({
      id: france,
      name: 'France',
    });
  });

  it("passes on the BAN's GeoJSON features, and a 502 when it is down", async () => {
    const found = await t.request('GET', '/api/public/address-search?q=12%20rue%20de%20la%20paix', { as: null });
    expect(found.status).toBe(200);
    expect(found.json.type).toBe('FeatureCollection');
    expect(found.json.features.map((feature: { properties: { label: string } }) => feature.properties.label)).toEqual([
      '12 Rue de la Paix 75002 Paris',
    ]);
    expect(found.json.features[0]).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [2.331, 48.8693] },
      properties: { postcode: '75002', city: 'Paris', housenumber: '12' },
    });
    expect((await t.request('GET', '/api/public/address-search?q=ab', { as: null })).status).toBe(400);
    const live = addresses;
    addresses = new BanClient('http://127.0.0.1:9/search/');
    try {
      expect((await t.request('GET', '/api/public/address-search?q=rue%20de%20la%20paix', { as: null })).status).toBe(
        502,
      );
    } finally {
      addresses = live;
    }
  });

  it('finds establishments by name or SIRET, and a 502 when the directory is down', async () => {
    const byName = await t.request('GET', '/api/public/search-establishment?search=academie%20numerique', { as: null });
    expect(byName.json).toEqual([
      {
        siret: '81234567800013',
        name: 'ACADEMIE DU NUMERIQUE',
        address: '12 RUE DE LA PAIX 75002 PARIS',
        postcode: '75002',
        city: 'PARIS',
      },
    ]);
    const bySiret = await t.request('GET', '/api/public/search-establishment?search=44219876500020', { as: null });
    expect(bySiret.json.map((found: { name: string }) => found.name)).toEqual(['LYCEE PROFESSIONNEL JEAN MOULIN']);
    const live = establishments;
    establishments = new RechercheEntreprisesClient('http://127.0.0.1:9/search');
    try {
      expect((await t.request('GET', '/api/public/search-establishment?search=academie', { as: null })).status).toBe(
        502,
      );
    } finally {
      establishments = live;
    }
  });
});

describe('company by invitation key', () => {
  it('answers the company for its key only, without the key, and 404 for any other', async () => {
    const [company] = await t.db.query<{ id: number }>(
      `INSERT INTO companies (name, siret, city, invitation_key) VALUES ('Lycée Victor Hugo', '52088765400017', 'Nantes', 'k3y-2f9a7c1e-invitation') RETURNING id`,
    );
    const found = await t.request(
      'GET',
      `/api/public/companies/${encodeCompanyId(company.id)}/k3y-2f9a7c1e-invitation`,
      { as: null },
    );
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({
      id: company.id,
      name: 'Lycée Victor Hugo',
      siret: '52088765400017',
      city: 'Nantes',
    });
    expect(found.json).not.toHaveProperty('invitation_key');
    for (const path of [
      `${encodeCompanyId(company.id)}/k3y-2f9a7c1e-invitatioN`,
      `${encodeCompanyId(company.id)}/k3y`,
      `${encodeCompanyId(999_999)}/k3y-2f9a7c1e-invitation`,
      `not-base64!/k3y-2f9a7c1e-invitation`,
      // A company without a key (created by staff) is never found by one.
      `${encodeCompanyId(1)}/x`,
    ])
      expect((await t.request('GET', `/api/public/companies/${path}`, { as: null })).status, path).toBe(404);
  });
});

describe('registration', () => {
  it('creates a pending structure and its first admin, mails the code and opens a restricted session', async () => {
    const body = signUp();
    const response = await t.request('POST', '/api/users/register', { body });
    expect(response.status).toBe(201);
    expect(response.json).toMatchObject({ company: { name: 'Académie du Numérique' }, user: { email: body.email } });
    const [company] = await t.db.query(
      `SELECT name, siret, phone, email, address, postcode, city, country_id, status FROM companies WHERE id = $1`,
      [response.json.company.id],
    );
    expect(company).toEqual({
      name: 'Académie du Numérique',
      siret: '81234567800013',
      phone: '+33142685300',
      email: 'contact@academie-numerique.fr',
      address: '12 Rue de la Paix',
      postcode: '75002',
      city: 'Paris',
      country_id: france,
      status: 'pending',
    });
    const [user] = await t.db.query(`SELECT type, roles, company_id, password_hash FROM users WHERE email = $1`, [
      body.email,
    ]);
    expect(user).toEqual({
      type: 'admin',
      roles: ['ROLE_ADMIN', 'ROLE_FIRST_CONNECT'],
      company_id: response.json.company.id,
      password_hash: null,
    });
    expect(codeOf(body.email)).toMatch(/^\d{6}$/);
    // The session may only check the code: no resource is reachable with it.
    expect((await t.request('GET', '/api/users', { token: response.json.token })).status).toBe(403);
  });

  it('activates the structure once the code is checked, then the password makes a full admin', async () => {
    const { email, token, company } = await registered();
    expect(
      (
        await t.request('POST', '/api/auth/email/check-code', {
          token,
          body: { code: '000000' === codeOf(email) ? '111111' : '000000' },
        })
      ).status,
    ).toBe(404);
    expect((await t.db.query('SELECT status FROM companies WHERE id = $1', [company]))[0].status).toBe('pending');
    const checked = await t.request('POST', '/api/auth/email/check-code', { token, body: { code: codeOf(email) } });
    expect(checked.status).toBe(200);
    expect((await t.db.query('SELECT status, activated_at FROM companies WHERE id = $1', [company]))[0]).toMatchObject({
      status: 'active',
      activated_at: expect.any(Date),
    });
    const password = await t.request('POST', '/api/auth/reinit-password/validate', {
      token: checked.json.token,
      body: { password: 'Structure2026!', passwordConfirmation: 'Structure2026!' },
    });
    expect(password.status).toBe(200);
    const login = await t.request('POST', '/api/auth/token', { body: { login: email, password: 'Structure2026!' } });
    expect(login.status).toBe(200);
    expect((await t.request('GET', '/api/users?type=admin', { token: login.json.token })).status).toBe(200);
  });

  it('answers every faulty field at once, on its path', async () => {
    const response = await t.request('POST', '/api/users/register', {
      body: signUp({
        company: {
          name: ' ',
          siret: '81234567800014',
          postcode: '7500',
          phone: '12345',
          email: 'pas-une-adresse',
          country: null,
        },
        firstName: '',
        email: 'x@',
      }),
    });
    expect(response.status).toBe(422);
    const paths = response.json.violations.map((found: { propertyPath: string }) => found.propertyPath).sort();
    expect(paths).toEqual([
      'company.country',
      'company.email',
      'company.name',
      'company.phone',
      'company.siret',
      'email',
      'firstName',
    ]);
    const french = await t.request('POST', '/api/users/register', { body: signUp({ company: { postcode: '7500' } }) });
    expect(french.json.violations).toEqual([
      expect.objectContaining({ propertyPath: 'company.postcode', code: 'format' }),
    ]);
    // Outside France a postcode is free text, and an E.164 number is accepted.
    const [belgium] = await t.db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'BE'`);
    expect(
      (
        await t.request('POST', '/api/users/register', {
          body: signUp({ company: { postcode: 'B-1000', country: belgium.id, phone: '+3225551234', siret: '' } }),
        })
      ).status,
    ).toBe(201);
    expect(
      (await t.request('POST', '/api/users/register', { body: signUp({ company: { country: 999_999 } }) })).json
        .violations[0],
    ).toMatchObject({ propertyPath: 'company.country', code: 'reference' });
    expect(
      (await t.request('POST', '/api/users/register', { rawBody: '{"company":', contentType: 'application/json' }))
        .status,
    ).toBe(400);
  });

  it('refuses an e-mail already used (422 on the field), whatever its case', async () => {
    const taken = await t.request('POST', '/api/users/register', { body: signUp({ email: 'Admin@Demo.fr' }) });
    expect(taken.status).toBe(422);
    expect(taken.json.violations).toEqual([expect.objectContaining({ propertyPath: 'email', code: 'unique' })]);
    const [{ n }] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM companies WHERE email = 'contact@academie-numerique.fr' AND status = 'pending' AND name = 'Académie du Numérique'`,
    );
    const again = await t.request('POST', '/api/users/register', { body: signUp({ email: 'admin@demo.fr' }) });
    expect(again.status).toBe(422);
    // Nothing half-written: the structure of a refused sign-up is not left behind.
    expect(
      (
        await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM companies WHERE email = 'contact@academie-numerique.fr' AND status = 'pending' AND name = 'Académie du Numérique'`,
        )
      )[0].n,
    ).toBe(n);
  });

  it('frees an address whose sign-up was never confirmed after a day', async () => {
    const { email, company } = await registered();
    await t.db.query(`UPDATE companies SET created_at = now() - interval '25 hours' WHERE id = $1`, [company]);
    const again = await t.request('POST', '/api/users/register', { body: signUp({ email }) });
    expect(again.status).toBe(201);
    expect(await t.db.query('SELECT 1 FROM companies WHERE id = $1', [company])).toEqual([]);
  });

  it('takes a logo uploaded for the onboarding, never another document', async () => {
    const [logo] = await t.db.query<{ id: number }>(
      `INSERT INTO documents (name, mime_type, size, context, anonymous) VALUES ('logo.png', 'image/png', 10, 'onboarding', true) RETURNING id`,
    );
    const [other] = await t.db.query<{ id: number }>(
      `SELECT id FROM documents WHERE NOT anonymous ORDER BY id LIMIT 1`,
    );
    const refused = await t.request('POST', '/api/users/register', {
      body: signUp({ company: { logo: `/api/documents/${other.id}` } }),
    });
    expect(refused.json.violations).toEqual([
      expect.objectContaining({ propertyPath: 'company.logo', code: 'reference' }),
    ]);
    const { company } = await registered({ company: { logo: `/api/documents/${logo.id}` } });
    expect((await t.db.query('SELECT logo_id FROM companies WHERE id = $1', [company]))[0].logo_id).toBe(logo.id);
    // Already some structure's logo: not another's.
    expect(
      (await t.request('POST', '/api/users/register', { body: signUp({ company: { logo: logo.id } }) })).status,
    ).toBe(422);
  });

  it('completes an invited company and spends its key', async () => {
    const [invited] = await t.db.query<{ id: number }>(
      `INSERT INTO companies (name, invitation_key) VALUES ('Lycée Jean Moulin', 'invitation-5b1d0e') RETURNING id`,
    );
    const invitation = { company: encodeCompanyId(invited.id), key: 'invitation-5b1d0e' };
    const wrong = await t.request('POST', '/api/users/register', {
      body: signUp({ invitation: { ...invitation, key: 'invitation-000000' } }),
    });
    expect(wrong.json.violations).toEqual([expect.objectContaining({ propertyPath: 'invitation', code: 'reference' })]);
    const { company } = await registered({
      invitation,
      company: { name: 'Lycée professionnel Jean Moulin', siret: '44219876500020' },
    });
    expect(company).toBe(invited.id);
    expect(
      (await t.db.query('SELECT name, siret, invitation_key FROM companies WHERE id = $1', [invited.id]))[0],
    ).toEqual({ name: 'Lycée professionnel Jean Moulin', siret: '44219876500020', invitation_key: null });
    expect(
      (await t.request('GET', `/api/public/companies/${invitation.company}/${invitation.key}`, { as: null })).status,
    ).toBe(404);
    expect((await t.request('POST', '/api/users/register', { body: signUp({ invitation }) })).status).toBe(422);
  });
});

describe('invitations', () => {
  it('lets a super admin invite a structure with a link whose key signs it up once', async () => {
    const created = await t.request('POST', '/api/invitations', {
      as: 'superadmin',
      body: { name: 'Collège Jules Ferry' },
    });
    expect(created.status).toBe(201);
    expect(created.json.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.json.link).toContain(`#/onboard?company=${created.json.encodedId}&key=${created.json.key}`);
    const found = await t.request('GET', `/api/public/companies/${created.json.encodedId}/${created.json.key}`, {
      as: null,
    });
    expect(found.json).toMatchObject({ id: created.json.company, name: 'Collège Jules Ferry' });
    expect((await t.request('POST', '/api/invitations', { as: 'admin', body: { name: 'x' } })).status).toBe(403);
    expect((await t.request('POST', '/api/invitations', { as: 'superadmin', body: { name: ' ' } })).status).toBe(422);
  });
});

describe('stand-ins of npm start', () => {
  it('replaces each unconfigured service in development, none in production or when configured', async () => {
    const { loadConfig } = await import('../../server/config.ts');
    const { withStandIns } = await import('../../server/integrations/standins/index.ts');
    expect(loadConfig({ NODE_ENV: 'production' }).standIns).toEqual({
      establishments: false,
      addresses: false,
      stripe: false,
    });
    expect(
      loadConfig({ ADDRESS_SEARCH_URL: 'https://ban.example/search/', STRIPE_SECRET_KEY: 'sk_live_x' }).standIns,
    ).toEqual({ establishments: true, addresses: false, stripe: false });
    expect(() => loadConfig({ STAND_INS: 'yes' })).toThrow(/STAND_INS/);
    const started = await withStandIns(loadConfig({}));
    try {
      expect(started.names).toHaveLength(3);
      expect(await new BanClient(started.config.addressSearchUrl).search('place du capitole', 10)).toEqual([
        expect.objectContaining({
          properties: expect.objectContaining({ label: '1 Place du Capitole 31000 Toulouse' }),
        }),
      ]);
      expect(
        (await new RechercheEntreprisesClient(started.config.establishmentSearchUrl).search('formations rhone'))[0]
          .siret,
      ).toBe('33912456700019');
      const stripeClient = new StripeClient({
        secretKey: started.config.stripe.secretKey ?? '',
        url: started.config.stripe.url,
      });
      expect(stripeClient.testMode).toBe(true);
      expect((await stripeClient.createSetupIntent({ company: '1' })).status).toBe('requires_payment_method');
    } finally {
      await started.close();
    }
  });
});
