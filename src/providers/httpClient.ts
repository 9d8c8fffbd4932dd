import { HttpError } from 'react-admin';
import { sessionStore } from './sessionStore';

/** Origin of the API; empty means the page's own origin. */
export const API_URL: string = import.meta.env.VITE_API_URL ?? '';

export interface HttpOptions extends RequestInit {
  /** A Hydra listing: asks for JSON-LD, whose collections carry the total and the page links. */
  listing?: boolean;
  /** Sends the session's bearer token (default). The login and reset calls go without. */
  secured?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  // The body's shape is the caller's to check, as with react-admin's fetchJson.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Same contract as react-admin's `fetchUtils.fetchJson`, so that ra-data-simple-rest can use it. */
export type HttpClient = (url: string, options?: HttpOptions) => Promise<HttpResponse>;

export interface Violation {
  propertyPath: string;
  message: string;
  code?: string;
}

// Violation codes of the reference server that have a French message; others keep the server's text.
const TRANSLATED_VIOLATIONS = new Set(['blank', 'choice', 'email', 'format', 'length', 'range', 'reference', 'type', 'unique']);

// What the user reads for each failure; the server's own detail stays in the error's body.
const STATUS_MESSAGES: Record<number, string> = {
  400: 'app.http.bad_request',
  401: 'app.http.unauthorized',
  403: 'app.http.forbidden',
  404: 'app.http.not_found',
  409: 'app.http.conflict',
  413: 'app.http.too_large',
  415: 'app.http.unsupported_type',
  429: 'app.http.too_many_requests',
};

function parseJson(body: string): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function isViolation(value: unknown): value is Violation {
  const candidate = value as Violation | null;
  return typeof candidate?.propertyPath === 'string' && typeof candidate.message === 'string';
}

/**
 * API Platform's violations as react-admin's form errors, `{ field: message }`, so that each shows under
 * its input. Messages are translation keys where we have one; the form translates them, falling back to
 * the text itself. Violations of no field have no input to show under: the error message carries them.
 */
export function violationsToErrors(violations: readonly Violation[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const violation of violations) {
    if (!violation.propertyPath || violation.propertyPath in errors) continue;
    errors[violation.propertyPath] =
      violation.code && TRANSLATED_VIOLATIONS.has(violation.code) ? `app.validation.${violation.code}` : violation.message;
  }
  return errors;
}

function toHttpError(status: number, json: unknown): HttpError {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  if (status === 422) {
    const violations = Array.isArray(body.violations) ? body.violations.filter(isViolation) : [];
    const errors = violationsToErrors(violations);
    const message = Object.keys(errors).length > 0 ? 'ra.message.invalid_form' : String(body.detail ?? 'ra.message.invalid_form');
    return new HttpError(message, status, { ...body, errors });
  }
  const message = STATUS_MESSAGES[status] ?? (status >= 500 ? 'app.http.server_error' : 'ra.notification.http_error');
  return new HttpError(message, status, body);
}

/**
 * Every call to the API goes through here: base URL, JSON by default, JSON-LD for listings, the bearer
 * token, and failures as react-admin `HttpError`s. The token is read per call so that a refresh (later
 * done here, before the call) is picked up by every caller.
 */
export const httpClient: HttpClient = async (url, options = {}) => {
  const { listing = false, secured = true, ...init } = options;
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', listing ? 'application/ld+json' : 'application/json');
  if (init.body != null && !(init.body instanceof FormData) && !headers.has('Content-Type'))
    headers.set('Content-Type', 'application/json');
  const token = secured ? sessionStore.getToken() : undefined;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(url.startsWith('/') ? API_URL + url : url, { ...init, headers });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError('app.http.network', 0, {});
  }
  const body = await response.text();
  const json = parseJson(body);
  if (!response.ok) throw toHttpError(response.status, json);
  return { status: response.status, headers: response.headers, body, json };
};
