import { type Config, DEFAULT_STRIPE_JS_URL } from '../../shared/settings.ts';
import { banStandIn } from './banStandIn.ts';
import { directoryStandIn } from './directoryStandIn.ts';
import { startStandIn, type StandInServer } from './standInServer.ts';
import { stripeStandIn } from './stripeStandIn.ts';

/** The test secret key the Stripe stand-in accepts (a test key: confirming with test cards is allowed). */
export const STAND_IN_STRIPE_KEY = 'sk_test_stand_in';

/**
 * Starts a stand-in for each outside service `config.standIns` names, and answers the config pointing at
 * them: `npm start` on an offline machine still searches establishments and addresses and takes a test
 * card. `close` stops them.
 */
export async function withStandIns(
  config: Config,
): Promise<{ config: Config; names: string[]; close(): Promise<void> }> {
  const servers: StandInServer[] = [];
  const names: string[] = [];
  const next = { ...config, stripe: { ...config.stripe } };
  if (config.standIns.establishments) {
    const server = await startStandIn(directoryStandIn);
    servers.push(server);
    names.push(`annuaire des entreprises ${server.url}`);
    next.establishmentSearchUrl = `${server.url}/search`;
  }
  if (config.standIns.addresses) {
    const server = await startStandIn(banStandIn);
    servers.push(server);
    names.push(`base adresse nationale ${server.url}`);
    next.addressSearchUrl = `${server.url}/search/`;
  }
  if (config.standIns.stripe) {
    // With a publishable key (pk_test_...), the stand-in also serves its Stripe.js, unless STRIPE_JS_URL says
    // where another is; without one, the payment step offers Stripe's test cards.
    const publishableKey = config.stripe.publishableKey;
    const server = await startStandIn(stripeStandIn(STAND_IN_STRIPE_KEY, publishableKey));
    servers.push(server);
    names.push(`Stripe (mode test${publishableKey ? ', Stripe.js' : ''}) ${server.url}`);
    const jsUrl =
      publishableKey && config.stripe.jsUrl === DEFAULT_STRIPE_JS_URL ? `${server.url}/v3/` : config.stripe.jsUrl;
    next.stripe = { secretKey: STAND_IN_STRIPE_KEY, publishableKey, url: server.url, jsUrl };
  }
  return { config: next, names, close: async () => void (await Promise.all(servers.map((server) => server.close()))) };
}
