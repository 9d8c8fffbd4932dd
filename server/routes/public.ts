import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { badRequest, notFound, problem } from '../shared/errors.ts';
import type { EstablishmentSearch } from '../integrations/establishments.ts';
import { companyByInvitation } from '../onboarding/invitations.ts';
import { sharedRateLimits } from '../http/rateLimits.ts';
import { queryOf, typedRoutes } from '../http/routeSchema.ts';
import { closedObject, listOf, orNull } from '../http/answers.ts';
import { ESTABLISHMENT_QUERY_USED_LENGTH, LOOKUP_QUERY_MAX_LENGTH } from '../../src/domain/queryBounds.ts';

export { encodeCompanyId } from '../onboarding/invitations.ts';

export interface PublicOptions {
  db: Database;
  establishments: EstablishmentSearch;
}

/** An invitation link's two parts: anything else matches no company (404, as a wrong key does). */
const invitationParams = queryOf(
  {
    encodedId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
    key: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,200}$' },
  },
  ['encodedId', 'key'],
);

/** `InvitedCompany` (src/domain/onboarding.ts). */
const invitedCompany = closedObject(
  'The invited structure, as far as it is known, for the sign-up form.',
  {
    id: { type: 'integer' },
    name: { type: 'string' },
    siret: orNull('string'),
    email: orNull('string'),
    phone: orNull('string'),
    address: orNull('string'),
    postcode: orNull('string'),
    city: orNull('string'),
    country: orNull('integer', { description: 'The country’s id.' }),
  },
  ['id', 'name'],
);
/** `Establishment` (src/domain/onboarding.ts). */
const establishment = closedObject(
  'An establishment: its SIRET, name and address.',
  {
    siret: { type: 'string' },
    name: { type: 'string' },
    address: { type: 'string' },
    postcode: { type: 'string' },
    city: { type: 'string' },
  },
  ['siret', 'name', 'address', 'postcode', 'city'],
);

/** Onboarding look-ups that need no session; each bounded per client address (docs/SECURITY.md). */
export async function publicRoutes(fastify: FastifyInstance, { db, establishments }: PublicOptions) {
  const app = typedRoutes(fastify);
  await app.register(rateLimit, sharedRateLimits(db));

  // Ten tries a minute from one address: with 32-byte random keys, guessing is hopeless anyway.
  app.get(
    '/api/public/companies/:encodedId/:key',
    {
      schema: { params: invitationParams, response: { 200: invitedCompany } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { encodedId, key } = request.params;
      const company = await companyByInvitation(db, encodedId, key);
      if (!company) throw notFound('No company matches this invitation.');
      return company;
    },
  );

  app.get(
    '/api/public/search-establishment',
    {
      schema: {
        querystring: queryOf({ search: { type: 'string', maxLength: LOOKUP_QUERY_MAX_LENGTH } }),
        response: {
          200: listOf('The establishments found (the French directory of companies).', establishment),
        },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const text = (request.query.search ?? '').trim();
      if (text.length < 3) throw badRequest('"search" needs at least 3 characters.');
      try {
        return await establishments.search(text.slice(0, ESTABLISHMENT_QUERY_USED_LENGTH));
      } catch (error) {
        request.log.warn(error);
        throw problem(502, 'The establishment directory did not answer.');
      }
    },
  );
}
