import type { TokenPayload } from './session';

/**
 * Where failed calls are reported: the product's own host, not a custom API host, so that a report still
 * arrives when that API host is the one failing.
 */
export const ERROR_CALL_PATH = '/api/errorCall';

/** The body of `POST /api/errorCall` (API.md, Actions). */
export interface ErrorReport {
  details: unknown;
  status: number;
  timestamp: number;
  url: string;
  companyId: number | null;
  employeeId: number | null;
  endpoint: string;
  protocol: string;
  /** The failed call's HTTP method: with the path, the server tells which of its routes failed. */
  method: string;
  /** The failed call's id as its answer named it (X-Request-Id): the server's log lines carry it. */
  requestId: string | null;
}

/**
 * Which failures are worth a report: an HTTP error (status >= 400) or a network failure (status 0).
 * A 404 on a path ending in `note` is the normal answer of an object without a note, so it is not reported;
 * the report call itself is never reported, or a failing report would report itself forever.
 */
export function shouldReport(status: number, url: string): boolean {
  const { pathname } = new URL(url, 'http://host.invalid');
  if (pathname === ERROR_CALL_PATH || pathname.endsWith(ERROR_CALL_PATH)) return false;
  if (status === 404 && pathname.endsWith('note')) return false;
  return status === 0 || status >= 400;
}

export interface FailedCall {
  /** The URL as called, absolute. */
  url: string;
  method: string;
  status: number;
  /** The answer's body (parsed when JSON), or the network error's message. */
  details: unknown;
  /** The session's token payload at the time of the call, if any. */
  payload?: TokenPayload;
  /** The page the user was on. */
  pageUrl: string;
  now: number;
  /** The answer's X-Request-Id, when it came. */
  requestId?: string | null;
}

export function buildReport({
  url,
  method,
  status,
  details,
  payload,
  pageUrl,
  now,
  requestId,
}: FailedCall): ErrorReport {
  const called = new URL(url, pageUrl || 'http://host.invalid');
  return {
    details,
    status,
    timestamp: now,
    url: pageUrl,
    companyId: payload?.company ?? null,
    employeeId: payload?.employeeId ?? null,
    endpoint: called.pathname + called.search,
    protocol: called.protocol,
    method: method.toUpperCase(),
    requestId: requestId ?? null,
  };
}
