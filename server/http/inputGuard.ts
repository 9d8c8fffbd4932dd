import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, badRequest, unprocessable, violation, type Violation } from '../shared/errors.ts';

/**
 * What PostgreSQL cannot store, refused once for every route before any handler sees it, so that no
 * handler has to remember it and a forgotten one is a 4xx rather than a 500:
 * - a NUL character (text and jsonb refuse it) in the path, the query, any string or key of a JSON body,
 *   or a multipart text field;
 * - a lone UTF-16 surrogate (`"\ud800"` is valid JSON, but jsonb refuses it and text would store U+FFFD);
 * - a JSON body nested deeper than any request needs (walking or serialising it could exhaust the stack).
 */

const MAX_DEPTH = 64;
/** Enough to show the client its mistake, not a list as long as a malicious body. */
const MAX_VIOLATIONS = 20;
// In a `u` regex a well-formed pair is one code point: only unpaired halves match.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Its Fastify schema (params, querystring, body), when it declares one: the OpenAPI document reads it. */
  schema?: Record<string, unknown>;
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route the app registered (HEAD twins of GETs left out): the security tests walk them all. */
export function routesOf(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? [];
}

/** What is wrong with a string of the body, worded for a value or a key. */
function stringProblem(text: string, what: 'value' | 'key'): string | undefined {
  if (text.includes('\u0000')) return `This ${what} contains a NUL character.`;
  if (LONE_SURROGATE.test(text)) return `This ${what} contains an invalid Unicode character (a lone surrogate).`;
  return undefined;
}

const childPath = (parent: string, key: string | number) =>
  typeof key === 'number' ? `${parent}[${key}]` : parent === '' ? key : `${parent}.${key}`;

/**
 * The violations of a parsed JSON body, each on the property path of the offending value (a key's own
 * problem is reported on the key, its NUL shown as `\0`). Walks without recursion: depth is the attacker's.
 */
export function bodyViolations(body: unknown): Violation[] | 'too deep' {
  const found: Violation[] = [];
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (pending.length > 0 && found.length < MAX_VIOLATIONS) {
    const { value, path, depth } = pending.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'string') {
      const problem = stringProblem(value, 'value');
      if (problem) found.push(violation(path, 'format', problem));
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return 'too deep';
    if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--)
        pending.push({ value: value[index], path: childPath(path, index), depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(value as Record<string, unknown>);
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index];
      const keyProblem = stringProblem(key, 'key');
      if (keyProblem) found.push(violation(childPath(path, key.replaceAll('\u0000', '\\0')), 'format', keyProblem));
      else pending.push({ value: item, path: childPath(path, key), depth: depth + 1 });
    }
  }
  return found;
}

/**
 * A NUL anywhere in the URL, encoded or not (path parameters and query values are decoded from it). Bytes
 * that do not decode to UTF-8 cannot become a surrogate: the router refuses them in the path, and the
 * query's decoding replaces them with U+FFFD.
 */
const hasNul = (url: string) => url.includes('\u0000') || /%00/i.test(url);

/** A part of @fastify/multipart's `fields`: a text field (`type: 'field'`) or a file. */
interface MultipartPart {
  type?: string;
  value?: unknown;
}

/** The 422 of a multipart field a handler read, by request: the answer, whatever the handler did with it. */
const refusedFields = new WeakMap<FastifyRequest, ApiError>();

function fieldViolations(fields: Record<string, unknown>): Violation[] {
  const texts: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields))
    for (const part of (Array.isArray(field) ? field : [field]) as MultipartPart[])
      if (part?.type === 'field') texts[name] = part.value;
  const found = bodyViolations(texts);
  return found === 'too deep' ? [] : found;
}

/**
 * Multipart fields are parsed while the handler reads the request, those after the file part only once the
 * file is read: so a field is checked when the handler reads it, through a view of the file's `fields`
 * (any read: by name, or by listing them). The parser keeps filling the original object.
 */
function guardMultipart(request: FastifyRequest): void {
  const target = request as unknown as { isMultipart?: () => boolean; file?: (...args: unknown[]) => Promise<unknown> };
  const original = target.file;
  if (typeof original !== 'function' || !target.isMultipart?.()) return;
  target.file = async (...args: unknown[]) => {
    const file = (await original.apply(request, args)) as { fields?: Record<string, unknown> } | undefined;
    if (!file?.fields) return file;
    file.fields = new Proxy(file.fields, {
      get(fields, name, receiver) {
        const value: unknown = Reflect.get(fields, name, receiver);
        if (typeof name === 'string' && value !== undefined) {
          const found = fieldViolations({ [name]: value });
          if (found.length > 0) {
            const refusal = unprocessable(found);
            refusedFields.set(request, refusal);
            throw refusal;
          }
        }
        return value;
      },
    });
    return file;
  };
}

/**
 * The 4xx a failed request deserves when its input, not the server, is at fault, or undefined:
 * - the 422 of a multipart text field the handler read, whatever the handler made of it (caught it and
 *   answered something else, or went on to the database with the value);
 * - a PostgreSQL error a value caused (SQLSTATE class 22, data exception: bad encoding, out of range,
 *   invalid text representation...; 54000, e.g. an index row too large for a very long value), answered
 *   400 wherever a handler did not map it more precisely.
 * Any other error stays a 500.
 */
export function clientFault(error: unknown, request: FastifyRequest): ApiError | undefined {
  const refusal = refusedFields.get(request);
  if (refusal) return refusal;
  if (error instanceof ApiError || !error || typeof error !== 'object') return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !/^(22[0-9A-Z]{3}|54000)$/.test(code)) return undefined;
  return badRequest('A value has the wrong format or is out of range.');
}

export const inputGuard = fp(async (app) => {
  const table: RegisteredRoute[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods)
      if (method !== 'HEAD')
        table.push({
          method,
          url: route.url ?? route.path,
          schema: route.schema as Record<string, unknown> | undefined,
        });
  });

  app.addHook('onRequest', async (request) => {
    if (hasNul(request.url)) throw badRequest('The URL contains a NUL character.');
  });

  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) return guardMultipart(request);
    const found = bodyViolations(request.body);
    if (found === 'too deep') throw badRequest(`The body is nested more than ${MAX_DEPTH} levels deep.`);
    if (found.length > 0) throw unprocessable(found);
  });
});
