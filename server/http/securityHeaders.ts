import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

export interface SecurityHeaderOptions {
  /**
   * The API the built app calls (VITE_API_URL, which `npm start` builds with from the same environment);
   * absent or relative, the app calls its own origin.
   */
  apiUrl?: string;
  /**
   * Set only when a Stripe publishable key is configured: the payment step then loads Stripe.js from
   * `jsUrl`, which frames its card field and calls Stripe's API (`apiUrl`, STRIPE_API_URL). Without it the
   * page reaches no other site.
   */
  stripe?: { jsUrl: string; apiUrl: string };
}

const originOf = (address: string, name: string) => {
  try {
    const url = new URL(address);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
  } catch {
    // Said below, with the setting's name.
  }
  throw new Error(`${name} must be an absolute http(s) address, not "${address}".`);
};

/**
 * What Stripe.js needs (Stripe's documented CSP): its script and frames from js.stripe.com (and its
 * subdomains), 3-D Secure pages from hooks.stripe.com, calls to api.stripe.com. Elsewhere (the offline
 * stand-in), the origins of STRIPE_JS_URL and STRIPE_API_URL alone.
 */
export function stripeSources({ jsUrl, apiUrl }: NonNullable<SecurityHeaderOptions['stripe']>) {
  const js = originOf(jsUrl, 'STRIPE_JS_URL');
  const api = originOf(apiUrl, 'STRIPE_API_URL');
  const stripes = js === 'https://js.stripe.com';
  return {
    script: stripes ? [js, 'https://*.js.stripe.com'] : [js],
    frame: stripes ? [js, 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : [js],
    connect: [api],
  };
}

/** The origin of an API other than the page's own, which `connect-src` must name; undefined for the page's own. */
export function apiOriginOf(apiUrl: string | undefined): string | undefined {
  if (!apiUrl || apiUrl.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`VITE_API_URL must be an absolute http(s) address or a path, not "${apiUrl}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`VITE_API_URL must be an http(s) address, not "${apiUrl}".`);
  return url.origin;
}

/**
 * The Content-Security-Policy of the app and of the API, directive by directive. Nothing the browser runs
 * may come from elsewhere than the app's own files: no inline script, no eval, no plug-in, no foreign base.
 */
export function cspDirectives({ apiUrl, stripe }: SecurityHeaderOptions = {}): Record<string, string[]> {
  const apiOrigin = apiOriginOf(apiUrl);
  const payments = stripe ? stripeSources(stripe) : { script: [], frame: [], connect: [] };
  return {
    'default-src': ["'self'"],
    // Vite emits only external module scripts (index.html has no inline one): no 'unsafe-inline', no eval.
    'script-src': ["'self'", ...payments.script],
    // Inline handlers (onclick="...") are inline scripts too; said on its own so that no fallback reopens them.
    'script-src-attr': ["'none'"],
    // The one worker is pdf.js's (a PDF's first page in the library), a file of the build: own origin only,
    // said on its own so that no blob: or data: worker could run code the script policy would refuse.
    'worker-src': ["'self'"],
    // Emotion (MUI's styling) injects <style> elements at run time: inline styles, not scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    // The empty favicon of index.html is a data: URL; image documents are shown from the blobs downloaded.
    'img-src': ["'self'", 'data:', 'blob:'],
    // Video parts play an uploaded file from its downloaded blob, or a video at its http(s) address. Media
    // run no script: the same reach as a link.
    'media-src': ["'self'", 'blob:', 'https:'],
    // The only service the browser talks to is the API; the other integrations are called by the server.
    // With a Stripe publishable key, Stripe.js calls Stripe's API from the page too.
    'connect-src': ["'self'", ...(apiOrigin ? [apiOrigin] : []), ...payments.connect],
    // Chapter parts embed https pages: YouTube (youtube-nocookie), Typeform, and url_iframe parts, whose
    // address is any https page (API.md: https only, shown sandboxed), so no host list can name them.
    // A frame is another origin, walled off from this page; http:, data: and blob: frames stay refused.
    // Stripe.js's frames are https pages already, but the offline stand-in's are http.
    'frame-src': [...new Set(['https:', ...payments.frame])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Helmet's headers on every answer, the app's files and the API's alike; registered before the auth
 * hook, so that its 401s carry them too. A route may set its own stricter policy over this one (a
 * document download sends `default-src 'none'; sandbox`): the route's header wins.
 */
export const securityHeaders = fp<SecurityHeaderOptions>(
  async (app, options) => {
    await app.register(helmet, {
      // Only the directives above: helmet's defaults would add upgrade-insecure-requests, which breaks
      // the app served over plain http (on a LAN, or behind a proxy that talks http to it).
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
      xFrameOptions: { action: 'deny' },
      // The origin, never the path, to other sites; YouTube's player refuses to play with no referrer at all.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // require-corp would block the embedded YouTube and https pages, which send no CORP header.
      crossOriginEmbedderPolicy: false,
      // HSTS is the business of the https front that terminates TLS: browsers ignore it over http, and
      // sent through a proxy it would pin the whole domain (includeSubDomains) from an app's say-so.
      strictTransportSecurity: false,
    });
  },
  { name: 'security-headers' },
);
