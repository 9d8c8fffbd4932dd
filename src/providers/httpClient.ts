import { HttpError } from 'react-admin';
import { STRUCTURE_HEADER } from '../domain/tenancy';
import { TRANSLATED_VIOLATION_CODES } from '../domain/violations';
import { buildReport, ERROR_CALL_PATH, shouldReport } from './errorReport';
import { xhrFetch } from './xhrFetch';
import { isExpired, needsRefresh, openSession, readTokenPayload, type SessionTokens } from './session';
import { sessionStore, type SessionStore } from './sessionStore';
import { chosenStructure } from './structureChoice';
import { routes } from './routes';

/** Origin of the API; empty means the page's own origin. */
export const API_URL: string = import.meta.env?.VITE_API_URL ?? '';

export interface HttpOptions extends RequestInit {
  /** A Hydra listing: asks for JSON-LD, whose collections carry the total and the page links. */
  listing?: boolean;
  /** Sends the session's bearer token (default). The login and reset calls go without. */
  secured?: boolean;
  /**
   * How a successful answer is read: JSON by default, or the raw bytes of a file (a download, a CSV
   * export) as a `blob` or an `arraybuffer`. Errors are always read as JSON.
   */
  responseType?: 'json' | 'blob' | 'arraybuffer';
  /** Upload progress of the request body (a multipart upload): sent through XMLHttpRequest, fetch has none. */
  onUploadProgress?: (progress: { loaded: number; total: number }) => void;
  /**
   * Sent without the structure platform staff chose, so across all structures: the switcher lists every
   * structure, whichever one is chosen.
   */
  allStructures?: boolean;
  /**
   * Error statuses the caller takes as an answer, not as an incident: still thrown, never reported to
   * `/api/errorCall` (a link to a course that no longer exists answers 404; nothing failed).
   */
  expected?: readonly number[];
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  /** The answer's bytes, with `responseType: 'blob'` or `'arraybuffer'`. */
  blob?: Blob;
  arrayBuffer?: ArrayBuffer;
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
const TRANSLATED_VIOLATIONS: ReadonlySet<string> = new Set(TRANSLATED_VIOLATION_CODES);

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

// A 409 says why (API.md): the record was written since it was read, or it is still used by others.
const CONFLICT_MESSAGES: Record<string, string> = {
  stale: 'app.http.conflict_stale',
  referenced: 'app.http.conflict_referenced',
  // An import's version that the tree shows: deleting it is refused.
  active: 'app.http.conflict_active_version',
  in_tree: 'app.http.conflict_version_in_tree',
};

// A list's query the API does not take (a filter or an order it does not have, too large a page): said apart,
// since reloading changes nothing; the parameter and those allowed stay in the error's body.
const BAD_QUERY_MESSAGES: Record<string, string> = {
  unknown_filter: 'app.http.unknown_filter',
  unknown_order: 'app.http.unknown_order',
  page_too_large: 'app.http.page_too_large',
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
      violation.code && TRANSLATED_VIOLATIONS.has(violation.code)
        ? `app.validation.${violation.code}`
        : violation.message;
  }
  return errors;
}

function toHttpError(status: number, json: unknown): HttpError {
  const body = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  if (status === 422) {
    const violations = Array.isArray(body.violations) ? body.violations.filter(isViolation) : [];
    const errors = violationsToErrors(violations);
    // A refusal of no field that we translate (a copy too large) is the error's message.
    const general = violations.find(
      (violation) => !violation.propertyPath && violation.code && TRANSLATED_VIOLATIONS.has(violation.code),
    );
    const message =
      Object.keys(errors).length > 0
        ? 'ra.message.invalid_form'
        : general
          ? `app.validation.${general.code}`
          : String(body.detail ?? 'ra.message.invalid_form');
    return new HttpError(message, status, { ...body, errors });
  }
  const { reason } = body;
  const conflict =
    status === 409 && typeof reason === 'string' && Object.hasOwn(CONFLICT_MESSAGES, reason)
      ? CONFLICT_MESSAGES[reason]
      : undefined;
  const badQuery =
    status === 400 && typeof reason === 'string' && Object.hasOwn(BAD_QUERY_MESSAGES, reason)
      ? BAD_QUERY_MESSAGES[reason]
      : undefined;
  const message =
    conflict ??
    badQuery ??
    STATUS_MESSAGES[status] ??
    (status >= 500 ? 'app.http.server_error' : 'ra.notification.http_error');
  return new HttpError(message, status, body);
}

/** Failures that end the session: a secured call with no token ('no JWT Token'), or a failed refresh. */
export type SessionLostReason = 'no JWT Token' | 'GenericError';

/** What the user is told when the session ends: a failure, or their structure's access ended. */
export type SessionLostNotice = 'GenericError' | 'app.auth.access_ended' | 'app.auth.signed_out_elsewhere';

/** The API's 403 to a sign-in or a refresh once the user's structure unsubscribed and its period is over. */
export const isAccessEnded = (status: number, json: unknown) =>
  status === 403 && (json as { description?: unknown } | null)?.description === 'access_ended';

/** The rejection of a call that ended the session; react-admin sees a 401 and logs out (checkError). */
export function sessionLost(reason: SessionLostReason): HttpError {
  return new HttpError(reason, 401, { sessionLost: true });
}

/** The access token each failed secured call was sent with (none: it was refused before leaving). */
const tokenOfFailure = new WeakMap<object, string | undefined>();

/**
 * Whether a failure belongs to a session that has ended since: the call left with another token than
 * the one the tab holds now (signed out, then in again while it was out). Its 401 says nothing of the
 * current session, which must not be ended for it.
 */
export function failedInEndedSession(error: unknown, currentToken: string | undefined): boolean {
  if (typeof error !== 'object' || error === null || !tokenOfFailure.has(error)) return false;
  const token = tokenOfFailure.get(error);
  return token !== undefined && token !== currentToken;
}

export function isSessionLost(error: unknown): boolean {
  return error instanceof HttpError && (error.body as { sessionLost?: boolean } | null)?.sessionLost === true;
}

/** What the http client needs from its surroundings: the browser gives its own, Node (bench, tests) fakes. */
export interface HttpClientDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** A fetch that reports upload progress (XMLHttpRequest in the browser); without it, uploads go through `fetch`. */
  fetchWithProgress?: (
    url: string,
    init: RequestInit,
    onProgress: (progress: { loaded: number; total: number }) => void,
  ) => Promise<Response>;
  session: SessionStore;
  /** Origin of the API; empty means the page's own (relative URLs). */
  apiUrl?: string;
  /** Where failed calls are reported; by default the page's own host. */
  errorCallUrl?: string;
  /** The page the user is on, for error reports. */
  pageUrl?: () => string;
  /**
   * The structure platform staff chose (its id), sent as `X-Structure` on every secured call; none means
   * all structures. Read at each call: a change applies to the next request.
   */
  structure?: () => number | null | undefined;
  /** The session has ended: tell the user (the notice, a translation key) and go to /logout. */
  onSessionLost?: (notice?: SessionLostNotice) => void;
  now?: () => number;
}

export interface HttpClientKit {
  httpClient: HttpClient;
  /**
   * Renews an expired access token; react-admin's `addRefreshAuthTo*Provider` call it before every
   * provider call, and the http client before every secured call. At most one refresh is in flight:
   * every other caller awaits that same promise, so all of them go on the moment it lands.
   */
  refreshAuth: () => Promise<void>;
  /** Renews the session now, expired or not: after a new password, the refresh opens the full session. */
  renewSession: () => Promise<void>;
  /**
   * Ends the session on the server (its refresh tokens revoked, the sign-out in the audit log), best effort:
   * never throws, never renews, and an expired token is not sent (the local session ends whatever happens).
   */
  signOut: () => Promise<void>;
  /** A second session of this tab's for another tab of the browser (tabSessions.ts); undefined when refused. */
  forkSession: () => Promise<SessionTokens | undefined>;
}

const REFRESH_PATH = '/api/auth/refresh';
const SIGN_OUT_PATH = '/api/auth/sign-out';
const FORK_PATH = '/api/auth/fork';

interface Outcome {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
  blob?: Blob;
  arrayBuffer?: ArrayBuffer;
}

interface CallOptions {
  listing: boolean;
  responseType: NonNullable<HttpOptions['responseType']>;
  onUploadProgress?: HttpOptions['onUploadProgress'];
}

const JSON_CALL: CallOptions = { listing: false, responseType: 'json' };

export function createHttpClient(deps: HttpClientDeps): HttpClientKit {
  const { session, apiUrl = '', now = Date.now } = deps;
  let refreshing: Promise<void> | undefined;

  const absolute = (url: string) => (url.startsWith('/') ? apiUrl + url : url);

  /**
   * The session's own user record (the app bar's name, the account page) is asked for across all structures:
   * platform staff belong to none, so inside the structure they chose their own record is not one of its rows.
   */
  function isOwnProfile(url: string): boolean {
    const token = session.getToken();
    const own = token ? readTokenPayload(token)?.employeeId : undefined;
    if (own === undefined) return false;
    const path = url.split(/[?#]/, 1)[0];
    return path === routes.item('users', own) || path === absolute(routes.item('users', own));
  }

  async function call(url: string, init: RequestInit, options: CallOptions, token?: string): Promise<Outcome> {
    const { listing, responseType, onUploadProgress } = options;
    const headers = new Headers(init.headers);
    if (!headers.has('Accept'))
      headers.set('Accept', responseType !== 'json' ? '*/*' : listing ? 'application/ld+json' : 'application/json');
    // A multipart body sets its own Content-Type, with the boundary.
    if (init.body != null && !(init.body instanceof FormData) && !headers.has('Content-Type'))
      headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    try {
      const request = { ...init, headers };
      const response =
        onUploadProgress && deps.fetchWithProgress
          ? await deps.fetchWithProgress(absolute(url), request, onUploadProgress)
          : await deps.fetch(absolute(url), request);
      if (response.ok && responseType === 'blob') {
        const blob = await response.blob();
        return { status: response.status, headers: response.headers, body: '', json: undefined, blob };
      }
      if (response.ok && responseType === 'arraybuffer') {
        const arrayBuffer = await response.arrayBuffer();
        return { status: response.status, headers: response.headers, body: '', json: undefined, arrayBuffer };
      }
      const body = await response.text();
      return { status: response.status, headers: response.headers, body, json: parseJson(body) };
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      return { status: 0, headers: new Headers(), body: '', json: { message: (error as Error).message } };
    }
  }

  // Fire and forget: a report never delays nor fails the caller.
  function report(
    url: string,
    { status, json, body, headers: answered }: Outcome,
    init: RequestInit,
    token?: string,
  ): void {
    if (!shouldReport(status, url)) return;
    const payload = token ? readTokenPayload(token) : undefined;
    const failure = buildReport({
      url: absolute(url),
      method: init.method ?? 'GET',
      status,
      details: json ?? body,
      payload,
      pageUrl: deps.pageUrl?.() ?? '',
      now: now(),
      requestId: answered.get('X-Request-Id'),
    });
    // The server names the report's structure and person from the token alone (the body's `companyId` and
    // `employeeId` are the client's word, never trusted): a still valid token goes with it, and the
    // structure the call worked in.
    const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'application/json' });
    if (token && payload && !isExpired(payload, now())) headers.set('Authorization', `Bearer ${token}`);
    const structure = new Headers(init.headers).get(STRUCTURE_HEADER);
    if (structure) headers.set(STRUCTURE_HEADER, structure);
    Promise.resolve()
      .then(() =>
        deps.fetch(deps.errorCallUrl ?? ERROR_CALL_PATH, { method: 'POST', headers, body: JSON.stringify(failure) }),
      )
      .then((response) => response.text())
      .catch(() => undefined);
  }

  function settle({ status, headers, body, json, blob, arrayBuffer }: Outcome): HttpResponse {
    if (status === 0) throw new HttpError('app.http.network', 0, {});
    if (status < 200 || status >= 300) throw toHttpError(status, json);
    return { status, headers, body, json, blob, arrayBuffer };
  }

  function loseSession(notice?: SessionLostNotice): void {
    session.clear();
    deps.onSessionLost?.(notice);
  }

  async function renew(): Promise<void> {
    const token = session.getToken();
    const refreshToken = session.getRefreshToken();
    if (refreshToken) {
      const body = JSON.stringify({ refresh_token: refreshToken, type: 'admin', isBoConnection: true });
      const outcome = await call(REFRESH_PATH, { method: 'POST', body }, JSON_CALL);
      if (outcome.status >= 200 && outcome.status < 300) {
        try {
          openSession(outcome.json, session);
          return;
        } catch {
          // An answer without both tokens or a known role: the session cannot go on.
        }
      } else if (isAccessEnded(outcome.status, outcome.json)) {
        loseSession('app.auth.access_ended');
        throw sessionLost('GenericError');
      } else report(REFRESH_PATH, outcome, { method: 'POST' }, token);
    }
    loseSession('GenericError');
    throw sessionLost('GenericError');
  }

  function renewSession(): Promise<void> {
    refreshing ??= renew().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  async function refreshAuth(): Promise<void> {
    if (refreshing) return refreshing;
    const token = session.getToken();
    if (token && needsRefresh(token, now())) return renewSession();
  }

  const httpClient: HttpClient = async (url, options = {}) => {
    const {
      listing = false,
      secured = true,
      responseType = 'json',
      onUploadProgress,
      allStructures = false,
      expected = [],
      ...given
    } = options;
    const how: CallOptions = { listing, responseType, onUploadProgress };
    if (!secured) return settle(await call(url, given, how));
    const structure = allStructures || isOwnProfile(url) ? undefined : deps.structure?.();
    const init = structure
      ? { ...given, headers: withHeader(given.headers, STRUCTURE_HEADER, String(structure)) }
      : given;

    await refreshAuth();
    let token = session.getToken();
    if (!token) {
      loseSession();
      throw sessionLost('no JWT Token');
    }
    let outcome = await call(url, init, how, token);
    // The server may find the token expired before we do (clocks differ): renew it once and retry.
    if (outcome.status === 401 && session.getRefreshToken()) {
      if (session.getToken() === token) await renewSession();
      else await refreshing;
      token = session.getToken();
      if (token) outcome = await call(url, init, how, token);
    }
    if ((outcome.status === 0 || outcome.status >= 400) && !expected.includes(outcome.status))
      report(url, outcome, init, token);
    try {
      return settle(outcome);
    } catch (failure) {
      tokenOfFailure.set(failure as object, token);
      throw failure;
    }
  };

  async function signOut(): Promise<void> {
    const token = session.getToken();
    const payload = token ? readTokenPayload(token) : undefined;
    if (!token || !payload || isExpired(payload, now())) return;
    // keepalive: the call completes even when the sign-out unloads the page.
    await call(SIGN_OUT_PATH, { method: 'POST', keepalive: true }, JSON_CALL, token);
  }

  async function forkSession(): Promise<SessionTokens | undefined> {
    // The fork proves the session with its current refresh token: renewed first if the access token is due.
    await refreshAuth().catch(() => undefined);
    const token = session.getToken();
    const refreshToken = session.getRefreshToken();
    if (!token || !refreshToken) return undefined;
    const body = JSON.stringify({ refresh_token: refreshToken });
    const outcome = await call(FORK_PATH, { method: 'POST', body }, JSON_CALL, token);
    const json = outcome.json as Partial<SessionTokens> | undefined;
    if (outcome.status !== 200 || typeof json?.token !== 'string' || typeof json.refresh_token !== 'string')
      return undefined;
    return { token: json.token, refresh_token: json.refresh_token };
  }

  return { httpClient, refreshAuth, renewSession, signOut, forkSession };
}

function withHeader(headers: HeadersInit | undefined, name: string, value: string): Headers {
  const merged = new Headers(headers);
  merged.set(name, value);
  return merged;
}

/** The browser's session-lost reaction until the app registers its own (with a snackbar). */
let sessionLostHandler: (notice?: SessionLostNotice) => void = () => {
  window.location.hash = '#/logout';
};

/** Ends this tab's session as a lost one would end (the notice, then /logout): another tab signed out. */
export const endSessionLost = (notice?: SessionLostNotice) => sessionLostHandler(notice);

/** The app tells the http client how to end a lost session: snackbar, then /logout. Answers the unregister. */
export function setSessionLostHandler(handler: (notice?: SessionLostNotice) => void): () => void {
  const previous = sessionLostHandler;
  sessionLostHandler = handler;
  return () => {
    sessionLostHandler = previous;
  };
}

/**
 * Every call to the API goes through here: base URL, JSON by default, JSON-LD for listings, the bearer
 * token (renewed first when expired), the structure platform staff chose, failed secured calls reported,
 * failures as react-admin `HttpError`s.
 */
export const { httpClient, refreshAuth, renewSession, signOut, forkSession } = createHttpClient({
  fetch: (url, init) => fetch(url, init),
  fetchWithProgress: xhrFetch,
  session: sessionStore,
  apiUrl: API_URL,
  pageUrl: () => window.location.href,
  onSessionLost: (notice) => sessionLostHandler(notice),
  structure: () => chosenStructure()?.id,
});
