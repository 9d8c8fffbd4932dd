import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { multipartBody, type UploadedFile } from '../../api/support/multipart.ts';

/** An answer of the API, read whole. */
export interface Answer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  // Answers are checked field by field; `any` keeps those checks short.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

function requestHeaders(options: CallOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

function answer(status: number, headers: Headers, bytes: Buffer): Answer {
  let json: unknown;
  try {
    json = bytes.length > 0 ? JSON.parse(bytes.toString('utf8')) : undefined;
  } catch {
    json = undefined;
  }
  return { status, headers, bytes, json };
}

/** One call of the API at `base` (the proxy or one process), over HTTP. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const response = await fetch(base + path, { method, headers: requestHeaders(options), body });
  return answer(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
}

/**
 * The same call from another loopback address (`127.0.0.2`...): the server sees another client, with
 * bounds of its own per address. Only straight to a process: the proxy would connect from its own address.
 */
export function callFrom(
  localAddress: string,
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(base + path, { method, headers: requestHeaders(options), localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers))
          if (typeof value === 'string') headers.set(name, value);
        resolve(answer(response.statusCode ?? 0, headers, Buffer.concat(chunks)));
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export function expectOk(answer: Answer, what: string) {
  expect(answer.status, `${what}: ${answer.bytes.toString('utf8').slice(0, 300)}`).toBeLessThan(300);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Session {
  token: string;
  refresh_token: string;
}

/** Signs in with a login and password; throws unless the API answers 200. */
export async function signIn(base: string, login: string, password: string): Promise<Session> {
  const answer = await call(base, 'POST', '/api/auth/token', { body: { login, password } });
  if (answer.status !== 200)
    throw new Error(`Sign-in of ${login} answered ${answer.status}: ${answer.bytes.toString('utf8').slice(0, 300)}`);
  return answer.json as Session;
}

/**
 * Uploads a file as the session's user (`POST /api/documents/upload`), or without a session (no token) to
 * the public upload of `path`.
 */
export async function upload(
  base: string,
  token: string | undefined,
  file: UploadedFile,
  fields: Record<string, string> = {},
  path = '/api/documents/upload',
): Promise<Answer> {
  const { payload, contentType } = multipartBody(file, fields);
  const response = await fetch(base + path, {
    method: 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'application/json',
      'content-type': contentType,
    },
    body: new Uint8Array(payload),
  });
  return answer(response.status, response.headers, Buffer.from(await response.arrayBuffer()));
}

/** One event of a live stream, as EventSource would hand it over. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface LiveStream {
  events: StreamEvent[];
  /** The `retry:` hints the server sent, in order. */
  retries: number[];
  /** Resolves once the server says the stream is live (`ready`). */
  ready: Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first event matching, waiting for it up to `timeoutMs`. */
  waitFor(match: (event: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

/** A stream ticket (`POST /api/events/ticket`) asked for at `base` with the bearer token. */
export async function streamTicket(base: string, token: string): Promise<string> {
  const ticket = await call(base, 'POST', '/api/events/ticket', { token, body: {} });
  if (ticket.status !== 200) throw new Error(`The stream ticket answered ${ticket.status}.`);
  return ticket.json.ticket as string;
}

const streamPath = (ticket: string) => `/api/events?ticket=${encodeURIComponent(ticket)}`;

/** What `GET /api/events` with this ticket answers at `base`: a stream opened is closed at once. */
export async function streamStatus(base: string, ticket: string): Promise<number> {
  const abort = new AbortController();
  const response = await fetch(base + streamPath(ticket), { signal: abort.signal });
  if (response.status === 200) abort.abort();
  else await response.arrayBuffer();
  return response.status;
}

/**
 * A live event stream as the back-office opens one: a stream ticket asked for at `base` with the bearer
 * token, then `GET /api/events?ticket=…` at `streamBase` (by default the same), read as it comes.
 */
export async function openLiveStream(base: string, token: string, streamBase = base): Promise<LiveStream> {
  const ticket = await streamTicket(base, token);
  const abort = new AbortController();
  const response = await fetch(streamBase + streamPath(ticket), { signal: abort.signal });
  if (response.status !== 200 || !response.body) throw new Error(`The event stream answered ${response.status}.`);
  const events: StreamEvent[] = [];
  const retries: number[] = [];
  const waiters = new Set<() => void>();
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let finished = false;

  const ended = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of frame.split('\n')) {
            const colon = line.indexOf(':');
            if (colon === 0) continue;
            const [field, value] =
              colon < 0 ? [line, ''] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
            if (field === 'retry') retries.push(Number(value));
            else if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += hasData ? `\n${value}` : value;
              hasData = true;
            }
          }
          if (!hasData) continue;
          events.push(event);
          if (event.event === 'ready') markReady();
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by us (abort) or cut by the server: the stream has ended either way.
    } finally {
      finished = true;
      for (const wake of waiters) wake();
    }
  })();

  return {
    events,
    retries,
    ready,
    ended,
    waitFor(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event within ${timeoutMs} ms; received: ${JSON.stringify(events)}`));
        }, timeoutMs);
        const check = () => {
          const found = events.find(match);
          if (found || finished) {
            clearTimeout(timer);
            waiters.delete(check);
            if (found) resolve(found);
            else reject(new Error(`The stream ended without a matching event; received: ${JSON.stringify(events)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
