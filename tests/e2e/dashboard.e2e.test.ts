import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { homeLoaded } from './home.ts';

/**
 * The home page ("Tableau de bord") in a browser, as each demo role lands on it after signing in: the cards
 * its role follows and none of the others', a figure that opens the list it counts (filtered), an empty
 * state, the keyboard, axe, and a phone's width (the cards stacked).
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const titles = (page: Page) => page.locator('[data-testid^="card-"] h2').allInnerTexts();

describe('Tableau de bord', () => {
  it('shows support staff their tickets by view and urgency, and a figure opens the list it counts', async () => {
    const { page } = t;
    const subject = `Panne urgente ${stamp()}`;
    await t.api('/api/tickets', { as: 'admin', body: { type: 2, subject, priority: 'urgent' } });
    await t.signIn('admin');
    await homeLoaded(page);
    expect(new URL(page.url()).hash).toBe('#/');
    expect(await titles(page)).toEqual([
      'Apprenants en retard',
      'Échéances de la semaine',
      'Tickets',
      'Brouillons',
      'Modifications non publiées',
      'Réponses à corriger',
      'Connexions récentes',
      'Invitations en attente',
      'Abonnement',
      'Mes vues enregistrées',
    ]);
    const tickets = card(page, 'Tickets');
    for (const view of ['Mes tickets', 'En retard', 'Non attribués', 'Tous'])
      await tickets.getByRole('link', { name: new RegExp(`${view}$`) }).waitFor();
    // The menu badge's number is the card's first figure, under the words of the badge's tooltip.
    const waiting = tickets.getByRole('link', { name: /Support en attente de réponse$/ });
    const badge = page.getByTestId('waiting-tickets');
    expect(await badge.getAttribute('title')).toMatch(/tickets? de support en attente de réponse$/);
    await expect
      .poll(async () => Number((await waiting.innerText()).match(/\d+/)?.[0]))
      .toBe(Number(await badge.innerText()));
    // The demo structure has no plan: the card says so.
    await card(page, 'Abonnement').getByText('Aucun abonnement en cours.').waitFor();
    await card(page, 'Mes vues enregistrées')
      .getByText(/^Aucune vue enregistrée/)
      .waitFor();
    // The demo's published courses are as their learners have them.
    await card(page, 'Modifications non publiées')
      .getByText('Aucune modification en attente de publication.')
      .waitFor();
    await page.getByRole('menuitem', { name: 'Tableau de bord' }).waitFor();
    await expectNoSeriousViolation(page);

    // The urgent figure counts the new ticket; followed from the keyboard, it opens the tickets so filtered.
    const urgent = tickets.getByRole('link', { name: /Urgente$/ });
    expect(Number((await urgent.innerText()).match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1);
    await urgent.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/tickets\?/);
    const filter = JSON.parse(new URL(page.url().replace('#/', '')).searchParams.get('filter') ?? '{}');
    expect(filter).toEqual({ status: 'created', priority: 'urgent' });
    await page.locator('tbody tr', { hasText: subject }).waitFor();

    // Back home from the menu.
    await page.getByRole('menuitem', { name: 'Tableau de bord' }).click();
    await homeLoaded(page);
  });

  it('shows an author the published courses changed since, counted, and the count opens them', async () => {
    const { page } = t;
    /** A published course of one module, chapter and part; answers its id and its chapter's. */
    const published = async (title: string) => {
      const course = await t.api<{ id: number }>('/api/courses', { as: 'admin', body: { title } });
      const module = await t.api<{ id: number }>('/api/modules', {
        as: 'admin',
        body: { title: 'Module 1', course: `/api/courses/${course.id}` },
      });
      const chapter = await t.api<{ id: number }>('/api/chapters', {
        as: 'admin',
        body: { title: 'Chapitre 1', module: `/api/modules/${module.id}` },
      });
      await t.api('/api/chapter-parts', {
        as: 'admin',
        body: {
          chapter: `/api/chapters/${chapter.id}`,
          type: 'interactive_text',
          title: 'Question',
          content: { question: 'Question' },
        },
      });
      await t.api(`/api/courses/${course.id}/publish`, { method: 'PUT', as: 'admin', body: {} });
      return { course: course.id, chapter: chapter.id };
    };
    const changedTitle = `Publiée puis modifiée ${stamp()}`;
    const untouchedTitle = `Publiée telle quelle ${stamp()}`;
    const changed = await published(changedTitle);
    await published(untouchedTitle);
    // An edit of the draft: learners keep the live chapter's title until a publish.
    await t.api(`/api/chapters/${changed.chapter}`, { method: 'PUT', as: 'admin', body: { title: 'Chapitre revu' } });

    await t.signIn('admin');
    await homeLoaded(page);
    const unpublished = card(page, 'Modifications non publiées');
    await unpublished.getByRole('link', { name: `Ouvrir le plan de « ${changedTitle} »` }).waitFor();
    expect(await unpublished.getByRole('link', { name: `Ouvrir le plan de « ${untouchedTitle} »` }).count()).toBe(0);
    const figure = unpublished.getByRole('link', { name: /Formations avec des modifications à publier$/ });
    expect(Number((await figure.innerText()).match(/\d+/)?.[0])).toBe(1);
    await expectNoSeriousViolation(page);

    // The count opens the courses so filtered: the changed one, not the other.
    await figure.click();
    await page.waitForURL(/#\/courses\?/);
    const filter = JSON.parse(new URL(page.url().replace('#/', '')).searchParams.get('filter') ?? '{}');
    expect(filter).toEqual({ unpublishedChanges: true });
    await page.locator('tbody tr', { hasText: changedTitle }).waitFor();
    expect(await page.locator('tbody tr', { hasText: untouchedTitle }).count()).toBe(0);
    await page.getByLabel('Modifications non publiées').first().waitFor();

    // Its line in the card opens its outline.
    await t.goto('/');
    await homeLoaded(page);
    await unpublished.getByRole('link', { name: `Ouvrir le plan de « ${changedTitle} »` }).click();
    await page.waitForURL(new RegExp(`#/courses/${changed.course}/outline`));
  });

  it('shows an author their drafts and saved views, each a link, and no other role’s cards, at 390 px', async () => {
    const { page } = t;
    const title = `Brouillon du jour ${stamp()}`;
    const course = await t.api<{ id: number }>('/api/courses', {
      as: 'contributeur',
      body: { title, status: 'draft' },
    });
    const viewName = `Mes publiés ${stamp()}`;
    await t.api('/api/saved-views', {
      as: 'contributeur',
      body: { resource: 'courses', name: viewName, params: { filter: { status: 'published' } } },
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('contributeur');
    await homeLoaded(page);
    // The demo's contributor supervises colleagues: their late and due learners come after the other cards.
    expect(await titles(page)).toEqual([
      'Brouillons',
      'Modifications non publiées',
      'Mes vues enregistrées',
      'Apprenants en retard',
      'Échéances de la semaine',
    ]);

    const drafts = card(page, 'Brouillons');
    await drafts.getByRole('link', { name: `Ouvrir le plan de « ${title} »` }).waitFor();
    // The cards stack: one column, none wider than the phone.
    const boxes = await Promise.all(
      ['Brouillons', 'Modifications non publiées'].map(async (name) => (await card(page, name).boundingBox())!),
    );
    expect(boxes[0].x).toBe(boxes[1].x);
    expect(boxes[1].y).toBeGreaterThanOrEqual(boxes[0].y + boxes[0].height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);

    // The saved view opens its list with its filters.
    await card(page, 'Mes vues enregistrées').getByRole('link', { name: viewName }).click();
    await page.waitForURL(/#\/courses\?/);
    expect(decodeURIComponent(page.url())).toContain('"status":"published"');

    // The drafts' figure opens the courses in draft, the new one among them.
    await t.goto('/');
    await homeLoaded(page);
    await drafts.getByRole('link', { name: /Formations en brouillon$/ }).click();
    await page.waitForURL(/#\/courses\?/);
    expect(decodeURIComponent(page.url())).toContain('"status":"draft"');
    await page.getByText(title).first().waitFor();
    expect(course.id).toBeGreaterThan(0);
  });

  it('keeps every card in place while the figures arrive, on a phone (no layout shift)', async () => {
    const { page } = t;
    await page.setViewportSize({ width: 390, height: 844 });
    // Lighthouse's figure: the layout shifts of the load, summed (none follows an input here).
    await page.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = []);
      new PerformanceObserver((entries) => {
        for (const entry of entries.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The cards' figures come well after the cards are painted, as on a slow connection.
    await page.route(
      (url) => url.pathname.startsWith('/api/') && url.pathname !== '/api/health',
      async (route) => {
        if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 600));
        await route.fallback();
      },
    );
    await t.signIn('superadmin');
    await homeLoaded(page);
    await card(page, 'Tickets')
      .getByRole('link', { name: /Urgente$/ })
      .waitFor();
    // A frame for the last shift to be reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.05);
    await page.unroute('**');
  });

  it('shows platform staff the structures to validate across all structures, and the plan inside one', async () => {
    const { page } = t;
    await t.signIn('superadmin');
    await homeLoaded(page);
    await page.getByTestId('dashboard').getByText('Toutes les structures').waitFor();
    const shown = await titles(page);
    expect(shown).toContain('Structures à valider');
    expect(shown).toContain('Tickets');
    expect(shown).toContain('Connexions récentes');
    expect(shown).not.toContain('Abonnement');
    const structures = card(page, 'Structures à valider');
    await structures
      .getByRole('link', { name: /Structures en attente de validation$/ })
      .or(structures.getByText('Aucune structure en attente de validation.'))
      .first()
      .waitFor();
    await expectNoSeriousViolation(page);

    // Inside one structure (the switcher's choice): its plan instead.
    await page.getByRole('button', { name: 'Toutes les structures — changer de structure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choisir la structure' });
    await dialog.getByRole('combobox', { name: 'Rechercher une structure' }).fill('Académie');
    await dialog.getByRole('option', { name: 'Académie Démo' }).click();
    await page.getByText('Structure : Académie Démo').waitFor();
    await homeLoaded(page);
    expect(await titles(page)).toContain('Abonnement');
    expect(await titles(page)).not.toContain('Structures à valider');
    await card(page, 'Abonnement').getByText('Aucun abonnement en cours.').waitFor();
  });
});
