import { randomBytes, randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companies, maxLengthOf } from '../../src/domain/contracts/index.ts';
import { STRUCTURE_RIGHTS } from '../../src/domain/rights.ts';
import { hasRole } from '../../src/domain/roles.ts';
import { Codes } from '../auth/codes.ts';
import { foldedLogin } from '../auth/loginFold.ts';
import type { Mailer } from '../auth/mailer.ts';
import { SESSION_USER_COLUMNS, type Sessions, type SessionUser } from '../auth/sessions.ts';
import { noteInAuditLog } from '../db/auditNote.ts';
import type { Database } from '../db/database.ts';
import { runAsAction } from '../db/scope.ts';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  problem,
  unauthorized,
  unprocessable,
  violation,
} from '../shared/errors.ts';
import { sharedRateLimits } from '../http/rateLimits.ts';
import {
  filledText,
  objectBody,
  optionalBody,
  optionalField,
  queryOf,
  reference,
  refusedAs,
  rightsFirst,
  type Schema,
  typedRoutes,
} from '../http/routeSchema.ts';
import { requireRole, requireSession } from '../http/session.ts';
import type { AddressSearch } from '../integrations/addresses.ts';
import type { PaymentProvider, SetupIntentStatus } from '../integrations/payments.ts';
import { companyByInvitation, encodeCompanyId } from '../onboarding/invitations.ts';
import { readPlans } from '../onboarding/plans.ts';
import { readRegistration, type Registration } from '../onboarding/registration.ts';
import {
  activatePaid,
  choosePlan,
  currentSubscription,
  subscriptionJson,
  unsubscribe,
} from '../onboarding/subscriptions.ts';
import { closedObject, listOf, planSchema, refusal, sessionTokens, subscription } from '../http/answers.ts';
import { MAIL_TOPICS } from '../../src/domain/learningMail.ts';
import { recordOptOut, type OptOutTokens } from '../notify/optOuts.ts';
import {
  ADDRESS_QUERY_USED_LENGTH,
  INVITATION_COMPANY_MAX_LENGTH,
  INVITATION_KEY_MAX_LENGTH,
  LOOKUP_QUERY_MAX_LENGTH,
  OPT_OUT_TOKEN_MAX_LENGTH,
} from '../../src/domain/queryBounds.ts';
import { frenchOrder } from '../shared/sql.ts';

export interface OnboardingOptions {
  db: Database;
  /** Reads the opt-out links of the mails, which `POST /api/unsubscribe` also takes. */
  optOuts: OptOutTokens;
  sessions: Sessions;
  mailer: Mailer;
  addresses: AddressSearch;
  payments?: PaymentProvider;
  /** Stripe.js is used in the browser when set; otherwise a test key lets the payment step use test cards. */
  publishableKey?: string;
  /** Where the browser loads Stripe.js from (STRIPE_JS_URL). */
  stripeJsUrl: string;
  registrationsPerHour: number;
  /** The back-office's address, for the invitation links. */
  appUrl: string;
}

/** The address search asks for ten suggestions: enough to find one's own, few enough to read at a glance. */
const ADDRESS_LIMIT = 10;
const SETUP_INTENT = '^seti_[A-Za-z0-9]{1,250}$';
const TEST_CARD = '^pm_card_[A-Za-z_]{1,60}$';

/** A text of the query as the handlers read it (a repeated name is a 400 before). */
const queryText = (value: unknown) => (value === undefined ? '' : String(value)).trim();

/** The shape of a sign-up; its fields' rules are readRegistration's, checked together so the form shows all at once. */
const text: Schema = { type: ['string', 'null'] };
const registrationSchema = objectBody({
  company: {
    type: 'object',
    properties: {
      name: text,
      siret: text,
      address: text,
      postcode: text,
      city: text,
      email: text,
      phone: text,
      country: { anyOf: [reference('countries'), { type: 'null' }] },
      logo: { anyOf: [reference('documents'), { type: ['string', 'null'], maxLength: 0 }] },
    },
  },
  firstName: text,
  lastName: text,
  email: text,
  invitation: {
    type: ['object', 'null'],
    properties: {
      company: { type: 'string', maxLength: INVITATION_COMPANY_MAX_LENGTH },
      key: { type: 'string', maxLength: INVITATION_KEY_MAX_LENGTH },
    },
  },
});

/** `Plan` (src/domain/onboarding.ts). */
const plans = listOf('The plans a structure may choose.', planSchema('A plan.'));
const countries = listOf(
  'The countries, by name.',
  closedObject('A country.', { id: { type: 'integer' }, code: { type: 'string' }, name: { type: 'string' } }),
);
const optionalText = { type: 'string' };
/** `AddressFeature` (src/domain/onboarding.ts): the national address base's keys this API passes on. */
const addressFeature = closedObject(
  'A GeoJSON Feature: a point and what the address base says of it.',
  {
    type: { type: 'string', const: 'Feature' },
    geometry: closedObject(
      'Where it is.',
      {
        type: { type: 'string', const: 'Point' },
        coordinates: { type: 'array', items: { type: 'number' }, description: 'Longitude, latitude.' },
      },
      ['type', 'coordinates'],
    ),
    properties: closedObject(
      'The address, as the base labels and splits it.',
      {
        label: { type: 'string' },
        score: { type: 'number' },
        housenumber: optionalText,
        id: optionalText,
        name: optionalText,
        postcode: optionalText,
        citycode: optionalText,
        city: optionalText,
        context: optionalText,
        type: optionalText,
        street: optionalText,
      },
      ['label'],
    ),
  },
  ['type', 'geometry', 'properties'],
);
const addressFeatures = closedObject(
  'Address suggestions as a GeoJSON FeatureCollection (at most ten).',
  { type: { type: 'string', const: 'FeatureCollection' }, features: listOf('The suggestions.', addressFeature) },
  ['type', 'features'],
);
const registered = closedObject(
  'The structure and its first administrator, signed in with a session waiting for the e-mailed code.',
  {
    ...(sessionTokens.properties as Record<string, Schema>),
    company: closedObject('The structure.', { id: { type: 'integer' }, name: { type: 'string' } }, ['id', 'name']),
    user: closedObject('Its administrator.', { id: { type: 'integer' }, email: { type: 'string' } }, ['id', 'email']),
  },
  ['company', 'user', 'token', 'refresh_token'],
);
const invitationLink = closedObject(
  'The invited structure and the link that signs it up once.',
  {
    company: { type: 'integer', description: 'The structure’s id.' },
    encodedId: { type: 'string' },
    key: { type: 'string' },
    link: { type: 'string' },
  },
  ['company', 'encodedId', 'key', 'link'],
);
const subscribed = closedObject('The subscription chosen, and how to pay for it when it is not free.', {
  ...(subscription.properties as Record<string, Schema>),
  setupIntent: {
    ...closedObject(
      'The SetupIntent to confirm (id, clientSecret), or null for a free plan.',
      { id: { type: 'string' }, clientSecret: { type: 'string' } },
      ['id', 'clientSecret'],
    ),
    type: ['object', 'null'],
  },
  payment: {
    ...closedObject(
      'How the browser pays: with Stripe.js (`stripe`, its key and script) or test cards (`test`); null for a free plan.',
      {
        mode: { type: 'string', enum: ['stripe', 'test'] },
        publishableKey: { type: 'string' },
        jsUrl: { type: 'string' },
      },
      ['mode'],
    ),
    type: ['object', 'null'],
  },
});
const paymentStatus = closedObject('The status of the SetupIntent.', { status: { type: 'string' } }, ['status']);
/**
 * An opt-out link's token (server/notify/optOuts.ts): whatever its shape, the handler refuses a bad one on
 * `token`, as the link it is (an optional body's schema would name no field).
 */
const OPT_OUT_TOKEN = { description: 'The signed token of a mail’s opt-out link.' };
const optedOut = closedObject(
  'What a mail’s opt-out link stopped: its topic, for the address shown masked.',
  { topic: { type: 'string', enum: [...MAIL_TOPICS] }, email: { type: 'string' } },
  ['topic', 'email'],
);
const leaving = closedObject('The subscription, ending with its period.', {
  ...(subscription.properties as Record<string, Schema>),
  accessEndsAt: { type: ['string', 'null'] },
});

/**
 * The self-service sign-up of a structure: its plans, the look-ups its form needs, the
 * registration of the structure with its first administrator, the plan, the payment and leaving.
 */
export async function onboardingRoutes(fastify: FastifyInstance, options: OnboardingOptions) {
  const app = typedRoutes(fastify);
  const { db, sessions, mailer, addresses, payments } = options;
  const codes = new Codes(db, mailer);
  await app.register(rateLimit, sharedRateLimits(db));
  const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  /**
   * The structure a call acts for: a super admin names it (`company`); a structure's administrator acts for
   * their own, also from the restricted session a sign-up opens (before the code is checked).
   */
  async function companyOf(request: FastifyRequest, named?: unknown): Promise<{ companyId: number; userId: number }> {
    const session = requireSession(request);
    if (session.scope === 'full' && hasRole(session.roles, STRUCTURE_RIGHTS.actForAny)) {
      const companyId = Number(typeof named === 'string' ? named.replace(/^\/api\/companies\//, '') : named);
      if (!Number.isSafeInteger(companyId) || companyId <= 0)
        throw unprocessable([violation('company', 'blank', 'A super admin names the company.')]);
      const [company] = await db.query('SELECT 1 FROM companies WHERE id = $1', [companyId]);
      if (!company) throw notFound(`Company ${companyId} not found.`);
      return { companyId, userId: session.userId };
    }
    if (session.scope !== 'full') {
      const [alive] = await db.query('SELECT 1 FROM refresh_tokens WHERE family = $1 AND revoked_at IS NULL LIMIT 1', [
        session.family,
      ]);
      if (!alive) throw unauthorized('Invalid JWT Token');
    }
    const [user] = await db.query<{ roles: string[]; company_id: number | null }>(
      'SELECT roles, company_id FROM users WHERE id = $1 AND enabled',
      [session.userId],
    );
    if (!user) throw unauthorized('Invalid JWT Token');
    if (!user.company_id || !hasRole(user.roles, 'ROLE_ADMIN'))
      throw forbidden("Only a structure's administrator manages its plan.");
    return { companyId: user.company_id, userId: session.userId };
  }

  app.get('/api/public/plans', { schema: { response: { 200: plans } }, ...perMinute(60) }, async () => readPlans(db));

  // The sign-up form lists countries before any session exists (GET /api/countries needs one).
  app.get('/api/public/countries', { schema: { response: { 200: countries } }, ...perMinute(30) }, async () =>
    db.query<{ id: number; code: string; name: string }>(
      `SELECT id, code, name FROM countries ORDER BY ${frenchOrder('name')}, id`,
    ),
  );

  app.get(
    '/api/public/address-search',
    {
      schema: {
        querystring: queryOf({ q: { type: 'string', maxLength: LOOKUP_QUERY_MAX_LENGTH } }),
        response: { 200: addressFeatures },
      },
      ...perMinute(120),
    },
    async (request) => {
      const text = queryText(request.query.q);
      if (text.length < 3) throw badRequest('"q" needs at least 3 characters.');
      try {
        return {
          type: 'FeatureCollection',
          features: await addresses.search(text.slice(0, ADDRESS_QUERY_USED_LENGTH), ADDRESS_LIMIT),
        };
      } catch (error) {
        request.log.warn(error);
        throw problem(502, 'The address search did not answer.');
      }
    },
  );

  app.post(
    '/api/users/register',
    {
      schema: { body: registrationSchema, response: { 201: registered } },
      config: { rateLimit: { max: options.registrationsPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const [france] = await db.query<{ id: number }>(`SELECT id FROM countries WHERE code = 'FR'`);
      const { registration, problems } = readRegistration(request.body, (countryId) => countryId === france?.id);
      if (!registration) throw unprocessable(problems);
      const user = await runAsAction('register', { resource: 'companies' }, () =>
        db.transaction((tx) => register(tx, registration)),
      );
      const family = randomUUID();
      await codes.send(
        { id: user.id, email: user.email, first_name: registration.admin.firstName },
        family,
        'first-connection',
      );
      const session = await sessions.issue(user, 'code', family);
      return reply.status(201).send({
        company: { id: user.company_id, name: registration.company.name },
        user: { id: user.id, email: user.email },
        ...session,
      });
    },
  );

  async function register(
    tx: Parameters<Parameters<Database['transaction']>[0]>[0],
    { company, admin, invitation }: Registration,
  ): Promise<SessionUser> {
    const [country] = await tx.query('SELECT 1 FROM countries WHERE id = $1', [company.countryId]);
    if (!country) throw unprocessable([violation('company.country', 'reference', 'This country does not exist.')]);
    if (company.logoId !== null) {
      // Only a logo uploaded anonymously for a sign-up, and not already some structure's.
      const [logo] = await tx.query(
        `SELECT 1 FROM documents d WHERE d.id = $1 AND d.anonymous AND d.context = 'onboarding'
            AND NOT EXISTS (SELECT 1 FROM companies c WHERE c.logo_id = d.id)`,
        [company.logoId],
      );
      if (!logo)
        throw unprocessable([violation('company.logo', 'reference', 'This document is not an onboarding upload.')]);
    }
    // An address someone signed up with but never confirmed is free again after a day.
    await tx.query(
      `WITH stale AS (
         DELETE FROM users u USING companies c
          WHERE ${foldedLogin('u.email')} = ${foldedLogin('$1')} AND u.company_id = c.id AND c.status = 'pending' AND c.created_at < now() - interval '1 day'
          RETURNING c.id)
       DELETE FROM companies c USING stale WHERE c.id = stale.id AND NOT EXISTS (SELECT 1 FROM users u WHERE u.company_id = c.id AND ${foldedLogin('u.email')} <> ${foldedLogin('$1')})`,
      [admin.email],
    );
    const [taken] = await tx.query(`SELECT 1 FROM users WHERE ${foldedLogin('email')} = ${foldedLogin('$1')}`, [
      admin.email,
    ]);
    if (taken) throw unprocessable([violation('email', 'unique', 'This value is already used.')]);
    const values = [
      company.name,
      company.siret,
      company.email,
      company.phone,
      company.address,
      company.postcode,
      company.city,
      company.countryId,
      company.logoId,
    ];
    let companyId: number;
    if (invitation) {
      const invited = await companyByInvitation(tx, invitation.encodedId, invitation.key);
      // The key is spent with its first sign-up: a link forwarded further invites nobody else.
      const [updated] = invited
        ? await tx.query<{ id: number }>(
            `UPDATE companies SET name = $2, siret = $3, email = $4, phone = $5, address = $6, postcode = $7, city = $8,
                country_id = $9, logo_id = $10, invitation_key = NULL, updated_at = now()
          WHERE id = $1 AND invitation_key IS NOT NULL RETURNING id`,
            [invited.id, ...values],
          )
        : [];
      if (!updated)
        throw unprocessable([violation('invitation', 'reference', 'This invitation is not valid (any more).')]);
      companyId = updated.id;
    } else {
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO companies (name, siret, email, phone, address, postcode, city, country_id, logo_id, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending') RETURNING id`,
        values,
      );
      companyId = created.id;
    }
    try {
      const [user] = await tx.query<SessionUser>(
        `INSERT INTO users (email, first_name, last_name, type, roles, company_id, locale)
         VALUES ($1, $2, $3, 'admin', '{ROLE_ADMIN,ROLE_FIRST_CONNECT}', $4, 'fr') RETURNING ${SESSION_USER_COLUMNS}`,
        [admin.email, admin.firstName, admin.lastName, companyId],
      );
      return user;
    } catch (error) {
      // Two sign-ups with one address at the same instant: the unique index decides.
      if ((error as { code?: string }).code === '23505')
        throw unprocessable([violation('email', 'unique', 'This value is already used.')]);
      throw error;
    }
  }

  // A super admin invites a structure: its name, and a link with a random key that signs it up once.
  const invitation = {
    body: objectBody({ name: filledText(maxLengthOf(companies, 'name')) }, ['name']),
    response: { 201: invitationLink },
  };
  app.post(
    '/api/invitations',
    {
      schema: invitation,
      ...rightsFirst((request) => requireRole(request, STRUCTURE_RIGHTS.invite, 'Inviting a structure')),
    },
    async (request, reply) => {
      const name = request.body.name.trim();
      const key = randomBytes(32).toString('base64url');
      const [company] = await runAsAction('invite', { resource: 'companies' }, () =>
        db.query<{ id: number }>('INSERT INTO companies (name, invitation_key) VALUES ($1, $2) RETURNING id', [
          name,
          key,
        ]),
      );
      const encodedId = encodeCompanyId(company.id);
      const link = new URL(`#/onboard?company=${encodedId}&key=${key}`, options.appUrl).toString();
      return reply.status(201).send({ company: company.id, encodedId, key, link });
    },
  );

  const company = { company: reference('companies') };
  app.get(
    '/api/subscription',
    {
      schema: {
        querystring: queryOf(company),
        // No plan is an answer, not a missing resource: the account page asks every structure.
        response: {
          200: { description: 'The structure’s plan; null when it has none.', anyOf: [subscription, { type: 'null' }] },
          422: refusal('A super admin names the structure (`company`).'),
        },
      },
    },
    async (request) => {
      const { companyId } = await companyOf(request, queryText(request.query.company) || undefined);
      const current = await currentSubscription(db, companyId);
      return current ? subscriptionJson(current) : null;
    },
  );

  const plan = refusedAs(
    { anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?\\d{1,9}$' }] },
    'choice',
    'Choose a plan.',
  );
  app.post(
    '/api/subscribe',
    { schema: { body: objectBody({ plan, ...company }, ['plan']), response: { 201: subscribed } } },
    async (request, reply) => {
      const body = request.body;
      const { companyId } = await companyOf(request, body.company);
      const plans = await readPlans(db);
      const plan = plans.find((candidate) => candidate.id === Number(body.plan));
      if (!plan)
        throw unprocessable([
          violation('plan', 'choice', Number(body.plan) === -1 ? 'Choose a plan.' : 'This plan is not offered.'),
        ]);
      let intent: { id: string; client_secret: string } | undefined;
      if (plan.price > 0) {
        if (!payments || (!options.publishableKey && !payments.testMode))
          throw problem(503, 'Payments are not configured (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY).');
        try {
          intent = await payments.createSetupIntent({ company: String(companyId), plan: String(plan.id) });
        } catch (error) {
          request.log.warn(error);
          throw problem(502, 'The payment provider did not answer.');
        }
      }
      const row = await runAsAction('subscribe', { resource: 'companies', id: companyId }, () =>
        db.transaction(async (tx) => {
          await tx.query('SELECT 1 FROM companies WHERE id = $1 FOR UPDATE', [companyId]);
          const chosen = await choosePlan(tx, companyId, plan, intent?.id ?? null);
          if (chosen) await noteInAuditLog(tx, 'companies', companyId);
          return chosen;
        }),
      );
      if (!row) throw conflict('This structure already has an active plan; unsubscribe first.');
      return reply.status(201).send({
        ...subscriptionJson(row),
        setupIntent: intent ? { id: intent.id, clientSecret: intent.client_secret } : null,
        payment: intent
          ? options.publishableKey
            ? { mode: 'stripe', publishableKey: options.publishableKey, jsUrl: options.stripeJsUrl }
            : { mode: 'test' }
          : null,
      });
    },
  );

  /** The SetupIntent of the caller's structure (any, for a super admin); 404 for another's. */
  async function ownIntent(request: FastifyRequest, setupIntent: string) {
    const session = requireSession(request);
    if (!(session.scope === 'full' && hasRole(session.roles, 'ROLE_SUPER_ADMIN'))) {
      const { companyId } = await companyOf(request);
      const [own] = await db.query('SELECT 1 FROM subscriptions WHERE setup_intent = $1 AND company_id = $2', [
        setupIntent,
        companyId,
      ]);
      if (!own) throw notFound('No such SetupIntent.');
    }
    if (!payments) throw problem(503, 'Payments are not configured (STRIPE_SECRET_KEY).');
    return payments;
  }

  async function settle(setupIntent: string, status: SetupIntentStatus | undefined) {
    if (!status) throw notFound('No such SetupIntent.');
    if (status === 'succeeded') await activatePaid(db, setupIntent);
    return { status };
  }

  const setupIntent = { type: 'string', pattern: SETUP_INTENT } as const;
  app.get(
    '/api/payments/check-status',
    { schema: { querystring: queryOf({ setupIntent }, ['setupIntent']), response: { 200: paymentStatus } } },
    async (request) => {
      const setupIntent = queryText(request.query.setupIntent);
      const provider = await ownIntent(request, setupIntent);
      let status;
      try {
        status = await provider.setupIntentStatus(setupIntent);
      } catch (error) {
        request.log.warn(error);
        throw problem(502, 'The payment provider did not answer.');
      }
      return settle(setupIntent, status);
    },
  );

  // Without Stripe.js (no publishable key), a test key confirms with Stripe's test cards: never a real card.
  const testCard = objectBody(
    {
      setupIntent,
      paymentMethod: refusedAs({ type: 'string', pattern: TEST_CARD }, 'choice', 'Choose one of the test cards.'),
    },
    ['setupIntent', 'paymentMethod'],
  );
  app.post(
    '/api/payments/confirm-test',
    { schema: { body: testCard, response: { 200: paymentStatus } }, ...perMinute(20) },
    async (request) => {
      const { setupIntent, paymentMethod } = request.body;
      const provider = await ownIntent(request, setupIntent);
      if (!provider.testMode) throw forbidden('Test cards are only accepted with a Stripe test key.');
      let status;
      try {
        status = await provider.confirmSetupIntent(setupIntent, paymentMethod);
      } catch (error) {
        request.log.warn(error);
        throw problem(502, 'The payment provider did not answer.');
      }
      return settle(setupIntent, status);
    },
  );

  // A mail's opt-out link: its signed token, posted by the back-office's public page (`{ token }`) or, in the
  // query, by a mail client's one-click unsubscribe (RFC 8058: a form body `List-Unsubscribe=One-Click`).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    typedRoutes(scope).post(
      '/api/unsubscribe',
      {
        schema: {
          querystring: queryOf({ token: { ...OPT_OUT_TOKEN, type: 'string', maxLength: OPT_OUT_TOKEN_MAX_LENGTH } }),
          body: optionalBody({ ...company, token: OPT_OUT_TOKEN }),
          response: {
            200: { anyOf: [optedOut, leaving] },
            404: refusal('No mailing has this link, or it has expired.'),
          },
        },
        ...perMinute(30),
      },
      async (request) => {
        const token = optionalField(request.body, 'token') ?? request.query.token;
        if (token !== undefined) return optOut(token);
        return leave(request);
      },
    );
  });

  async function optOut(token: unknown) {
    const grant = typeof token === 'string' ? options.optOuts.read(token) : undefined;
    const done = grant && (await recordOptOut(db, grant));
    if (!done) throw unprocessable([violation('token', 'invalid', 'Ce lien de désinscription n’est pas valable.')]);
    return done;
  }

  /** Without a token: the structure leaves its plan (a full session of its administrator, or a super admin's). */
  async function leave(request: FastifyRequest) {
    const session = requireSession(request);
    if (session.scope !== 'full') throw forbidden('Leaving needs a full session.');
    const { companyId, userId } = await companyOf(request, optionalField(request.body, 'company'));
    const row = await runAsAction('unsubscribe', { resource: 'companies', id: companyId }, () =>
      db.transaction(async (tx) => {
        const ended = await unsubscribe(tx, companyId, userId);
        if (ended) await noteInAuditLog(tx, 'companies', companyId);
        return ended;
      }),
    );
    if (!row) throw notFound('This structure has no plan.');
    return { ...subscriptionJson(row), accessEndsAt: row.current_period_end?.toISOString() ?? null };
  }
}
