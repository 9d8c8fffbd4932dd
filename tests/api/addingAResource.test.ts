import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * docs/ARCHITECTURE.md's "Adding a resource", walked: a throw-away resource declared in the documented places
 * only (tests/api/support/scratchResource.ts: rights row, contract, migration, storage declaration; here, the
 * two index lines) is served by the API, its route schemas, the Hydra documentation and OpenAPI, with nothing
 * else written for it. If a step were missing from the documentation, this resource would lack it too.
 */

// Step 1: one line in src/domain/contracts/index.ts.
vi.mock('../../src/domain/contracts/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/domain/contracts/index.ts')>();
  const { scratchNotes } = await import('./support/scratchResource.ts');
  const CONTRACTS = [...original.CONTRACTS, scratchNotes];
  return { ...original, CONTRACTS, CONTRACTS_BY_NAME: new Map(CONTRACTS.map((contract) => [contract.name, contract])) };
});

// Step 2: one line in server/resources/definitions/index.ts.
vi.mock('../../server/resources/definitions/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../server/resources/definitions/index.ts')>();
  const { scratchNotesDeclaration } = await import('./support/scratchResource.ts');
  const declarations = [...original.declarations, scratchNotesDeclaration];
  return {
    ...original,
    declarations,
    declarationsByName: new Map(declarations.map((declaration) => [declaration.name, declaration])),
  };
});

let t: TestApp;

beforeAll(async () => {
  const { SCRATCH_MIGRATION } = await import('./support/scratchResource.ts');
  const { applyDerived } = await import('../../server/prepareDatabase.ts');
  // The migration, then what a start-up derives from the declarations (its row counts, its structure column
  // and policies).
  t = await createTestApp({
    prepare: async (db) => {
      await db.exec(SCRATCH_MIGRATION);
      await applyDerived(db);
    },
  });
});

afterAll(async () => {
  await t?.close();
});

describe('a resource added by declaration', () => {
  it('is created, listed, searched, filtered, ordered, edited and deleted through the generic routes', async () => {
    const first = await t.request('POST', '/api/scratch-notes', {
      as: 'admin',
      body: { title: 'Zèbre du matin', pinned: true },
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      '@id': `/api/scratch-notes/${first.json.id}`,
      '@type': 'ScratchNote',
      title: 'Zèbre du matin',
      pinned: true,
    });
    const second = await t.request('POST', '/api/scratch-notes', { as: 'admin', body: { title: 'Abeille' } });
    expect(second.status).toBe(201);

    const list = await t.request('GET', '/api/scratch-notes', { as: 'contributor' });
    expect(list.status).toBe(200);
    expect(list.json['hydra:totalItems']).toBe(2);
    expect(list.json['hydra:member'].map((note: { title: string }) => note.title)).toEqual([
      'Abeille',
      'Zèbre du matin',
    ]);
    // Past one page an unfiltered list reads its total from the row counts, which start-up installed.
    const paged = await t.request('GET', '/api/scratch-notes?itemsPerPage=1', { as: 'contributor' });
    expect(paged.json['hydra:totalItems']).toBe(2);
    expect(list.json['hydra:search']['hydra:template']).toContain('pinned');
    const found = await t.request('GET', '/api/scratch-notes?q=matin&pinned=true&order[createdAt]=desc', {
      as: 'contributor',
    });
    expect(found.json['hydra:member'].map((note: { id: number }) => note.id)).toEqual([first.json.id]);

    const edited = await t.request('PUT', `/api/scratch-notes/${second.json.id}`, {
      as: 'admin',
      body: { pinned: true },
    });
    expect(edited.json).toMatchObject({ title: 'Abeille', pinned: true });
    expect((await t.request('DELETE', `/api/scratch-notes/${second.json.id}`, { as: 'admin' })).status).toBe(204);
    expect((await t.request('GET', `/api/scratch-notes/${second.json.id}`, { as: 'admin' })).status).toBe(404);
  });

  it("keeps to its rights row's structures: a structure's rows are its own, from both locks", async () => {
    const mine = await t.request('POST', '/api/scratch-notes', {
      as: 'admin',
      body: { title: 'Note de la structure' },
    });
    expect(mine.status).toBe(201);
    expect(mine.json.company).toMatchObject({ id: t.users.admin.company });
    const [other] = await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [
      t.users.admin.company,
    ]);
    const elsewhere = { 'x-structure': String(other.id) };
    const seen = await t.request('GET', '/api/scratch-notes', {
      as: 'superadmin',
      headers: elsewhere,
      accept: 'application/json',
    });
    expect(seen.json.map((note: { id: number }) => note.id)).not.toContain(mine.json.id);
    expect(
      (await t.request('GET', `/api/scratch-notes/${mine.json.id}`, { as: 'superadmin', headers: elsewhere })).status,
    ).toBe(404);
    const [policy] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_policies WHERE tablename = 'scratch_notes'`,
    );
    expect(policy.n).toBeGreaterThan(0);
  });

  it('follows its rights row and its contract: writes refused to contributors, bad fields refused with 422', async () => {
    expect((await t.request('POST', '/api/scratch-notes', { as: 'contributor', body: { title: 'Non' } })).status).toBe(
      403,
    );
    const refused = await t.request('POST', '/api/scratch-notes', {
      as: 'admin',
      body: { title: 'x'.repeat(121), pinned: 'oui' },
    });
    expect(refused.status).toBe(422);
    expect(
      refused.json.violations.map(
        (violation: { propertyPath: string; code: string }) => `${violation.propertyPath}:${violation.code}`,
      ),
    ).toEqual(['title:length', 'pinned:type']);
    // Its orders are the contract's: another field is refused, not silently ignored.
    expect((await t.request('GET', '/api/scratch-notes?order[title]=asc', { as: 'admin' })).status).toBe(200);
    expect((await t.request('GET', '/api/scratch-notes?order[pinned]=asc', { as: 'admin' })).status).toBe(400);
    expect((await t.request('GET', '/api/scratch-notes?pinned=peut-etre', { as: 'admin' })).status).toBe(400);
  });

  it('is described by the Hydra documentation, its JSON-LD context, the entrypoint and OpenAPI', async () => {
    const docs = (await t.request('GET', '/api/docs.jsonld', { as: null })).json;
    const scratch = docs['hydra:supportedClass'].find(
      (supported: { 'hydra:title': string }) => supported['hydra:title'] === 'ScratchNote',
    );
    expect(scratch['hydra:description']).toMatch(/proves that a resource is added by declaration/);
    const properties = scratch['hydra:supportedProperty'].map(
      (property: { 'hydra:title': string; 'hydra:required': boolean }) => [
        property['hydra:title'],
        property['hydra:required'],
      ],
    );
    expect(properties).toEqual(
      expect.arrayContaining([
        ['title', true],
        ['pinned', false],
      ]),
    );
    expect((await t.request('GET', '/api/contexts/ScratchNote', { as: null })).status).toBe(200);
    expect((await t.request('GET', '/api', { as: null })).json).toHaveProperty('scratchNote', '/api/scratch-notes');

    const openApi = (await t.request('GET', '/api/docs.json', { as: null })).json;
    expect(Object.keys(openApi.paths['/api/scratch-notes'])).toEqual(['get', 'post']);
    expect(openApi.components.schemas.ScratchNote.properties.title).toMatchObject({ type: 'string', maxLength: 120 });
  });
});
