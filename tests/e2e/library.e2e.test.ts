import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { zenXmind } from '../support/xmindFixtures.ts';
import { expectNoSeriousViolation } from './axe.ts';
import { startApp, type App } from './harness.ts';
import { onePagePdf } from './onePagePdf.ts';

/**
 * The library in the browser (imports are the super administrator's): a document uploaded with its progress
 * bar and downloaded back identical, a PDF's first page previewed under the CSP, an XMind map imported as
 * a new version, activated and another deleted; folders moved and reordered; the screens pass axe and fit 390 px.
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
// What Chromium says when the Content-Security-Policy blocks something (csp.e2e.test.ts).
const CSP_MESSAGE = /Content[- ]Security[- ]Policy|Refused to (load|execute|apply|connect|frame|evaluate|create|run)/i;

interface TreeNode {
  name: string;
  children: TreeNode[];
}

describe('documents', () => {
  it('uploads a file with a progress bar, then downloads the same bytes under its name', async () => {
    const page = t.page;
    await t.signIn('admin', '/documents');
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

  it("previews a PDF's first page with pdf.js, its worker from the app's origin, under the CSP", async () => {
    const page = t.page;
    const refusals: string[] = [];
    const listen = (text: string) => CSP_MESSAGE.test(text) && refusals.push(text);
    page.on('console', (message) => listen(message.text()));
    page.on('pageerror', (error) => listen(error.message));
    await t.signIn('admin', '/documents');
    const name = `programme-${stamp()}.pdf`;
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: onePagePdf('Programme 2026') });
    const row = page.locator('tr').filter({ hasText: name });
    await row.waitFor();
    const worker = page.waitForEvent('worker');
    await row.getByRole('button', { name: `Aperçu de ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 page').waitFor();
    expect(new URL((await worker).url()).origin).toBe(new URL(t.baseUrl).origin);
    // The page's blue rectangle was drawn on the canvas.
    const blue = await dialog.getByTestId('pdf-first-page').evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 60 && data[i + 1] < 60 && data[i + 2] > 200) count += 1;
      return count;
    });
    expect(blue).toBeGreaterThan(100);
    expect(refusals).toEqual([]);
    await expectNoSeriousViolation(page);
    await dialog.getByRole('button', { name: 'Fermer' }).click();
  });

  it('deletes a document after a confirmation, not an undo (super admin)', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/documents');
    const name = `a-supprimer-${stamp()}.txt`;
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Bientôt supprimé.\n') });
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
    await t.signIn('admin', '/documents');
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: 'script.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await page.getByRole('alert').filter({ hasText: 'Ce type de fichier n’est pas accepté.' }).waitFor();
  });
});

describe('XMind imports', () => {
  it('imports a map as a new version, shows its summary, and activates it', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/imports');
    const title = `Carte ${stamp()}`;
    const map = await zenXmind({
      title,
      children: [{ title: 'Dossier A', children: [{ title: 'Fiche 1', notes: 'Une note.' }, { title: 'Fiche 2' }] }],
    });
    const fileName = `${title}.xmind`;
    await page
      .getByTestId('upload-input')
      .setInputFiles({ name: fileName, mimeType: 'application/vnd.xmind.workbook', buffer: map });
    await page
      .getByText(/Version \d+ importée : 2 dossiers, 2 fiches\./)
      .first()
      .waitFor();

    const row = page.locator('tr').filter({ hasText: fileName });
    await row.waitFor();
    await poll(() => row.innerText()).toContain('2 dossiers, 2 fiches');
    await expectNoSeriousViolation(page);
    await row.getByRole('button', { name: /^Activer la version \d+$/ }).click();
    // Asked first: the active tree, with folders made by hand in it, leaves the tree.
    const confirm = page.getByRole('dialog', { name: /^Activer la version \d+ \?$/ });
    await confirm.getByText(/y compris ceux créés à la main/).waitFor();
    await expectNoSeriousViolation(page);
    await confirm.getByRole('button', { name: 'Activer' }).click();
    await page
      .getByText(/La version \d+ est maintenant l’arborescence active\./)
      .first()
      .waitFor();
    await poll(() => row.innerText()).toContain('Actif');

    const tree = await t.api<TreeNode>('/api/folders/1/tree');
    expect(tree.children.map((child) => child.name)).toContain(title);
  });

  it('deletes a version with its folders, and says in French why the active one is not deleted', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/imports');
    const fileName = `Brouillon ${stamp()}.xmind`;
    await page.getByTestId('upload-input').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.xmind.workbook',
      buffer: await zenXmind({ title: 'Brouillon', children: [{ title: 'Fiche' }] }),
    });
    const row = page.locator('tr').filter({ hasText: fileName });
    await row.waitFor();
    const [version] = (
      await t.api<{ id: number; filename: string; rootFolder: string }[]>('/api/imports?itemsPerPage=5')
    ).filter((entry) => entry.filename === fileName);
    const deleteRow = async (target: typeof row) => {
      await target.getByRole('checkbox', { name: 'Sélectionner cette ligne' }).check();
      await page.locator('[data-test="bulk-actions-toolbar"]').getByRole('button', { name: 'Supprimer' }).click();
      // The brand keeps its case in react-admin's lower-cased title.
      await page.getByRole('dialog').getByText('Supprimer import XMind', { exact: true }).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    };
    await deleteRow(row);
    await row.waitFor({ state: 'detached' });
    await expect(t.api(version.rootFolder)).rejects.toThrow(/404/);

    const active = page.locator('tr').filter({ hasText: 'Actif' }).first();
    await deleteRow(active);
    await page
      .getByText("Cette version est l'arborescence active : activez-en une autre avant de la supprimer.")
      .first()
      .waitFor();
    await active.waitFor();
  });

  it('says in French that a file is not a map', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/imports');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'faux.xmind',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('pas une archive'),
    });
    await page.getByRole('alert').filter({ hasText: 'Ce fichier n’est pas une carte XMind lisible' }).waitFor();
  });

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('superadmin');
    for (const route of ['/imports', '/documents']) {
      await t.goto(route);
      await page.getByTestId('phone-line').first().waitFor();
      // The upload button is within the phone's width, not past it.
      const button = await page
        .getByRole('region', { name: 'Zone de dépôt de fichiers' })
        .getByRole('button')
        .boundingBox();
      expect(button && button.x >= 0 && button.x + button.width <= 390, `${route}: ${JSON.stringify(button)}`).toBe(
        true,
      );
      await expectNoSeriousViolation(page);
    }
  });
});

interface Folder {
  id: number;
  name: string;
  parent: string | null;
}

/**
 * A native drag-and-drop of `source` onto `target` (at `at` in the target's box, its centre by default), as
 * the browser sends it: dragstart, dragenter, dragover, drop and dragend with one DataTransfer. Playwright's
 * own drag of HTML5 draggables does not drop with every Chromium build (Debian's 156.0.8078.108 does not).
 */
async function dragOnto(page: Page, source: Locator, target: Locator, at?: { x: number; y: number }) {
  const box = await target.boundingBox();
  if (!box) throw new Error('The drop target is not on screen.');
  const point = { clientX: box.x + (at?.x ?? box.width / 2), clientY: box.y + (at?.y ?? box.height / 2) };
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  for (const type of ['dragenter', 'dragover', 'drop']) await target.dispatchEvent(type, { dataTransfer, ...point });
  await source.dispatchEvent('dragend', { dataTransfer });
}

describe('the folder tree', () => {
  it('builds folders, moves one into another by drag-and-drop, refuses a cycle and a non-empty delete in French', async () => {
    const page = t.page;
    await t.signIn('superadmin', '/folders');
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
    const idOf = async (name: string) =>
      (await t.api<Folder[]>('/api/folders?itemsPerPage=30&order[id]=desc', { as: 'superadmin' })).find(
        (folder) => folder.name === name,
      ) as Folder;
    const outerId = (await idOf(outer)).id;

    // The second folder is dragged onto the first.
    await dragOnto(page, tree.getByText(inner, { exact: true }), tree.getByText(outer, { exact: true }));
    await page.getByText('Dossier déplacé.').first().waitFor();
    await poll(async () => String((await idOf(inner)).parent)).toMatch(new RegExp(`(^|/)${outerId}$`));

    // The first cannot go inside the second, now its child.
    await tree.getByText(inner, { exact: true }).waitFor();
    await dragOnto(page, tree.getByText(outer, { exact: true }), tree.getByText(inner, { exact: true }));
    await page.getByRole('alert').filter({ hasText: 'Un dossier ne peut pas être placé dans lui-même' }).waitFor();
    expect(String((await idOf(outer)).parent)).toMatch(/(^|\/)1$/);

    // Dropped on the top edge of Racine's first sub-folder, the first goes just before it; then one down
    // from the keyboard's buttons.
    const racine = await t.api<{ children: { id: number; name: string }[] }>('/api/folders/1/tree');
    const firstOther = racine.children.find((child) => child.id !== outerId)!;
    await dragOnto(page, tree.getByText(outer, { exact: true }), tree.locator(`[data-folder-id="${firstOther.id}"]`), {
      x: 12,
      y: 2,
    });
    await poll(async () =>
      (await t.api<{ children: { id: number }[] }>('/api/folders/1/tree')).children
        .map((child) => child.id)
        .indexOf(outerId),
    ).toBe(0);
    await tree.getByText(outer, { exact: true }).click();
    await page.getByRole('button', { name: 'Descendre' }).click();
    await poll(async () =>
      (await t.api<{ children: { id: number }[] }>('/api/folders/1/tree')).children
        .map((child) => child.id)
        .indexOf(outerId),
    ).toBe(1);

    // A folder that holds another is not deleted, and the message says why.
    await tree.getByText(outer, { exact: true }).click();
    await page.getByRole('region', { name: 'Contenu du dossier' }).getByText(inner).waitFor();
    await page.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmer' }).click();
    await page.getByRole('alert').filter({ hasText: 'Ce dossier n’est pas vide' }).waitFor();
    await expectNoSeriousViolation(page);
    // Some twelve tree writes and reloads: on 2 shared cores under load, more than a minute.
  }, 120_000);

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('superadmin', '/folders');
    await page.getByRole('tree', { name: 'Arborescence des dossiers' }).getByText('Racine').waitFor();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
  });
});

describe('sheets', () => {
  it('edits a sheet in Markdown and sees the sanitised preview', async () => {
    const page = t.page;
    const [sheet] = await t.api<{ id: number; title: string }[]>('/api/sheets?itemsPerPage=1&order[id]=asc', {
      as: 'superadmin',
    });
    await t.signIn('superadmin', `/sheets/${sheet.id}`);
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
    await poll(
      async () => (await t.api<{ content: string }>(`/api/sheets/${sheet.id}`, { as: 'superadmin' })).content,
    ).toBe(text);
  });
});

describe('a course cover', () => {
  it('is uploaded in place from the course form and becomes its cover', async () => {
    const page = t.page;
    const [course] = await t.api<{ id: number }[]>('/api/courses?itemsPerPage=1&order[id]=asc');
    await t.signIn('superadmin', `/courses/${course.id}`);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
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
