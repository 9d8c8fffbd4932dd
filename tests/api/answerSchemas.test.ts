import { Ajv2020 } from 'ajv/dist/2020.js';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faithfulSerializers } from '../../server/http/answerSerializers.ts';
import { COLLECTION, FREE_JSON, MEDIA_TYPE, REFUSAL, RESOURCE } from '../../server/http/answers.ts';
import { routesOf } from '../../server/http/inputGuard.ts';
import { itemAnswerSchema, listAnswer } from '../../server/resources/answerSchemas.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
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
  // One schema per media type (the generic routes' items and lists).
  if (schema.content)
    return Object.entries(schema.content as Record<string, { schema: Schema }>).flatMap(([type, media]) =>
      looseParts(media.schema, `${at} ${type}`),
    );
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

describe('answer schemas of every route', () => {
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

describe('answer schemas of the generic lists', () => {
  // A page is JSON text PostgreSQL built, which Fastify sends as it is: no serialiser checks it on the way
  // out, so this does, for every resource, in both media types, against the route's own schema.
  it('say what every list sends, in JSON-LD and in JSON', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const wrong: string[] = [];
    let pages = 0;
    for (const declaration of declarations) {
      if (declaration.operations && !declaration.operations.includes('list')) continue;
      if (declaration.ownRoutes?.includes('list')) continue;
      const { content } = listAnswer(declaration) as { content: Record<string, { schema: Schema }> };
      for (const [accept, { schema }] of Object.entries(content)) {
        const answer = await t.request('GET', `/api/${declaration.name}?itemsPerPage=5`, { as: 'superadmin', accept });
        if (answer.status !== 200) continue;
        pages++;
        const validate = ajv.compile(schema);
        if (!validate(answer.json))
          wrong.push(`${declaration.name} ${accept}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(pages).toBeGreaterThan(declarations.length);
  });
});

describe('the generic routes’ answers and the document', () => {
  // Both come from the resource's declaration and contract; the document's record schema is open (it is also
  // what a client writes), so an answer's field it forgot would not fail the conformance walk: this does.
  it('name the same fields: every one a route writes is documented, and every documented one readable is written', async () => {
    const document = (await t.request('GET', '/api/docs.json')).json as {
      components: { schemas: Record<string, { properties: Record<string, { writeOnly?: boolean }> }> };
    };
    const differences: string[] = [];
    for (const declaration of declarations) {
      const documented = document.components.schemas[declaration.contract.type]?.properties ?? {};
      const readable = Object.entries(documented)
        .filter(([, property]) => !property.writeOnly)
        .map(([name]) => name)
        .sort();
      const written = Object.keys(
        (itemAnswerSchema(declaration, 'json') as { properties: Record<string, Schema> }).properties,
      ).sort();
      if (JSON.stringify(readable) !== JSON.stringify(written))
        differences.push(`${declaration.name}: documented ${readable.join(', ')}; written ${written.join(', ')}`);
    }
    expect(differences).toEqual([]);
  });
});
