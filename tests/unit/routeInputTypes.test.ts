import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The hand-written routes take the types of what they read from the schemas that check it (a Fastify type
 * provider, server/http/routeSchema.ts): a cast would let a handler's type drift from its schema unseen.
 */

const ROUTES = resolve(__dirname, '../../server/routes');
// `request.body as X`, `(request.query as X).name`, across a line break too.
const CAST = /\brequest\.(body|params|query)\s*\)?\s*as\b/g;
const REGISTERS_A_ROUTE = /\bapp\.(get|post|put|patch|delete)\(/;

const sources = () =>
  readdirSync(ROUTES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join(ROUTES, file), 'utf8') }));

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

describe('hand-written routes', () => {
  it('are found where this test looks for them', () => {
    expect(sources().filter(({ text }) => REGISTERS_A_ROUTE.test(text)).length).toBeGreaterThan(10);
  });

  it('never cast request.body, request.params or request.query', () => {
    const casts = sources().flatMap(({ file, text }) =>
      [...text.matchAll(CAST)].map((match) => `${file}:${lineOf(text, match.index)}: ${match[0]}`),
    );
    expect(casts).toEqual([]);
  });

  it('register their routes on an instance typed by their schemas', () => {
    const untyped = sources()
      .filter(({ text }) => REGISTERS_A_ROUTE.test(text) && !/\btypedRoutes\(/.test(text))
      .map(({ file }) => file);
    expect(untyped).toEqual([]);
  });

  it('would see a cast if one came back', () => {
    for (const cast of [
      'const { a } = request.body as { a: string };',
      'const q = (request.query as Record<string, string>).q;',
      'const p = request.params\n  as { id: string };',
    ])
      expect(cast.match(CAST), cast).not.toBeNull();
    expect('const { a } = request.body;'.match(CAST)).toBeNull();
  });
});
