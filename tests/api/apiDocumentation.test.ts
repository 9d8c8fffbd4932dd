import { parseHydraDocumentation, type Api, type Resource } from '@api-platform/api-doc-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS } from '../../src/domain/contracts/index.ts';
import { ALL_OPERATIONS, isWritable, targetOf } from '../../src/domain/contracts/types.ts';
import { documentedFields, filterVariables } from '../../server/docs/hydra.ts';
import { freePort } from '../support/freePort.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A client of the API Platform ecosystem reads our API: @api-platform/api-doc-parser, over HTTP, against the
 * in-process server, finds every resource of the contracts with its fields, relations, operations and filters.
 */

let t: TestApp;
let origin: string;
let api: Api;
let token: string;

const listed = CONTRACTS.filter((contract) => (contract.operations ?? ALL_OPERATIONS).includes('list'));
const resourceOf = (name: string): Resource => {
  const found = api.resources?.find((resource) => resource.name === name);
  if (!found) throw new Error(`the parser found no resource ${name}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  const port = await freePort();
  await t.app.listen({ host: '127.0.0.1', port });
  origin = `http://127.0.0.1:${port}`;
  token = await t.tokenFor('superadmin');
  ({ api } = await parseHydraDocumentation(`${origin}/api`, { headers: { Authorization: `Bearer ${token}` } }));
});

afterAll(async () => {
  await t?.close();
});

describe('the Hydra documentation, read by @api-platform/api-doc-parser', () => {
  it('lists every resource a collection is offered for, at its path', () => {
    expect(api.resources?.map((resource) => resource.name).sort()).toEqual(
      listed.map((contract) => contract.name).sort(),
    );
    for (const contract of listed) expect(resourceOf(contract.name).url).toBe(`${origin}/api/${contract.name}`);
  });

  it('gives every field its range, its requirement and which way it goes', () => {
    for (const contract of listed) {
      const resource = resourceOf(contract.name);
      const fields = documentedFields(contract);
      expect(
        resource.fields?.map((field) => field.name),
        contract.name,
      ).toEqual(fields.map(([name]) => name));
      for (const [name, field] of fields) {
        const parsed = resource.fields?.find((candidate) => candidate.name === name);
        expect(parsed?.required, `${contract.name}.${name} required`).toBe(field.required === true);
        expect(
          resource.readableFields?.some((candidate) => candidate.name === name),
          `${contract.name}.${name} readable`,
        ).toBe(!field.writeOnly);
        expect(
          resource.writableFields?.some((candidate) => candidate.name === name),
          `${contract.name}.${name} writable`,
        ).toBe(name !== 'id' && isWritable(field));
        if (field.kind === 'integer') expect(parsed?.type, `${contract.name}.${name}`).toBe('integer');
        if (field.kind === 'boolean') expect(parsed?.type, `${contract.name}.${name}`).toBe('boolean');
        if (field.kind === 'datetime') expect(parsed?.type, `${contract.name}.${name}`).toBe('dateTime');
      }
    }
  });

  it('resolves every relation to the resource the contract names', () => {
    let relations = 0;
    for (const contract of listed)
      for (const [name, field] of Object.entries(contract.fields)) {
        const target = targetOf(field);
        const parsed = resourceOf(contract.name).fields?.find((candidate) => candidate.name === name);
        if (!target) {
          expect(parsed?.reference ?? null, `${contract.name}.${name}`).toBeNull();
          continue;
        }
        relations++;
        expect((parsed?.reference as Resource | null)?.name, `${contract.name}.${name}`).toBe(target);
        expect(parsed?.maxCardinality, `${contract.name}.${name}`).toBe(field.kind === 'relation' ? 1 : null);
      }
    expect(relations).toBeGreaterThan(30);
  });

  it('offers the operations the contract allows, and no other', () => {
    const expected = { list: 'list', create: 'create', get: 'show', update: 'edit', delete: 'delete' } as const;
    for (const contract of listed) {
      const types = resourceOf(contract.name)
        .operations?.map((operation) => operation.type)
        .sort();
      expect(types, contract.name).toEqual(
        (contract.operations ?? ALL_OPERATIONS).map((operation) => expected[operation]).sort(),
      );
    }
  });

  it('maps every filter and order of the contract in hydra:search', async () => {
    for (const contract of listed) {
      const parameters = await resourceOf(contract.name).getParameters?.();
      const wanted = [
        ...contract.filters.flatMap((name) => filterVariables(contract, name)),
        ...['id', ...contract.order.filter((name) => name !== 'id')].map((name) => `order[${name}]`),
      ];
      expect(parameters?.map((parameter) => parameter.variable).sort(), contract.name).toEqual(wanted.sort());
    }
  });
});

describe('the documents behind it', () => {
  it('links every API answer to the documentation, a refusal too', async () => {
    const link = `<http://localhost:80/api/docs.jsonld>; rel="http://www.w3.org/ns/hydra/core#apiDocumentation"`;
    for (const [url, as] of [
      ['/api/courses', 'contributor'],
      ['/api/courses', null],
      ['/api/nothing-here', 'admin'],
    ] as const) {
      const response = await t.request('GET', url, { as });
      expect(response.headers.link, url).toBe(link);
    }
  });

  it('serves the entrypoint, the contexts and the documentation without a token, and nothing else', async () => {
    const entry = await t.request('GET', '/api');
    expect(entry.status).toBe(200);
    expect(entry.headers['content-type']).toMatch(/^application\/ld\+json/);
    expect(entry.json).toMatchObject({
      '@id': '/api',
      '@type': 'Entrypoint',
      course: '/api/courses',
      chapterPart: '/api/chapter-parts',
    });
    const context = await t.request('GET', '/api/contexts/Course');
    expect(context.json['@context']).toMatchObject({
      title: 'Course/title',
      tags: { '@id': 'Course/tags', '@type': '@id' },
    });
    expect((await t.request('GET', '/api/contexts/Nothing')).status).toBe(404);
    expect((await t.request('GET', '/api/docs.jsonld')).status).toBe(200);
    expect((await t.request('GET', '/api/courses')).status).toBe(401);
  });

  it('gives each collection its search template, on filtered pages too', async () => {
    const page = await t.request('GET', '/api/tickets?status=created&order[subject]=asc', { as: 'admin' });
    expect(page.json['hydra:search']['hydra:template']).toBe(
      '/api/tickets{?type,type[],status,status[],followUpAt[before],followUpAt[strictly_before],followUpAt[after],followUpAt[strictly_after],assignee,assignee[],assigned,assigned[],priority,priority[],dueAt[before],dueAt[strictly_before],dueAt[after],dueAt[strictly_after],company,company[],q,order[id],order[subject],order[status],order[followUpAt],order[dueAt],order[createdAt],order[updatedAt]}',
    );
    expect(page.json['hydra:search']['hydra:mapping']).toContainEqual({
      '@type': 'IriTemplateMapping',
      variable: 'q',
      property: null,
      required: false,
    });
  });

  it("describes every resource in OpenAPI 3.1, with the contract's constraints", async () => {
    const { json, status } = await t.request('GET', '/api/docs.json');
    expect(status).toBe(200);
    expect(json.openapi).toBe('3.1.0');
    for (const contract of CONTRACTS)
      expect(json.components.schemas[contract.type].properties).toHaveProperty(Object.keys(contract.fields)[0]);
    expect(json.components.schemas.Course.properties.title).toEqual({ type: 'string', maxLength: 255 });
    expect(json.components.schemas.Course.properties.status).toEqual({ enum: ['draft', 'published', null] });
    expect(Object.keys(json.paths['/api/courses'])).toEqual(['get', 'post']);
    expect(Object.keys(json.paths['/api/folder/{id}'])).toEqual(['delete']);
    expect(json.paths['/api/documents']).not.toHaveProperty('post');
  });

  it("shows a page for people, under the app's content security policy", async () => {
    const page = await t.request('GET', '/api/docs', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    for (const contract of CONTRACTS) expect(page.body).toContain(`id="${contract.type}"`);
    expect((await t.request('GET', '/api', { accept: 'text/html' })).headers.location).toBe('/api/docs');
  });
});
