import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { pressDragKey } from '../support/keyboardDrag.ts';
import { dragByPointer } from './pointerDrag.ts';

/**
 * Chapter parts in a browser: a contributor creates one part of every type through its editor (the image and
 * the file by upload), each saved, reloaded and shown as its preview in the side panel; the server's 422
 * lands on its field; the editor passes axe and fits a phone's width.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

// A 1×1 PNG and a one-line PDF: what the server's type sniffing takes for an image and a document.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Part {
  id: number;
  type: string;
  title: string;
  content: Record<string, unknown>;
}

const field = (page: Page, name: string) => page.locator(`[name="${name}"]`);

async function newChapter(): Promise<number> {
  const [module] = await t.api<{ id: number }[]>('/api/modules?itemsPerPage=1&order[id]=asc', { as: 'admin' });
  const chapter = await t.api<{ id: number }>('/api/chapters', {
    method: 'POST',
    body: { title: `Chapitre ${stamp()}`, module: module.id },
    as: 'admin',
  });
  return chapter.id;
}

async function openCreate(page: Page, chapter: number, typeLabel: string, title: string): Promise<void> {
  await t.goto(`/chapter-parts/create?source=${encodeURIComponent(JSON.stringify({ chapter }))}`);
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: typeLabel, exact: true }).click();
  await field(page, 'title').fill(title);
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer): Promise<void> {
  const done = page.waitForResponse(
    (response) => response.url().endsWith('/api/documents/upload') && response.request().method() === 'POST',
  );
  await page.locator('input[type="file"]').first().setInputFiles({ name, mimeType, buffer });
  expect((await done).status()).toBe(201);
}

/** A sortable row's drag handle, by the row's place (1 for the first). */
const rowHandle = (page: Page, position: number) =>
  page.getByRole('button', { name: new RegExp(`^Déplacer la ligne ${position} `) });

/** How each type's editor is filled, and what its preview shows once saved. */
const TYPES: {
  label: string;
  type: string;
  fill: (page: Page) => Promise<void>;
  shows: (panel: ReturnType<Page['getByRole']>) => ReturnType<Page['locator']>;
}[] = [
  {
    label: 'Texte (Markdown)',
    type: 'text_markdown',
    fill: (page) =>
      field(page, 'content.markdown').fill(
        '## Les tableaux\n\n| Mois | Ventes |\n| --- | --- |\n| Mars | 12 |\n\n<script>window.__xss=1</script>',
      ),
    shows: (panel) => panel.getByRole('heading', { name: 'Les tableaux' }),
  },
  {
    label: 'Image',
    type: 'image',
    fill: async (page) => {
      await upload(page, 'schema.png', 'image/png', PNG);
      await field(page, 'content.alt').fill('Un schéma du tableau');
    },
    shows: (panel) => panel.getByRole('img', { name: 'Un schéma du tableau' }),
  },
  {
    label: 'Vidéo YouTube',
    type: 'video_youtube',
    fill: (page) => field(page, 'content.url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42'),
    shows: (panel) => panel.getByRole('button', { name: 'Afficher la page intégrée' }),
  },
  {
    label: 'Vidéo',
    type: 'video',
    fill: async (page) => {
      await page.getByRole('radio', { name: 'Une adresse web' }).check();
      await field(page, 'content.url').fill('https://videos.example.org/cours.mp4');
    },
    shows: (panel) => panel.locator('video'),
  },
  {
    label: 'Fichier à télécharger',
    type: 'file_downloadable',
    fill: async (page) => {
      await upload(page, 'support.pdf', 'application/pdf', PDF);
      await field(page, 'content.label').fill('Le support du cours');
    },
    shows: (panel) => panel.getByRole('button', { name: 'Le support du cours' }),
  },
  {
    label: 'Liens',
    type: 'links',
    fill: async (page) => {
      await field(page, 'content.links.0.label').fill('La FAQ');
      await field(page, 'content.links.0.url').fill('https://example.org/faq');
      await page.getByRole('button', { name: 'Ajouter une ligne' }).click();
      await field(page, 'content.links.1.label').fill('La documentation');
      await field(page, 'content.links.1.url').fill('https://example.org/doc');
      // Reordered from the keyboard: the second row's handle, Space, up, Space; each step as announced.
      const handle = page.getByRole('button', { name: /^Déplacer la ligne 2/ });
      await handle.focus();
      await pressDragKey(page, 'Space');
      await expect.poll(() => handle.getAttribute('aria-pressed')).toBe('true');
      await pressDragKey(page, 'ArrowUp');
      await page.getByText('Au-dessus de la position 1.').waitFor({ state: 'attached' });
      await pressDragKey(page, 'Space');
      await expect.poll(() => field(page, 'content.links.0.label').inputValue()).toBe('La documentation');
    },
    shows: (panel) => panel.getByRole('link', { name: 'La documentation' }),
  },
  {
    label: 'Page intégrée',
    type: 'url_iframe',
    fill: (page) => field(page, 'content.url').fill('https://example.org/page'),
    shows: (panel) => panel.getByRole('button', { name: 'Afficher la page intégrée' }),
  },
  {
    label: 'Formulaire Typeform',
    type: 'from_typeform',
    fill: (page) => field(page, 'content.formId').fill('https://form.typeform.com/to/AbC123'),
    shows: (panel) => panel.getByText(/form\.typeform\.com/),
  },
  {
    label: 'Notes',
    type: 'notes',
    fill: (page) => field(page, 'content.text').fill('Penser à relire le chapitre 2.'),
    shows: (panel) => panel.getByText('Penser à relire le chapitre 2.'),
  },
  {
    label: 'Réponse courte',
    type: 'interactive_text',
    fill: async (page) => {
      await field(page, 'content.question').fill('Quelle formule additionne ?');
      await field(page, 'content.maxLength').fill('80');
    },
    shows: (panel) => panel.getByRole('textbox', { name: 'Quelle formule additionne ?' }),
  },
  {
    label: 'Réponse longue',
    type: 'interactive_long_text',
    fill: (page) => field(page, 'content.question').fill('Décrivez votre démarche.'),
    shows: (panel) => panel.getByRole('textbox', { name: 'Décrivez votre démarche.' }),
  },
  {
    label: 'Choix unique',
    type: 'interactive_select',
    fill: async (page) => {
      await field(page, 'content.question').fill('Quelle touche fige les volets ?');
      await field(page, 'content.options.0.label').fill('F4');
      await field(page, 'content.options.1.label').fill('F2');
      // A new single-choice part has no right answer marked: the author chooses it.
      await field(page, 'content.options.0.correct').check();
    },
    shows: (panel) => panel.getByRole('radio', { name: 'F4' }),
  },
  {
    label: 'Choix multiple',
    type: 'interactive_select_multi',
    fill: async (page) => {
      await field(page, 'content.question').fill('Quelles fonctions comptent ?');
      await field(page, 'content.options.0.label').fill('NB');
      await field(page, 'content.options.1.label').fill('SOMME');
      // Reordered with the pointer: the second row's handle dragged above the first.
      await dragByPointer(page, rowHandle(page, 2), rowHandle(page, 1), 'Au-dessus de la position 1.');
      await expect.poll(() => field(page, 'content.options.0.label').inputValue()).toBe('SOMME');
      // No right answer is marked on a new part: the author marks them.
      await field(page, 'content.options.1.correct').check();
    },
    shows: (panel) => panel.getByRole('checkbox', { name: 'NB' }),
  },
  {
    label: 'Dépôt de fichier',
    type: 'interactive_upload',
    fill: (page) => field(page, 'content.question').fill('Déposez votre classeur.'),
    shows: (panel) => panel.getByText('Déposez votre classeur.'),
  },
];

describe('the chapter-part editors', () => {
  it('create one part of every type, each shown as its preview in the side panel after a reload', async () => {
    const page = t.page;
    const chapter = await newChapter();
    await t.signIn('contributeur');
    for (const { label, fill } of TYPES) {
      await openCreate(page, chapter, label, `Partie ${label}`);
      await fill(page);
      const saved = page.waitForResponse(
        (response) => response.url().endsWith('/api/chapter-parts') && response.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      const response = await saved;
      expect(response.status(), `${label}: ${await response.text()}`).toBe(201);
      await page.getByText('Ajout effectué').first().waitFor();
    }

    const parts = await t.api<Part[]>(`/api/chapter-parts?chapter=${chapter}&itemsPerPage=50`, { as: 'contributeur' });
    expect(parts.map((part) => part.type).sort()).toEqual(TYPES.map(({ type }) => type).sort());
    const image = parts.find((part) => part.type === 'image')!;
    const [document] = await t.api<{ context: string }[]>(
      `/api/documents?order[id]=desc&itemsPerPage=1&mimeType=image/png`,
      { as: 'admin' },
    );
    expect(document.context).toBe('chapter_part');
    expect(image.content.alt).toBe('Un schéma du tableau');
    // The orders given by drag-and-drop are the ones stored.
    const ofType = (type: string) => parts.find((part) => part.type === type)!.content;
    expect((ofType('links').links as { label: string }[]).map((link) => link.label)).toEqual([
      'La documentation',
      'La FAQ',
    ]);
    expect((ofType('interactive_select_multi').options as { label: string }[]).map((option) => option.label)).toEqual([
      'SOMME',
      'NB',
    ]);

    await page.reload();
    await t.goto(`/chapter-parts?filter=${encodeURIComponent(JSON.stringify({ chapter }))}`);
    for (const { label, shows } of TYPES) {
      const row = page
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: `Partie ${label}`, exact: true }) });
      await row.locator('td').nth(2).click();
      const panel = page.getByRole('complementary');
      await shows(panel).first().waitFor();
    }
    // The Markdown's script stayed text that nothing ran.
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // Fourteen forms filled (two lists reordered) and saved, fourteen panels opened: on 2 shared cores under
    // load, up to three minutes.
  }, 300_000);

  it("lands the server's 422 on its field and keeps what was typed", async () => {
    const page = t.page;
    const chapter = await newChapter();
    await t.signIn('contributeur');
    await openCreate(page, chapter, 'Dépôt de fichier', 'Rendu');
    await field(page, 'content.question').fill('Déposez votre vidéo.');
    // More than the server takes (UPLOAD_MAX_MB, 50): only the server knows its limit.
    await field(page, 'content.maxSizeMb').fill('500');
    const refused = page.waitForResponse(
      (response) => response.url().endsWith('/api/chapter-parts') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    expect((await refused).status()).toBe(422);
    await expect.poll(() => field(page, 'content.maxSizeMb').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Cette valeur est hors des limites permises.').waitFor();
    expect(await field(page, 'content.question').inputValue()).toBe('Déposez votre vidéo.');
  });

  it('passes axe', async () => {
    const page = t.page;
    const chapter = await newChapter();
    await t.signIn('contributeur');
    await openCreate(page, chapter, 'Choix unique', 'Quiz');
    await field(page, 'content.question').fill('Une question ?');
    await expectNoSeriousViolation(page);
  });

  it('fits a phone, the preview below the editor', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 800 });
    await t.signIn('contributeur');
    await openCreate(page, await newChapter(), 'Texte (Markdown)', 'Sur un téléphone');
    await field(page, 'content.markdown').fill('## Titre\n\nDu texte.');
    await page.getByRole('heading', { name: 'Titre' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

interface Response {
  id: number;
  chapterPart: string | number;
  status: string;
  feedback: string | null;
  value: Record<string, unknown>;
}

describe("the review of learners' answers", () => {
  it('shows the answer as given, validates it with feedback in two keystrokes, then opens the next one', async () => {
    const page = t.page;
    const waiting = await t.api<Response[]>(
      '/api/chapter-part-responses?status=submitted&itemsPerPage=50&order[createdAt]=asc',
      { as: 'admin' },
    );
    const chosen = waiting.find((response) => 'selected' in response.value) ?? waiting[0];
    expect(chosen, 'the demo data has answers waiting for review').toBeDefined();
    await t.signIn('admin', `/chapter-part-responses/${chosen.id}`);
    await page.getByRole('heading', { name: 'Sa réponse' }).waitFor();
    if ('selected' in chosen.value)
      await page
        .getByText(/Choisie — (bonne|mauvaise) réponse/)
        .first()
        .waitFor();
    await expectNoSeriousViolation(page);

    const feedback = `Bien vu ${stamp()}`;
    await page.getByRole('textbox', { name: 'Retour' }).fill(feedback);
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/chapter-part-responses/${chosen.id}`) && response.request().method() === 'PUT',
    );
    await page.keyboard.press('Alt+KeyV');
    expect((await saved).status()).toBe(200);
    await page.getByText('Réponse validée').first().waitFor();
    await expect.poll(() => new URL(page.url()).hash).not.toBe(`#/chapter-part-responses/${chosen.id}`);

    const stored = await t.api<Response>(`/api/chapter-part-responses/${chosen.id}`, { as: 'admin' });
    expect(stored).toMatchObject({ status: 'validated', feedback });
  });

  it('lists the answers waiting for review by chapter, and goes on to the next one of that chapter', async () => {
    const page = t.page;
    const waiting = await t.api<Response[]>('/api/chapter-part-responses?status=submitted&itemsPerPage=500', {
      as: 'admin',
    });
    const parts = await t.api<{ id: number; chapter: string }[]>('/api/chapter-parts?itemsPerPage=500', {
      as: 'admin',
    });
    const chapterOf = (response: Response) =>
      parts.find(
        (part) => `/api/chapter-parts/${part.id}` === String(response.chapterPart) || part.id === response.chapterPart,
      )?.chapter;
    const byChapter = new Map<string, Response[]>();
    for (const response of waiting)
      byChapter.set(String(chapterOf(response)), [...(byChapter.get(String(chapterOf(response))) ?? []), response]);
    // A chapter with answers waiting, whose title names it alone (it is picked by its title).
    const chapters = await t.api<{ id: number; title: string }[]>('/api/chapters?itemsPerPage=500', { as: 'admin' });
    const unique = (title: string) => chapters.filter((candidate) => candidate.title === title).length === 1;
    const [chapterIri, answers] = [...byChapter]
      .filter(([iri]) => unique(chapters.find((candidate) => `/api/chapters/${candidate.id}` === iri)?.title ?? ''))
      .sort((a, b) => b[1].length - a[1].length)[0];
    expect(answers.length, 'a chapter of the demo data has two answers waiting').toBeGreaterThanOrEqual(2);
    const chapter = chapters.find((candidate) => `/api/chapters/${candidate.id}` === chapterIri)!;

    await t.signIn('admin', '/chapter-part-responses');
    // Waiting answers by default; then those of one chapter.
    await page.getByRole('combobox', { name: 'Statut' }).filter({ hasText: 'Soumise' }).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(waiting.length, 10));
    await page.getByRole('combobox', { name: 'Chapitre', exact: true }).fill(chapter.title);
    await page.getByRole('option', { name: chapter.title, exact: true }).click();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(answers.length, 10));
    await expectNoSeriousViolation(page);

    await page.locator('tbody tr').first().locator('td').first().click();
    await page.getByRole('heading', { name: 'Sa réponse' }).waitFor();
    const first = Number(new URL(page.url()).hash.split('/').pop());
    await page.getByRole('textbox', { name: 'Retour' }).fill('À reprendre');
    await page.keyboard.press('Alt+KeyR');
    await page.getByText('Réponse refusée').first().waitFor();
    await expect.poll(() => new URL(page.url()).hash).not.toBe(`#/chapter-part-responses/${first}`);
    const next = Number(new URL(page.url()).hash.split('/').pop());
    expect(answers.map((answer) => answer.id)).toContain(first);
    expect(
      answers.map((answer) => answer.id),
      'the next answer is of the same chapter',
    ).toContain(next);
    expect(await t.api<Response>(`/api/chapter-part-responses/${first}`, { as: 'admin' })).toMatchObject({
      status: 'rejected',
      feedback: 'À reprendre',
    });

    // On a phone: one line per answer, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await t.goto('/chapter-part-responses');
    await page.locator('.MuiChip-label', { hasText: 'Soumise' }).first().waitFor();
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
