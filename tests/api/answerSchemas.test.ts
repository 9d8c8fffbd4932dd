import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faithfulSerializers } from '../../server/http/answerSerializers.ts';
import { COLLECTION, FREE_JSON, MEDIA_TYPE, REFUSAL, RESOURCE } from '../../server/http/answers.ts';
import { routesOf } from '../../server/http/inputGuard.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * The answers of the hand-written routes are closed (server/http/answers.ts): every object names its
 * properties and no other, every property has a type. Fastify writes an answer with its schema, so an open
 * object would write whatever a handler put there, unchecked, and the document could not say what it is.
 * Free JSON is allowed where it is one by design, named so (`freeJson`); the contract's records and the
 * problem answers are the document's shared schemas, named by reference.
 */

type Schema = Record<string, unknown>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A schema that says what its value is: a type, a constant, a choice, a reference or a combination. */
const TYPING_KEYWORDS = ['type', 'const', 'enum', '$ref', 'anyOf', 'oneOf', 'allOf'];
/** The named kinds a property may be instead: free JSON by design, a record, a page, a refusal, a file. */
const NAMED_KINDS = [FREE_JSON, RESOURCE, COLLECTION, REFUSAL, MEDIA_TYPE];

/** What is open or untyped in a response schema, each with where it is. */
function looseParts(schema: Schema, at: string): string[] {
  if (NAMED_KINDS.some((kind) => schema[kind])) return [];
  const found: string[] = [];
  if (!TYPING_KEYWORDS.some((keyword) => keyword in schema)) found.push(`${at}: no type`);
  const types = ([] as unknown[]).concat(schema.type ?? []);
  if (types.includes('object') || schema.properties) {
    const extra = schema.additionalProperties;
    if (extra === undefined || extra === true) found.push(`${at}: an open object`);
    else if (typeof extra === 'object') found.push(...looseParts(extra as Schema, `${at}/*`));
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
      found.push(...looseParts(property, `${at}/${name}`));
  }
  if (schema.items) found.push(...looseParts(schema.items as Schema, `${at}/[]`));
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    for (const [index, branch] of ((schema[keyword] ?? []) as Schema[]).entries())
      found.push(...looseParts(branch, `${at}/${keyword}${index}`));
  return found;
}

describe('answer schemas of the hand-written routes', () => {
  it('close every object and type every property, free JSON named as such', () => {
    const loose: string[] = [];
    let answers = 0;
    for (const route of routesOf(t.app)) {
      const response = (route.schema as Schema | undefined)?.response as Record<string, Schema> | undefined;
      if (!response) continue;
      for (const [status, schema] of Object.entries(response)) {
        answers++;
        loose.push(...looseParts(schema, `${route.method} ${route.url} ${status}`));
      }
    }
    expect(loose).toEqual([]);
    expect(answers).toBeGreaterThan(100);
  });

  it('find an open object or an untyped property where one is', () => {
    expect(looseParts({ type: 'object', properties: {} }, 'open')).toEqual(['open: an open object']);
    expect(looseParts({ type: 'object', properties: { id: {} }, additionalProperties: false }, 'untyped')).toEqual([
      'untyped/id: no type',
    ]);
    expect(
      looseParts({ type: 'array', items: { type: 'object', properties: {}, additionalProperties: true } }, 'items'),
    ).toEqual(['items/[]: an open object']);
    expect(looseParts({ description: 'A part’s content.', [FREE_JSON]: true }, 'free')).toEqual([]);
  });

  it('write what the handler answered: a field a schema forgot is a 500 in tests, not a field lost', async () => {
    const app = Fastify({ schemaController: { compilersFactory: { buildSerializer: faithfulSerializers() } } });
    const closed = { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false };
    app.get('/forgotten', { schema: { response: { 200: closed } } }, async () => ({ id: 1, forgotten: true }));
    app.get('/coerced', { schema: { response: { 200: closed } } }, async () => ({ id: '1' }));
    app.get('/faithful', { schema: { response: { 200: closed } } }, async () => ({ id: 1 }));
    try {
      expect((await app.inject({ url: '/forgotten' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/coerced' })).statusCode).toBe(500);
      const faithful = await app.inject({ url: '/faithful' });
      expect([faithful.statusCode, faithful.json()]).toEqual([200, { id: 1 }]);
    } finally {
      await app.close();
    }
  });
});
