import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bigMap,
  legacyXmind,
  SAMPLE_MAP,
  zenXmind,
  zipWithoutContent,
  type MapTopic,
} from '../support/xmindFixtures.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function importFile(
  bytes: Buffer,
  name = 'carte.xmind',
  as: 'superadmin' | 'admin' | 'contributor' = 'superadmin',
) {
  const boundary = '----xmind-boundary-2f9c';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.xmind.workbook\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/imports',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${await t.tokenFor(as)}`,
    },
  });
  return { status: response.statusCode, json: response.json() };
}

interface TreeNode {
  id: number;
  name: string;
  sheets: number;
  children: TreeNode[];
}

const counts = async () =>
  (
    await t.db.query<{ folders: number; sheets: number; imports: number }>(
      'SELECT (SELECT count(*) FROM folders)::int AS folders, (SELECT count(*) FROM sheets)::int AS sheets, (SELECT count(*) FROM imports)::int AS imports',
    )
  )[0];

/** The subtree of a version's root: names with their sheets' titles, as plain data. */
async function shapeOf(rootFolder: number): Promise<unknown> {
  const tree = (await t.request('GET', `/api/folders/${rootFolder}/tree`, { as: 'superadmin' })).json as TreeNode;
  const sheets = await t.db.query<{ folder_id: number; title: string; content: string }>(
    'SELECT folder_id, title, content FROM sheets WHERE folder_id = ANY($1::int[]) ORDER BY title',
    [collectIds(tree)],
  );
  const shape = (node: TreeNode): unknown => ({
    name: node.name,
    sheets: sheets.filter((sheet) => sheet.folder_id === node.id).map((sheet) => [sheet.title, sheet.content]),
    children: node.children.map(shape),
  });
  return shape(tree);
}
const collectIds = (node: TreeNode): number[] => [node.id, ...node.children.flatMap(collectIds)];

/** Whether folders of every parent are numbered 0..n-1. */
async function positionsAreDense(): Promise<boolean> {
  const [row] = await t.db.query<{ gaps: number }>(
    `SELECT count(*)::int AS gaps FROM (
       SELECT position, row_number() OVER (PARTITION BY parent_id ORDER BY position, id) - 1 AS expected
         FROM folders WHERE parent_id IS NOT NULL) s
      WHERE position <> expected`,
  );
  return row.gaps === 0;
}

const EXPECTED_SAMPLE = {
  name: 'Référentiel qualité',
  sheets: [],
  children: [
    {
      name: 'Accueil 🙂 et orientation',
      sheets: [
        [
          'Accueil 🙂 et orientation',
          'Accueillir chaque apprenant **le premier jour**.\n\n- présenter la plateforme\n- remettre le livret',
        ],
        ['Livret d’accueil', ''],
        ['Premier entretien', 'Durée : 30 minutes.'],
      ],
      children: [],
    },
    {
      name: 'Évaluation',
      sheets: [
        ['Grille « à chaud »', '| Critère | Note |\n|---|---|\n| Clarté | 4 |'],
        ['Suivi à 3 mois', ''],
      ],
      children: [],
    },
  ],
};

describe('POST /api/imports', () => {
  it('reads an XMind Zen map into a new version of folders and sheets, outside the active tree', async () => {
    const before = await counts();
    const { status, json } = await importFile(await zenXmind(SAMPLE_MAP), 'référentiel.xmind');
    expect(status).toBe(201);
    expect(json).toMatchObject({
      filename: 'référentiel.xmind',
      type: 'xmind',
      status: 'processed',
      summary: { folders: 3, sheets: 6 },
    });
    expect(json.version).toBeGreaterThan(1);
    const root = Number(String(json.rootFolder).split('/').pop());
    const { sheets: rootSheets, ...expected } = EXPECTED_SAMPLE;
    expect(await shapeOf(root)).toEqual({
      ...expected,
      // The leaf under the central topic is a sheet of the root folder.
      sheets: [...rootSheets, ['日本語のトピック', 'Unicode partout.']],
    });
    expect(await counts()).toEqual({
      folders: before.folders + 3,
      sheets: before.sheets + 6,
      imports: before.imports + 1,
    });
    // Not active yet: the tree of Racine does not show it.
    const tree = (await t.request('GET', '/api/folders/1/tree', { as: 'superadmin' })).json as TreeNode;
    expect(collectIds(tree)).not.toContain(root);
    expect(await positionsAreDense()).toBe(true);
  });

  it('reads a legacy XMind 8 map the same way', async () => {
    const { status, json } = await importFile(await legacyXmind(SAMPLE_MAP), 'ancien.xmind');
    expect(status).toBe(201);
    expect(json.summary).toEqual({ folders: 3, sheets: 6 });
    const zen = await importFile(await zenXmind(SAMPLE_MAP));
    const shape = async (iri: string) => shapeOf(Number(iri.split('/').pop()));
    expect(await shape(json.rootFolder)).toEqual(await shape(zen.json.rootFolder));
  });

  it('imports an empty map as a version with only its root folder', async () => {
    for (const build of [zenXmind, legacyXmind]) {
      const { status, json } = await importFile(await build({ title: 'Carte vide' }));
      expect(status).toBe(201);
      expect(json.summary).toEqual({ folders: 1, sheets: 0 });
    }
  });

  it('hangs several sheets of one file under a root named after the file', async () => {
    const { json } = await importFile(
      await zenXmind({ title: 'Première', children: [{ title: 'A' }] }, { title: 'Seconde' }),
      'deux-feuilles.xmind',
    );
    const tree = (
      await t.request('GET', `/api/folders/${String(json.rootFolder).split('/').pop()}/tree`, { as: 'superadmin' })
    ).json as TreeNode;
    expect(tree.name).toBe('deux-feuilles');
    expect(tree.children.map((child) => child.name)).toEqual(['Première']);
    expect(tree.sheets).toBe(1); // "Seconde", a central topic without children
  });

  it('keeps topics below the deepest folder level as an outline in a sheet', async () => {
    const chain = (depth: number): MapTopic =>
      depth === 0 ? { title: 'Feuille' } : { title: `Niveau ${depth}`, children: [chain(depth - 1)] };
    await t.db.query(`UPDATE system_configurations SET value = '2' WHERE key = 'imports.xmind_max_depth'`);
    try {
      const { json } = await importFile(await zenXmind(chain(4)));
      expect(json.summary).toEqual({ folders: 2, sheets: 1 });
      const [sheet] = await t.db.query<{ title: string; content: string }>(
        'SELECT title, content FROM sheets WHERE import_id = $1',
        [json.id],
      );
      expect(sheet).toEqual({ title: 'Niveau 2', content: '- Niveau 1\n  - Feuille' });
    } finally {
      await t.db.query(`UPDATE system_configurations SET value = '6' WHERE key = 'imports.xmind_max_depth'`);
    }
  });

  it('imports a map of 10,000 topics with set-based SQL', async () => {
    const bytes = await zenXmind(bigMap(10_000));
    const started = performance.now();
    const { status, json } = await importFile(bytes, 'grande-carte.xmind');
    const elapsed = performance.now() - started;
    expect(status).toBe(201);
    // Ten children a topic, breadth first: 1 + 10 + 100 + 889 topics have children (folders); the other 111
    // of the third level and the 8,889 of the fourth are leaves, and the 333 folders with notes add a sheet.
    expect(json.summary).toEqual({ folders: 1000, sheets: 111 + 8889 + 333 });
    console.log(`xmind: 10,000 topics imported in ${Math.round(elapsed)} ms on ${t.kind}`);
    expect(elapsed).toBeLessThan(15_000);
  }, 60_000);

  it.each([
    ['a corrupt zip', async () => Buffer.from('PK\u0003\u0004 ceci n’est pas une archive'), 'xmind_corrupt'],
    ['a foreign file', async () => Buffer.from('%PDF-1.7\n'), 'xmind_corrupt'],
    ['a zip without content', zipWithoutContent, 'xmind_no_content'],
    [
      'a content.json that is not JSON',
      async () => {
        const { default: JSZip } = await import('jszip');
        const zip = new JSZip();
        zip.file('content.json', '[{"rootTopic": ');
        return zip.generateAsync({ type: 'nodebuffer' });
      },
      'xmind_invalid',
    ],
  ])('refuses %s with a 422 and imports nothing', async (_, build, reason) => {
    const before = await counts();
    const { status, json } = await importFile(await build());
    expect(status).toBe(422);
    expect(json).toMatchObject({ reason, violations: [{ propertyPath: 'file', code: 'format' }] });
    expect(json.violations[0].message).toMatch(/\w/);
    expect(await counts()).toEqual(before);
  });

  it('is refused to contributors, and without a file', async () => {
    expect((await importFile(await zenXmind(SAMPLE_MAP), 'carte.xmind', 'contributor')).status).toBe(403);
    const response = await t.request('POST', '/api/imports', {
      as: 'superadmin',
      rawBody: '--b--\r\n',
      contentType: 'multipart/form-data; boundary=b',
    });
    expect(response.status).toBe(422);
  });
});

describe('PUT /api/imports/[id]/activate', () => {
  it('swaps the version into the tree in place of the active one, which stays re-activatable', async () => {
    const [seeded] = await t.db.query<{ id: number; root_folder_id: number }>(
      `SELECT id, root_folder_id FROM imports WHERE status = 'active'`,
    );
    const [place] = await t.db.query<{ position: number }>('SELECT position FROM folders WHERE id = $1', [
      seeded.root_folder_id,
    ]);
    const created = (await importFile(await zenXmind(SAMPLE_MAP), 'v-nouvelle.xmind')).json;
    const root = Number(String(created.rootFolder).split('/').pop());

    const activated = await t.request('PUT', `/api/imports/${created.id}/activate`, { as: 'superadmin' });
    expect(activated.status).toBe(200);
    expect(activated.json).toMatchObject({ id: created.id, status: 'active' });
    expect(activated.json.activatedAt).toBeTruthy();
    expect((await t.request('GET', `/api/imports/${seeded.id}`, { as: 'superadmin' })).json.status).toBe('processed');

    const tree = (await t.request('GET', '/api/folders/1/tree', { as: 'superadmin' })).json as TreeNode;
    expect(tree.children[place.position]).toMatchObject({ id: root, name: 'Référentiel qualité', sheets: 1 });
    expect(collectIds(tree)).not.toContain(seeded.root_folder_id);
    const { sheets: rootSheets, ...expected } = EXPECTED_SAMPLE;
    expect(await shapeOf(root)).toEqual({
      ...expected,
      sheets: [...rootSheets, ['日本語のトピック', 'Unicode partout.']],
    });
    // purge keeps the branches that hold sheets: all of this version's do.
    const purged = (await t.request('GET', '/api/folders/1/tree?purge=1', { as: 'superadmin' })).json as TreeNode;
    expect(purged.children.find((child) => child.id === root)?.children).toHaveLength(2);
    expect(await positionsAreDense()).toBe(true);

    // Again: nothing moves. Then back to the seeded version, whole and in the same place.
    expect((await t.request('PUT', `/api/imports/${created.id}/activate`, { as: 'superadmin' })).status).toBe(200);
    const back = await t.request('PUT', `/api/imports/${seeded.id}/activate`, { as: 'superadmin' });
    expect(back.json.status).toBe('active');
    const restored = (await t.request('GET', '/api/folders/1/tree', { as: 'superadmin' })).json as TreeNode;
    expect(restored.children[place.position].id).toBe(seeded.root_folder_id);
    expect(collectIds(restored)).not.toContain(root);
    const [{ active }] = await t.db.query<{ active: number }>(
      `SELECT count(*)::int AS active FROM imports WHERE status = 'active'`,
    );
    expect(active).toBe(1);
    expect(await positionsAreDense()).toBe(true);
  });

  it('appends the version under Racine when the active one is not in the tree any more', async () => {
    const created = (await importFile(await legacyXmind({ title: 'Sans place', children: [{ title: 'Fiche' }] }))).json;
    const [active] = await t.db.query<{ root_folder_id: number }>(
      `SELECT root_folder_id FROM imports WHERE status = 'active'`,
    );
    // An admin took the active version's root out of the tree (PUT with parent null is not allowed: do it in SQL).
    await t.db.query(
      `WITH old AS (SELECT parent_id, position FROM folders WHERE id = $1)
       UPDATE folders f SET position = f.position - 1 FROM old WHERE f.parent_id = old.parent_id AND f.position > old.position`,
      [active.root_folder_id],
    );
    await t.db.query('UPDATE folders SET parent_id = NULL, position = 0 WHERE id = $1', [active.root_folder_id]);
    const [{ n }] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM folders WHERE parent_id = 1');
    expect((await t.request('PUT', `/api/imports/${created.id}/activate`, { as: 'superadmin' })).status).toBe(200);
    const tree = (await t.request('GET', '/api/folders/1/tree', { as: 'superadmin' })).json as TreeNode;
    expect(tree.children).toHaveLength(n + 1);
    expect(tree.children[n].name).toBe('Sans place');
    expect(await positionsAreDense()).toBe(true);
  });

  it('answers 404 for an unknown import and 409 for a failed one; contributors may not activate', async () => {
    expect((await t.request('PUT', '/api/imports/999999/activate', { as: 'superadmin' })).status).toBe(404);
    const [failed] = await t.db.query<{ id: number }>(
      `INSERT INTO imports (filename, status, version, error) VALUES ('cassée.xmind', 'failed', 999, 'Fichier illisible') RETURNING id`,
    );
    expect((await t.request('PUT', `/api/imports/${failed.id}/activate`, { as: 'superadmin' })).status).toBe(409);
    const any = (await importFile(await zenXmind({ title: 'X' }))).json;
    expect((await t.request('PUT', `/api/imports/${any.id}/activate`, { as: 'contributor' })).status).toBe(403);
  });
});

describe('DELETE /api/imports/[id]', () => {
  it("deletes a version with its folders and sheets, refuses the active one, and keeps the version's sheets filed elsewhere", async () => {
    const before = await counts();
    const created = (await importFile(await zenXmind(SAMPLE_MAP), 'a-jeter.xmind')).json;
    const root = Number(String(created.rootFolder).split('/').pop());
    // One of the version's sheets was filed into the tree by hand: it stays, unlinked from the import.
    const [kept] = await t.db.query<{ id: number }>(
      `UPDATE sheets SET folder_id = 1 WHERE id = (SELECT min(id) FROM sheets WHERE import_id = $1) RETURNING id`,
      [created.id],
    );
    expect((await t.request('DELETE', `/api/imports/${created.id}`, { as: 'contributor' })).status).toBe(403);
    expect((await t.request('DELETE', `/api/imports/${created.id}`, { as: 'superadmin' })).status).toBe(204);
    expect(await counts()).toEqual({ ...before, sheets: before.sheets + 1 });
    expect(await t.db.query('SELECT id FROM folders WHERE id = $1', [root])).toEqual([]);
    expect(
      (await t.db.query<{ import_id: number | null }>('SELECT import_id FROM sheets WHERE id = $1', [kept.id]))[0]
        .import_id,
    ).toBeNull();

    const [active] = await t.db.query<{ id: number }>(`SELECT id FROM imports WHERE status = 'active'`);
    const refused = await t.request('DELETE', `/api/imports/${active.id}`, { as: 'superadmin' });
    expect(refused.status).toBe(409);
    expect(refused.json.reason).toBe('active');
    // A version root filed into the tree by hand is shown there: refused too, nothing deleted.
    const filed = (await importFile(await zenXmind({ title: 'Rangée', children: [{ title: 'Fiche' }] }))).json;
    const filedRoot = Number(String(filed.rootFolder).split('/').pop());
    expect(
      (await t.request('PUT', `/api/folders/${filedRoot}`, { as: 'superadmin', body: { parent: '/api/folders/1' } }))
        .status,
    ).toBe(200);
    const inTree = await t.request('DELETE', `/api/imports/${filed.id}`, { as: 'superadmin' });
    expect(inTree.status).toBe(409);
    expect(inTree.json.reason).toBe('in_tree');
    expect(await t.db.query('SELECT id FROM folders WHERE id = $1', [filedRoot])).toHaveLength(1);
    expect(await positionsAreDense()).toBe(true);
  });
});
