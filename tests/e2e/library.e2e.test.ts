import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zenXmind } from '../support/xmindFixtures.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';

/**
 * Issue 15 in the browser (imports are the super administrator's): a document uploaded with its progress bar and downloaded back identical, an
 * XMind map imported as a new version and activated; both screens pass axe and fit 390 px.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const poll = expect.poll;
const stamp = () => Date.now().toString(36);

interface TreeNode {
  name: string;
  children: TreeNode[];
}

describe('documents', () => {
  it('uploads a file with a progress bar, then downloads the same bytes under its name', async () => {
    const page = t.page;
    await t.login('admin');
    await t.goto('/documents');
    const name = `notes-${stamp()}-été.txt`;
    const bytes = Buffer.from(`Compte rendu ${stamp()}\nDeuxième ligne, accentuée.\n`);
    // The upload is held back a moment so that its progress bar can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/documents/upload', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: bytes });
    await page.getByRole('progressbar', { name: `Envoi de ${name}` }).waitFor();
    await expectNoSeriousViolation(page);
    release();
    await page.getByText(`${name} est enregistré.`).first().waitFor();
    await page.getByRole('progressbar', { name: `Envoi de ${name}` }).waitFor({ state: 'detached' });

    const row = page.locator('tr').filter({ hasText: name });
    await row.waitFor();
    await poll(() => row.innerText()).toMatch(/\d+ o/);
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Télécharger ${name}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile(await download.path())).toEqual(bytes);

    // The preview shows the text itself.
    await row.getByRole('button', { name: `Aperçu de ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deuxième ligne, accentuée.').waitFor();
    await dialog.getByRole('button', { name: 'Fermer' }).click();
  });

  it('deletes a document after a confirmation, not an undo (super admin)', async () => {
    const page = t.page;
    await t.login('superadmin');
    await t.goto('/documents');
    const name = `a-supprimer-${stamp()}.txt`;
    await page.getByTestId('upload-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Bientôt supprimé.\n') });
    const row = page.locator('tr').filter({ hasText: name });
    await row.waitFor();
    await row.getByRole('checkbox', { name: 'Sélectionner cette ligne' }).check();
    await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await row.waitFor({ state: 'detached' });
    const left = await t.api<{ name: string }[]>('/api/documents?itemsPerPage=50&order[id]=desc');
    expect(left.map((document) => document.name)).not.toContain(name);
  });

  it('says in French that a file type is refused', async () => {
    const page = t.page;
    await t.login('admin');
    await t.goto('/documents');
    await page.getByTestId('upload-input').setInputFiles({ name: 'script.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await page.getByRole('alert').filter({ hasText: 'Ce type de fichier n’est pas accepté.' }).waitFor();
  });
});

describe('XMind imports', () => {
  it('imports a map as a new version, shows its summary, and activates it', async () => {
    const page = t.page;
    await t.login('superadmin');
    await t.goto('/imports');
    const title = `Carte ${stamp()}`;
    const map = await zenXmind({ title, children: [{ title: 'Dossier A', children: [{ title: 'Fiche 1', notes: 'Une note.' }, { title: 'Fiche 2' }] }] });
    const fileName = `${title}.xmind`;
    await page.getByTestId('upload-input').setInputFiles({ name: fileName, mimeType: 'application/vnd.xmind.workbook', buffer: map });
    await page.getByText(/Version \d+ importée : 2 dossiers, 2 fiches\./).first().waitFor();

    const row = page.locator('tr').filter({ hasText: fileName });
    await row.waitFor();
    await poll(() => row.innerText()).toContain('2 dossiers, 2 fiches');
    await expectNoSeriousViolation(page);
    await row.getByRole('button', { name: /^Activer la version \d+$/ }).click();
    await page.getByText(/La version \d+ est maintenant l’arborescence active\./).first().waitFor();
    await poll(() => row.innerText()).toContain('Actif');

    const tree = await t.api<TreeNode>('/api/folders/1/tree');
    expect(tree.children.map((child) => child.name)).toContain(title);
  });

  it('says in French that a file is not a map', async () => {
    const page = t.page;
    await t.login('superadmin');
    await t.goto('/imports');
    await page.getByTestId('upload-input').setInputFiles({ name: 'faux.xmind', mimeType: 'application/octet-stream', buffer: Buffer.from('pas une archive') });
    await page.getByRole('alert').filter({ hasText: 'Ce fichier n’est pas une carte XMind lisible' }).waitFor();
  });

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.login('superadmin');
    for (const route of ['/imports', '/documents']) {
      await t.goto(route);
      await page.locator('tbody tr').first().waitFor();
      // The upload button is within the phone's width, not past it. (The table is wider than 390 px and
      // scrolls sideways, as every generic list's does: the courses list's too.)
      const button = await page.getByRole('region', { name: 'Zone de dépôt de fichiers' }).getByRole('button').boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= 390, `${route}: ${JSON.stringify(button)}`).toBe(true);
      await expectNoSeriousViolation(page);
    }
  });
});

interface Folder {
  id: number;
  name: string;
  parent: string | null;
}

describe('the folder tree', () => {
  it('builds folders, moves one into another by drag-and-drop, refuses a cycle and a non-empty delete in French', async () => {
    const page = t.page;
    await t.login('superadmin');
    await t.goto('/folders');
    const tree = page.getByRole('tree', { name: 'Arborescence des dossiers' });
    await tree.getByText('Racine').waitFor();

    const names = [`Classeur ${stamp()}`, `Intercalaire ${stamp()}`];
    for (const name of names) {
      await tree.getByText('Racine', { exact: true }).click();
      await page.getByRole('button', { name: 'Nouveau dossier' }).click();
      await page.getByRole('dialog').getByLabel('Nom').fill(name);
      await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click();
      await tree.getByText(name, { exact: true }).waitFor();
    }
    const [outer, inner] = names;
    const idOf = async (name: string) => (await t.api<Folder[]>('/api/folders?itemsPerPage=30&order[id]=desc', { as: 'superadmin' })).find((folder) => folder.name === name) as Folder;
    const outerId = (await idOf(outer)).id;

    // The second folder is dragged onto the first.
    await tree.getByText(inner, { exact: true }).dragTo(tree.getByText(outer, { exact: true }));
    await page.getByText('Dossier déplacé.').first().waitFor();
    await poll(async () => String((await idOf(inner)).parent)).toMatch(new RegExp(`(^|/)${outerId}$`));

    // The first cannot go inside the second, now its child.
    await tree.getByText(inner, { exact: true }).waitFor();
    await tree.getByText(outer, { exact: true }).dragTo(tree.getByText(inner, { exact: true }));
    await page.getByRole('alert').filter({ hasText: 'Un dossier ne peut pas être placé dans lui-même' }).waitFor();
    expect(String((await idOf(outer)).parent)).toMatch(/(^|\/)1$/);

    // A folder that holds another is not deleted, and the message says why.
    await tree.getByText(outer, { exact: true }).click();
    await page.getByRole('region', { name: 'Contenu du dossier' }).getByText(inner).waitFor();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce dossier n’est pas vide' }).waitFor();
    await expectNoSeriousViolation(page);
  });

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.login('superadmin');
    await t.goto('/folders');
    await page.getByRole('tree', { name: 'Arborescence des dossiers' }).getByText('Racine').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
  });
});

describe('sheets', () => {
  it('edits a sheet in Markdown and sees the sanitised preview', async () => {
    const page = t.page;
    const [sheet] = await t.api<{ id: number; title: string }[]>('/api/sheets?itemsPerPage=1&order[id]=asc', { as: 'superadmin' });
    await t.login('superadmin');
    await t.goto(`/sheets/${sheet.id}`);
    const editor = page.getByLabel('Contenu (Markdown)');
    await editor.waitFor();
    const text = `# Procédure ${stamp()}\n\nUn mot **important**.\n\n| Étape | Durée |\n|---|---|\n| Accueil | 5 min |\n\n<img src=x onerror="window.__xss = 1">`;
    await editor.fill(text);
    const preview = page.locator('.markdown-view');
    await preview.locator('strong', { hasText: 'important' }).waitFor();
    await preview.locator('table td', { hasText: 'Accueil' }).waitFor();
    expect(await preview.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expectNoSeriousViolation(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await poll(async () => (await t.api<{ content: string }>(`/api/sheets/${sheet.id}`, { as: 'superadmin' })).content).toBe(text);
  });
});

describe('a course cover', () => {
  it('is uploaded in place from the course form and becomes its cover', async () => {
    const page = t.page;
    const [course] = await t.api<{ id: number }[]>('/api/courses?itemsPerPage=1&order[id]=asc');
    await t.login('superadmin');
    await t.goto(`/courses/${course.id}`);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const name = `couverture-${stamp()}.png`;
    await page.getByRole('button', { name: 'Envoyer un fichier' }).waitFor();
    await page.getByTestId('upload-cover').setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await poll(() => page.locator('input[id$="cover"], [name="cover"]').first().inputValue()).toBe(name);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Modification effectuée').first().waitFor();
    const saved = await t.api<{ cover: string | null }>(`/api/courses/${course.id}`);
    const documentId = String(saved.cover).split('/').pop();
    const document = await t.api<{ name: string; context: string }>(`/api/documents/${documentId}`);
    expect(document).toMatchObject({ name, context: 'course_cover' });
  });
});
