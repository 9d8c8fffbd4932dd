import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../server/resources/definitions/index.ts';
import { Conformance, type OpenApiDocument } from './support/conformance.ts';
import { multipartBody } from './support/multipart.ts';
import { createSample, sampleBody, supports } from './support/samples.ts';
import { createTestApp, type Persona, type TestApp } from './support/testApp.ts';

/**
 * Every answer tells the truth about itself: the walk reads `/api/docs.json` as an integrator would, asks every
 * operation it can reach on the demo data as each role, in both media types, and checks each answer's status,
 * media type and body against the document with a standard validator.
 */

let t: TestApp;
let document: OpenApiDocument;
let conformance: Conformance;

const MEDIA_TYPES = ['application/ld+json', 'application/json'] as const;
const PERSONAS: readonly Persona[] = ['superadmin', 'admin', 'contributor'];

/** The values of the path parameters that are no row's id: an invitation's link. */
const pathValues: Record<string, string> = {};
/** Ids of rows no list offers (a ticket's attachment). */
const knownIds: Record<string, number> = {};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);

/**
 * What the demo data lacks for the walk to reach every operation: an attachment, a deleted row, an invitation,
 * a person's data export.
 */
async function reachEveryOperation() {
  const ticket = await t.request('POST', '/api/tickets', { as: 'contributor', body: { type: 1, subject: 'Capture' } });
  const { payload, contentType } = multipartBody({ name: 'capture.png', type: 'image/png', bytes: PNG });
  const attached = await t.app.inject({
    method: 'POST',
    url: `/api/tickets/${ticket.json.id}/attachments`,
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${await t.tokenFor('admin')}` },
  });
  knownIds['ticket-attachments'] = attached.json().id;
  const sheet = await createSample(t, 'sheets');
  await t.request('DELETE', `/api/sheets/${sheet.id}`, { as: 'superadmin' });
  const invitation = await t.request('POST', '/api/invitations', { as: 'superadmin', body: { name: 'Lycée Curie' } });
  pathValues.encodedId = invitation.json.encodedId;
  pathValues.key = invitation.json.key;
  const exported = await t.request('POST', '/api/personal-data-requests', {
    as: 'admin',
    body: { user: t.users.contributor.id, kind: 'export' },
  });
  knownIds['personal-data-requests'] = exported.json.id;
}

beforeAll(async () => {
  t = await createTestApp();
  document = (await t.request('GET', '/api/docs.json')).json;
  conformance = new Conformance(document);
  await reachEveryOperation();
});

afterAll(async () => {
  await t?.close();
});

/** The collection a path's `{id}` is a row of: the segment before it, a learner being a user. */
const collectionOf = (path: string) => {
  const segments = path.split('/');
  const collection = segments[segments.indexOf('{id}') - 1];
  return collection === 'learners' ? 'users' : collection;
};

/** The id of a row the persona can read at `/api/<collection>`, if it can list any. */
async function firstIdOf(collection: string, persona: Persona): Promise<number | undefined> {
  const answer = await t.request('GET', `/api/${collection}?itemsPerPage=1`, {
    as: persona,
    accept: 'application/json',
  });
  if (answer.status !== 200 || !Array.isArray(answer.json)) return undefined;
  return (answer.json[0] as { id?: number } | undefined)?.id;
}

/** A row to ask for: one the persona reads, or else one platform staff reads (its refusal is checked too). */
async function idFor(path: string, persona: Persona): Promise<number | undefined> {
  const collection = collectionOf(path);
  if (knownIds[collection]) return knownIds[collection];
  return (await firstIdOf(collection, persona)) ?? (await firstIdOf(collection, 'superadmin'));
}

/**
 * The URL of a path template for the persona: known values, then the id of a row it (or platform staff) reads;
 * a parameter left unfilled is `fill`, or makes the URL undefined when there is none.
 */
async function urlFor(path: string, persona: Persona, fill?: string): Promise<string | undefined> {
  let url = path.replace(/\{(\w+)\}/g, (match, name: string) => pathValues[name] ?? match);
  if (url.includes('{id}')) {
    const id = await idFor(path, persona);
    if (id !== undefined) url = url.replace('{id}', String(id));
  }
  if (!/\{\w+\}/.test(url)) return url;
  return fill === undefined ? undefined : url.replace(/\{\w+\}/g, fill);
}

describe('every answer conforms to the OpenAPI document', () => {
  it('every GET, as each role, in both media types', async () => {
    const skipped: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!operations.get) continue;
      for (const persona of PERSONAS) {
        const url = await urlFor(path, persona);
        if (url === undefined) {
          skipped.push(`${path} (${persona})`);
          continue;
        }
        for (const accept of MEDIA_TYPES) {
          const response = await t.request('GET', url, { as: persona, accept });
          conformance.check('get', path, response, `${persona}, ${accept}`);
        }
      }
    }
    expect(skipped).toEqual([]);
  }, 300_000);

  it('every operation refused without a token, or answered to an empty body where it is public', async () => {
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations)) {
        const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => (name === 'id' ? '1' : 'x'));
        const body = method === 'get' || method === 'delete' ? undefined : {};
        for (const accept of MEDIA_TYPES)
          conformance.check(method, path, await t.request(method.toUpperCase(), url, { body, accept }), accept);
      }
  }, 120_000);

  it('valid and invalid writes of every writable resource, as a structure admin and platform staff', async () => {
    for (const declaration of declarations) {
      if (!supports(declaration, 'create')) continue;
      const collection = `/api/${declaration.name}`;
      for (const persona of ['admin', 'superadmin'] as const) {
        for (const accept of MEDIA_TYPES) {
          const invalid = await t.request('POST', collection, { as: persona, accept, body: { id: 'x', nope: [] } });
          conformance.check('post', collection, invalid, `${persona}, invalid`);
          const created = await t.request('POST', collection, {
            as: persona,
            accept,
            body: await sampleBody(declaration, t),
          });
          conformance.check('post', collection, created, `${persona}, valid`);
          if (created.status !== 201) continue;
          const item = `${collection}/{id}`;
          const url = `${collection}/${created.json.id}`;
          if (supports(declaration, 'update')) {
            const stale = await t.request('PUT', url, {
              as: persona,
              accept,
              body: { updatedAt: '2000-01-01T00:00:00Z' },
            });
            conformance.check('put', item, stale, `${persona}, stale`);
            const writable = Object.entries(declaration.fields).find(
              ([, field]) => !field.readOnly && field.type.kind !== 'json' && field.type.kind !== 'computed',
            );
            const wrong = await t.request('PUT', url, {
              as: persona,
              accept,
              body: { [writable?.[0] ?? 'id']: { not: ['a value of this field'] } },
            });
            conformance.check('put', item, wrong, `${persona}, invalid`);
            const same = await t.request('PUT', url, { as: persona, accept, body: {} });
            conformance.check('put', item, same, `${persona}, valid`);
          }
          const deletePath = `/api/${declaration.deletePath ?? declaration.name}/{id}`;
          if (supports(declaration, 'delete')) {
            const removed = await t.request('DELETE', deletePath.replace('{id}', String(created.json.id)), {
              as: persona,
              accept,
            });
            conformance.check('delete', deletePath, removed, persona);
            const again = await t.request('DELETE', deletePath.replace('{id}', String(created.json.id)), {
              as: persona,
              accept,
            });
            conformance.check('delete', deletePath, again, `${persona}, gone`);
          }
        }
      }
    }
  }, 300_000);

  it('every other write, as each role, with an empty body: refused or done as the document says', async () => {
    const generic = new Set(
      declarations.flatMap((declaration) => [
        `/api/${declaration.name}`,
        `/api/${declaration.name}/{id}`,
        `/api/${declaration.deletePath ?? declaration.name}/{id}`,
      ]),
    );
    for (const [path, operations] of Object.entries(document.paths))
      for (const method of Object.keys(operations)) {
        // Ending a session would end the walk's own: those are checked without a token only.
        if (method === 'get' || generic.has(path) || /sign-out|\/auth\//.test(path)) continue;
        for (const persona of PERSONAS) {
          // A write's refusal of an id or a value it cannot find is checked too: `1` where nothing is known.
          const url = (await urlFor(path, persona, '1'))!;
          const body = method === 'delete' ? undefined : {};
          conformance.check(method, path, await t.request(method.toUpperCase(), url, { as: persona, body }), persona);
        }
      }
  }, 300_000);

  it('all told: hundreds of answers, none that the document does not describe', () => {
    console.log(
      `${conformance.checked} answers checked against /api/docs.json, ${conformance.failures.length} do not conform`,
    );
    console.log([...conformance.statuses].sort().join(' | '));
    expect(conformance.failures.join('\n')).toBe('');
    expect(conformance.checked).toBeGreaterThan(1000);
  });
});
