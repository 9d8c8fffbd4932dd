import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { badRequest, notFound, problem } from '../http/errors.ts';
import type { EstablishmentSearch } from '../integrations/establishments.ts';
import { companyByInvitation } from '../onboarding/invitations.ts';
import { parseQueryString } from '../resources/listQuery.ts';
import { rawQueryOf } from '../resources/plugin.ts';

export { encodeCompanyId } from '../onboarding/invitations.ts';

export interface PublicOptions {
  db: Database;
  establishments: EstablishmentSearch;
}

/** Onboarding look-ups that need no session; each bounded per client address (docs/SECURITY.md). */
export async function publicRoutes(app: FastifyInstance, { db, establishments }: PublicOptions) {
  await app.register(rateLimit, { global: false });

  // Ten tries a minute from one address: with 32-byte random keys, guessing is hopeless anyway.
  app.get('/api/public/companies/:encodedId/:key', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } }, async (request) => {
    const { encodedId, key } = request.params as { encodedId: string; key: string };
    const company = await companyByInvitation(db, encodedId, key);
    if (!company) throw notFound('No company matches this invitation.');
    return company;
  });

  app.get('/api/public/search-establishment', { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const text = parseQueryString(rawQueryOf(request)).get('search')?.at(-1)?.trim() ?? '';
    if (text.length < 3) throw badRequest('"search" needs at least 3 characters.');
    try {
      return await establishments.search(text.slice(0, 100));
    } catch (error) {
      request.log.warn(error);
      throw problem(502, 'The establishment directory did not answer.');
    }
  });
}
