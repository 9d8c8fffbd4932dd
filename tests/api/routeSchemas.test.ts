import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractOperations, DOCUMENTATION_ROUTE } from '../../server/docs/openapi.ts';
import { routesOf } from '../../server/http/inputGuard.ts';
import { declarations } from '../../server/resources/definitions/index.ts';
import { bodySchema } from '../../server/resources/routeSchemas.ts';
import { ownRowsOf } from '../../server/resources/ownRows.ts';
import { isWritable } from '../../src/domain/contracts/types.ts';
import { fieldWriteRole } from '../../src/domain/rights.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

/** The generic routes' schemas, generated from the contracts, refuse bad input before any handler runs. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('route schemas of the generic routes', () => {
  it('all compile: a route compiles its own when it first serves, so none may wait to fail until then', async () => {
    expect(() => t.app.compileRouteValidators()).not.toThrow();
    // Compiled ahead, a check answers as it does compiled on demand.
    const response = await t.request('POST', '/api/tags', { as: 'superadmin', body: { name: 12 } });
    expect(response.status).toBe(422);
  });

  it('require on create what the contract requires, as everyone the route admits may write it', () => {
    for (const declaration of declarations) {
      const expected = Object.entries(declaration.contract.fields)
        .filter(
          ([name, field]) =>
            field.required &&
            isWritable(field) &&
            !fieldWriteRole(declaration.name, name) &&
            !field.defaultsToSessionUser &&
            !Object.hasOwn(ownRowsOf(declaration)?.forced ?? {}, name),
        )
        .map(([name]) => name);
      expect(bodySchema(declaration, 'create').required ?? [], declaration.name).toEqual(expected);
      expect(bodySchema(declaration, 'update').required, declaration.name).toBeUndefined();
    }
  });

  it('refuse a body field by field with 422 before the engine is asked', async () => {
    const create = vi.spyOn(t.engine, 'create');
    const update = vi.spyOn(t.engine, 'update');
    try {
      const created = await t.request('POST', '/api/courses', {
        as: 'contributor',
        body: { title: '  ', status: 'archived', isTemplate: 'oui', tags: 'x', language: true },
      });
      expect(created.status).toBe(422);
      expect(String(created.headers['content-type'])).toMatch(/^application\/problem\+json/);
      expect(created.json.violations).toEqual([
        { propertyPath: 'title', code: 'blank', message: 'This value should not be blank.' },
        { propertyPath: 'language', code: 'reference', message: 'Expected an IRI of languages or an id.' },
        { propertyPath: 'status', code: 'choice', message: 'The value you selected is not a valid choice.' },
        { propertyPath: 'isTemplate', code: 'type', message: 'This value should be of type bool.' },
        { propertyPath: 'tags', code: 'type', message: 'This value should be a list of IRIs.' },
      ]);
      const missing = await t.request('POST', '/api/chapters', { as: 'contributor', body: {} });
      expect(missing.json.violations).toEqual([
        { propertyPath: 'title', code: 'blank', message: 'This value should not be blank.' },
      ]);
      const updated = await t.request('PUT', '/api/chapters/1', {
        as: 'contributor',
        body: { estimatedMinutes: '12', title: 'x'.repeat(256) },
      });
      expect(updated.status).toBe(422);
      expect(
        updated.json.violations.map((v: { propertyPath: string; code: string }) => `${v.propertyPath}:${v.code}`),
      ).toEqual(['title:length', 'estimatedMinutes:type']);
      expect(create).not.toHaveBeenCalled();
      expect(update).not.toHaveBeenCalled();
    } finally {
      create.mockRestore();
      update.mockRestore();
    }
  });

  it('answer 400 problem+json to a malformed body, a body that is no object and a query a list does not take', async () => {
    const malformed = await t.request('POST', '/api/tags', { as: 'contributor', rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(String(malformed.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect((await t.request('POST', '/api/tags', { as: 'contributor', body: ['name'] })).status).toBe(400);
    for (const query of [
      'order[title]=up',
      'page=0',
      'itemsPerPage=x',
      'isTemplate=oui',
      'tags=/api/skills/1',
      'status[]=a&page=-1',
    ]) {
      const refused = await t.request('GET', `/api/courses?${query}`, { as: 'contributor' });
      expect(refused.status, query).toBe(400);
      expect(refused.json.detail, query).toMatch(/has a value this list does not take/);
    }
    expect(
      (await t.request('GET', '/api/courses?order[title]=DESC&isTemplate=1&tags[]=/api/tags/1', { as: 'contributor' }))
        .status,
    ).toBe(200);
    const unknown = await t.request('GET', '/api/courses?order[title]=DESC&unknown=1', { as: 'contributor' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ reason: 'unknown_filter', parameter: 'unknown' });
  });

  it('answer 404 to an id that cannot be one, without asking the engine', async () => {
    const get = vi.spyOn(t.engine, 'get');
    try {
      for (const id of ['abc', '1.5', '0x10', '1234567890'])
        expect((await t.request('GET', `/api/courses/${id}`, { as: 'contributor' })).status, id).toBe(404);
      expect(get).not.toHaveBeenCalled();
    } finally {
      get.mockRestore();
    }
  });

  it('check rights before the body: a forbidden write is a 403 whatever it carries', async () => {
    expect((await t.request('POST', '/api/access-rights', { as: 'contributor', body: { code: 12 } })).status).toBe(403);
    expect((await t.request('DELETE', '/api/courses/abc', { as: 'contributor' })).status).toBe(403);
  });

  it('leave to the owner rules what they force: a contributor files a bug without naming its type', async () => {
    const filed = await t.request('POST', '/api/tickets', {
      as: 'contributor',
      body: { subject: 'Le bouton ne répond pas' },
    });
    expect(filed.status).toBe(201);
    expect(filed.json.type).toBe(1);
  });
});

describe('route schemas of the action, auth, upload and onboarding routes', () => {
  it('are declared by every route: params for a path with parameters, a body for every write', () => {
    const routes = routesOf(t.app);
    expect(routes.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const route of routes) {
      const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = Object.keys((route.schema?.params as { properties?: object } | undefined)?.properties ?? {});
      for (const name of params)
        if (!declared.includes(name)) missing.push(`${route.method} ${route.url}: params.${name}`);
      if (['POST', 'PUT', 'PATCH'].includes(route.method) && !route.schema?.body)
        missing.push(`${route.method} ${route.url}: body`);
    }
    expect(missing).toEqual([]);
  });

  it('refuse a missing or mistyped field with 422 on it, before the handler writes anything', async () => {
    const [before] = await t.db.query<{ position: number }>('SELECT position FROM chapters WHERE id = 1');
    const missing = await t.request('PUT', '/api/chapters/1/reorder', { as: 'contributor', body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.violations).toEqual([
      { propertyPath: 'position', code: 'type', message: 'The position must be a non-negative integer.' },
    ]);
    const mistyped = await t.request('PUT', '/api/chapters/1/reorder', { as: 'contributor', body: { position: '2' } });
    expect(mistyped.json.violations.map((v: { propertyPath: string }) => v.propertyPath)).toEqual(['position']);
    expect((await t.db.query<{ position: number }>('SELECT position FROM chapters WHERE id = 1'))[0]).toEqual(before);

    const tags = await t.request('PUT', '/api/courses/1/add-tags', {
      as: 'contributor',
      body: { tags: '/api/tags/1' },
    });
    expect(tags.status).toBe(422);
    expect(tags.json.violations).toEqual([
      { propertyPath: 'tags', code: 'reference', message: 'Expected a list of IRIs of tags.' },
    ]);
    const message = await t.request('PUT', '/api/tickets/1/add-message', {
      as: 'admin',
      body: { message: '   ', status: 'lost' },
    });
    expect(message.json.violations).toEqual([
      { propertyPath: 'message', code: 'blank', message: 'This value should not be blank.' },
      { propertyPath: 'status', code: 'choice', message: 'The value you selected is not a valid choice.' },
    ]);
    const signUp = await t.request('POST', '/api/users/register', {
      body: { company: { name: 12, country: 'France' }, email: ['x'] },
    });
    expect(signUp.json.violations.map((v: { propertyPath: string }) => v.propertyPath).sort()).toEqual([
      'company.country',
      'company.name',
      'email',
    ]);
  });

  it('answer 400 to malformed JSON, to a body that is no object, and to credentials that are not strings', async () => {
    const malformed = await t.request('POST', '/api/pushover', {
      as: 'admin',
      rawBody: '{"title": ',
      contentType: 'application/json',
    });
    expect(malformed.status).toBe(400);
    expect(String(malformed.headers['content-type'])).toMatch(/^application\/problem\+json/);
    expect((await t.request('POST', '/api/pushover', { as: 'admin', body: ['title'] })).json.detail).toBe(
      'The request body must be a JSON object.',
    );
    const login = await t.request('POST', '/api/auth/token', { body: { login: 'admin@demo.fr', password: 12 } });
    expect(login.status).toBe(400);
    expect(login.json.detail).toBe('"password" must be a string.');
    expect(
      (await t.request('GET', '/api/payments/check-status?setupIntent=seti_1&setupIntent=seti_2', { as: 'superadmin' }))
        .status,
    ).toBe(400);
  });

  it('answer 404 to an id that cannot be one, and check rights before the body', async () => {
    for (const url of [
      '/api/courses/abc/outline',
      '/api/folders/1.5/tree',
      '/api/tickets/0x1/agenda',
      '/api/documents/1234567890/download',
    ])
      expect((await t.request('GET', url, { as: 'superadmin' })).status, url).toBe(404);
    expect((await t.request('POST', '/api/pushover', { as: 'contributor', body: { title: 1 } })).status).toBe(403);
    expect(
      (await t.request('PUT', '/api/users/1/add-access-rights', { as: 'contributor', body: { accessRights: 'x' } }))
        .status,
    ).toBe(403);
  });

  it('appear in the OpenAPI document with the schemas they validate with', async () => {
    const document = (await t.request('GET', '/api/docs.json', { as: null })).json;
    const reorder = document.paths['/api/chapters/{id}/reorder'].put;
    expect(reorder.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(reorder.requestBody.content['application/json'].schema).toMatchObject({
      required: ['position'],
      properties: { position: { type: 'integer', minimum: 0 } },
    });
    expect(document.paths['/api/auth/token'].post.requestBody.content['application/json'].schema.required).toEqual([
      'login',
      'password',
    ]);
    expect(Object.keys(document.paths['/api/documents/upload'].post.requestBody.content)).toEqual([
      'multipart/form-data',
    ]);
    expect(document.paths['/api/payments/check-status'].get.parameters).toEqual([
      expect.objectContaining({ name: 'setupIntent', in: 'query', required: true }),
    ]);
    // The generic routes keep their contract-generated operations.
    expect(document.paths['/api/courses'].post.operationId).toBe('createCourse');
  });

  it('declare the answers they succeed with, published in the OpenAPI document with their schemas', async () => {
    const document = (await t.request('GET', '/api/docs.json', { as: null })).json;
    const generic = contractOperations();
    const missing: string[] = [];
    let handWritten = 0;
    for (const route of routesOf(t.app)) {
      if (!route.url.startsWith('/api') || DOCUMENTATION_ROUTE.test(route.url)) continue;
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      const method = route.method.toLowerCase();
      if (generic[path]?.[method]) continue;
      handWritten += 1;
      const name = `${route.method} ${route.url}`;
      const response = (route.schema?.response ?? {}) as Record<string, { type?: string }>;
      const successes = Object.keys(response).filter((status) => /^2\d\d$/.test(status));
      if (successes.length === 0) missing.push(`${name}: no response schema`);
      const published = document.paths[path]?.[method]?.responses ?? {};
      for (const status of successes)
        if (!published[status]) missing.push(`${name}: ${status} not in the OpenAPI document`);
        else if (response[status].type !== 'null' && !published[status].content)
          missing.push(`${name}: ${status} published without its schema`);
    }
    expect(handWritten).toBeGreaterThan(50);
    expect(missing).toEqual([]);

    const answer = (path: string, method: string, status: number) => document.paths[path][method].responses[status];
    expect(answer('/api/auth/token', 'post', 200).content['application/json'].schema).toMatchObject({
      required: ['token', 'refresh_token'],
      properties: { token: { type: 'string' }, refresh_token: { type: 'string' } },
    });
    // A resource's answer points to the contract's own schema; an error keeps the shared problem answer.
    expect(answer('/api/chapters/{id}/reorder', 'put', 200).content['application/ld+json'].schema.$ref).toBe(
      '#/components/schemas/Chapter',
    );
    expect(answer('/api/chapters/{id}/reorder', 'put', 404)).toEqual({ $ref: '#/components/responses/Problem' });
    // A list: an array in JSON, a hydra:Collection in JSON-LD, each of the contract's items.
    const tickets = answer('/api/tickets/user', 'get', 200).content;
    expect(tickets['application/json'].schema).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/Ticket' },
    });
    expect(tickets['application/ld+json'].schema).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/HydraCollection' }],
      properties: { 'hydra:member': { items: { $ref: '#/components/schemas/Ticket' } } },
    });
    // A file answers with its own media type; a route's refusal of its own is the shared problem answer.
    expect(Object.keys(answer('/api/documents/{id}/download', 'get', 206).content)).toEqual(['*/*']);
    expect(answer('/api/role-permissions', 'get', 400)).toEqual({ $ref: '#/components/responses/Problem' });
    expect(answer('/api/subscription', 'get', 422)).toEqual({ $ref: '#/components/responses/Violations' });
    expect(Object.keys(answer('/api/events', 'get', 200).content)).toEqual(['text/event-stream']);
    expect(answer('/api/account/password', 'put', 204)).toEqual({
      description: 'The password is changed; the other sessions of the user end.',
    });
    expect(answer('/api/health/ready', 'get', 503).content['application/json'].schema.required).toEqual([
      'status',
      'database',
      'storage',
    ]);
  });
});
