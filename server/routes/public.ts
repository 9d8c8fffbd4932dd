import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { badRequest, notFound, problem } from '../http/errors.ts';
import { requireSession } from '../http/session.ts';
import type { EstablishmentSearch } from '../integrations/establishments.ts';
import type { PaymentProvider } from '../integrations/payments.ts';
import { parseQueryString } from '../resources/listQuery.ts';
import { rawQueryOf } from '../resources/plugin.ts';

export interface PublicOptions {
  db: Database;
  establishments: EstablishmentSearch;
  payments?: PaymentProvider;
}

/** A company's id travels base64url-encoded in invitation links, beside its invitation key. */
export const encodeCompanyId = (id: number) => Buffer.from(String(id)).toString('base64url');

/** Onboarding look-ups that need no session, and the payment status check. */
export async function publicRoutes(app: FastifyInstance, { db, establishments, payments }: PublicOptions) {
  app.get('/api/public/companies/:encodedId/:key', async (request) => {
    const { encodedId, key } = request.params as { encodedId: string; key: string };
    const id = Number(Buffer.from(encodedId, 'base64url').toString('utf8'));
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound('No company matches this invitation.');
    const [company] = await db.query<{ id: number; name: string; siret: string | null }>(
      'SELECT id, name, siret FROM companies WHERE id = $1 AND invitation_key = $2',
      [id, key],
    );
    if (!company) throw notFound('No company matches this invitation.');
    return company;
  });

  app.get('/api/public/search-establishment', async (request) => {
    const text = parseQueryString(rawQueryOf(request)).get('search')?.at(-1)?.trim() ?? '';
    if (text.length < 3) throw badRequest('"search" needs at least 3 characters.');
    try {
      return await establishments.search(text.slice(0, 100));
    } catch (error) {
      request.log.warn(error);
      throw problem(502, 'The establishment directory did not answer.');
    }
  });

  app.get('/api/payments/check-status', async (request) => {
    requireSession(request);
    const setupIntent = parseQueryString(rawQueryOf(request)).get('setupIntent')?.at(-1) ?? '';
    if (!/^seti_[A-Za-z0-9]{1,250}$/.test(setupIntent)) throw badRequest('"setupIntent" must be a Stripe SetupIntent id (seti_...).');
    if (!payments) throw problem(503, 'Payments are not configured (STRIPE_SECRET_KEY).');
    let status;
    try {
      status = await payments.setupIntentStatus(setupIntent);
    } catch (error) {
      request.log.warn(error);
      throw problem(502, 'The payment provider did not answer.');
    }
    if (!status) throw notFound('No such SetupIntent.');
    return { status };
  });
}
