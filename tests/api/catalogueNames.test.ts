import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testApp.ts';

/**
 * A structure's tags and skills appear beside the catalogue's in every picker: a name repeating one the
 * structure already reads, whatever its case or accents, is refused on the field; a name only another
 * structure uses is free.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = (resource: 'tags' | 'skills', name: string, as: 'admin' | 'superadmin' = 'admin') =>
  t.request('POST', `/api/${resource}`, { as, body: { name } });

describe('names of tags and skills', () => {
  it("refuses a structure's tag that repeats the catalogue's, whatever its case or accents", async () => {
    const [catalogue] = await t.db.query<{ name: string }>(
      `SELECT name FROM tags WHERE company_id IS NULL AND name = 'Débutant'`,
    );
    expect(catalogue, 'the demo catalogue has the tag Débutant').toBeDefined();
    for (const name of ['Débutant', 'debutant', 'DÉBUTANT']) {
      const refused = await create('tags', name);
      expect(refused.status, name).toBe(422);
      expect(refused.json.violations).toEqual([expect.objectContaining({ propertyPath: 'name', code: 'unique' })]);
    }
  });

  it("refuses a structure's second spelling of its own skill, and renames into one too", async () => {
    const first = await create('skills', 'Négociation salariale');
    expect(first.status, first.body).toBe(201);
    expect((await create('skills', 'negociation SALARIALE')).status).toBe(422);
    const other = await create('skills', 'Écoute active en entretien');
    expect(other.status, other.body).toBe(201);
    const renamed = await t.request('PUT', `/api/skills/${other.json.id}`, {
      as: 'admin',
      body: { name: 'Negociation salariale' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.json.violations[0]).toMatchObject({ propertyPath: 'name' });
  });

  it('leaves a name free that only another structure uses, and lets the catalogue keep its own', async () => {
    const company = Number(t.users.admin.company);
    const [other] = await t.db.query<{ id: number }>('SELECT id FROM companies WHERE id <> $1 ORDER BY id LIMIT 1', [
      company,
    ]);
    await t.db.query(`INSERT INTO tags (name, company_id) VALUES ('Atelier cuisine', $1)`, [other.id]);
    const mine = await create('tags', 'atelier cuisine');
    expect(mine.status, mine.body).toBe(201);
    const platform = await create('tags', 'Atelier Cuisine', 'superadmin');
    expect(platform.status, platform.body).toBe(201);
    expect((await create('tags', 'Atelier cuisine!', 'superadmin')).status).toBe(201);
    expect((await create('tags', 'atelier cuisine', 'superadmin')).status).toBe(422);
  });
});
