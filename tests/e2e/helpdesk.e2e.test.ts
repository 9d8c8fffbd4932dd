import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import {
  contributorTicket as fileTicket,
  openTicket as openIn,
  panelOf,
  poll,
  replyBox,
  statusOf,
} from './ticketDesk.ts';

/**
 * The support desk as an agent works it, in a browser: "Me l'attribuer", a priority and its live due badge,
 * the list's built-in views with their counts ("En retard"), a canned reply inserted with `/` and its
 * variables filled, the keyboard (j / k, r, `?`, Ctrl+Shift+Enter), the panel's fixed defects (its tabs at
 * 1440 px, "Retour" without an error icon, no "Concerne : Rien", a header on one line), a macro applied at
 * 1280 px with the assignee readable and the history and notifications in French, axe and 390 px.
 */

/** An MUI icon's path, as the page draws it. */
const drawingOf = (icon: ComponentType) => /\sd="([^"]+)"/.exec(renderToStaticMarkup(createElement(icon)))?.[1];

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const contributorTicket = (subject: string) => fileTicket(t, subject);
const openTicket = (page: Page, subject: string) => openIn(t, page, subject);

describe('the agent at the desk', () => {
  it('takes a ticket, sets its priority, answers with a canned reply and the keyboard', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const subject = `Bureau ${stamp()}`;
    const shortcut = `accuse${stamp()}`;
    await contributorTicket(subject);
    await t.api('/api/canned-replies', {
      as: 'admin',
      body: {
        title: `Accusé de réception ${shortcut}`,
        shortcut,
        body: 'Bonjour {{authorFirstName}}, votre demande « {{ticketSubject}} » est prise en charge. {{agentName}}',
      },
    });
    await t.signIn('admin');
    await openTicket(page, subject);

    // No "Concerne : Rien" for a ticket about nothing in particular.
    expect(await panelOf(page).locator('dt', { hasText: 'Concerne' }).count()).toBe(0);

    // "Me l'attribuer": one click.
    const assignee = panelOf(page).getByRole('combobox', { name: 'Attribué à' });
    expect(await assignee.inputValue()).toBe('');
    await panelOf(page).getByRole('button', { name: "Me l'attribuer" }).click();
    await poll(() => assignee.inputValue()).toBe('Antoine Durand');
    expect(await panelOf(page).getByRole('button', { name: "Me l'attribuer" }).isDisabled()).toBe(true);

    // A priority, and the badge its target gives, in the panel and in the list.
    const badge = panelOf(page).getByTestId('ticket-due');
    await poll(() => badge.innerText()).toBe('Réponse due dans 24 h');
    await panelOf(page).getByRole('combobox', { name: 'Priorité' }).click();
    await page.getByRole('option', { name: 'Urgente' }).click();
    await poll(() => badge.innerText()).toBe('Réponse due dans 2 h');
    await poll(() => page.locator('tbody tr', { hasText: subject }).getByTestId('ticket-due').innerText()).toBe(
      'Réponse due dans 2 h',
    );

    // The help of the keyboard, with `?`.
    await page.locator('#side-panel-title').click();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Raccourcis clavier' });
    await help.waitFor();
    expect(await help.innerText()).toContain('Ticket suivant');
    expect(await help.innerText()).toContain('Envoyer comme traité');
    await expectNoSeriousViolation(page);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });

    // `r` goes to the reply; `/` and the shortcut offer the canned reply; Enter puts it in, filled.
    await page.keyboard.press('r');
    await poll(() => replyBox(page).evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.type(`/${shortcut.slice(0, 8)}`);
    const option = page.getByRole('option', { name: new RegExp(`Accusé de réception ${shortcut}`) });
    await option.waitFor();
    await expectNoSeriousViolation(page);
    await page.keyboard.press('Enter');
    await poll(() => replyBox(page).inputValue()).toBe(
      `Bonjour Camille, votre demande « ${subject} » est prise en charge. Antoine Durand`,
    );

    // Ctrl+Shift+Enter sends it as treated: nothing runs any more.
    await replyBox(page).press('Control+Shift+Enter');
    await poll(() => statusOf(page).innerText()).toBe('Traité');
    await poll(() => badge.count()).toBe(0);
  });

  it('lists the views with their counts, shows "En retard", and walks the tickets with j and k', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    await t.signIn('admin', '/tickets');
    const views = page.getByTestId('ticket-views');
    await views.getByRole('button', { name: /^Tous \(\d+\)$/ }).click();
    const menu = page.getByRole('menu');
    for (const name of ['Mes tickets', 'Non attribués', 'En retard', 'Tous']) await menu.getByText(name).waitFor();
    await poll(() => menu.getByTestId('view-count-overdue').innerText()).toMatch(/^\d+$/);
    const overdue = Number(await menu.getByTestId('view-count-overdue').innerText());
    expect(overdue).toBeGreaterThan(0);
    await expectNoSeriousViolation(page);
    await menu.getByRole('menuitem', { name: /En retard/ }).click();
    await views.getByRole('button', { name: `En retard (${overdue})` }).waitFor();
    const badges = page.locator('tbody tr').getByTestId('ticket-due');
    await poll(() => page.locator('tbody tr').count()).toBe(Math.min(overdue, 25));
    for (const text of await badges.allInnerTexts()) expect(text).toMatch(/^En retard de \d+ (min|h|j)$/);

    // The header "À relancer le" reads on one line.
    const header = page.locator('thead th.column-followUpAt');
    const subjectHeader = page.locator('thead th.column-subject');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual((await subjectHeader.boundingBox())!.height + 1);

    // j opens the first ticket of the page, j again the next, k back.
    const subjects = await page.locator('tbody tr td.column-subject').allInnerTexts();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subjects[0]);
    if (subjects.length > 1) {
      await page.keyboard.press('j');
      await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subjects[1]);
      await page.keyboard.press('k');
      await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subjects[0]);
    }

    // At 1440 px every sub-tab of the panel shows whole, the last one included.
    const tabs = panelOf(page).getByRole('tab');
    await poll(() => tabs.count()).toBe(5);
    // The tab bar's visible box (the list of tabs inside it may be wider, and scroll).
    const list = (await panelOf(page).locator('.MuiTabs-scroller').boundingBox())!;
    const last = (await tabs.last().boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(list.x + list.width + 0.5);
    expect(await panelOf(page).locator('.MuiTabs-scrollButtons:not(.Mui-disabled)').count()).toBe(0);

    // Going back from the closing popup is no error: its button carries no alert icon.
    await panelOf(page).getByRole('tab', { name: 'Infos' }).click();
    const close = panelOf(page).getByRole('button', { name: 'Fermer le ticket' });
    if (await close.count()) {
      await close.click();
      const back = page.getByRole('dialog', { name: 'Fermer le ticket ?' }).getByRole('button', { name: 'Retour' });
      await back.waitFor();
      // Icons by their drawing: their test ids exist in development builds only.
      const drawn = await back.locator('svg path').getAttribute('d');
      expect(drawn).toBe(drawingOf(ArrowBackIcon));
      expect(drawn).not.toBe(drawingOf(ErrorOutlineIcon));
      await back.click();
    }
  });

  it('at 1280 px: the assignee readable, a macro applied in one action, history and notifications in French', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    const subject = `Macro ${stamp()}`;
    const shortcut = `traite${stamp()}`;
    await contributorTicket(subject);
    const [agent] = await t.api<{ id: number; email: string }[]>('/api/users?q=admin%40demo.fr', { as: 'admin' });
    await t.api('/api/canned-replies', {
      as: 'admin',
      body: {
        title: `Résolu ${shortcut}`,
        shortcut,
        body: 'Bonjour {{authorFirstName}}, c’est corrigé.',
        status: 'treated',
        priority: 'high',
        assignee: `/api/users/${agent.id}`,
        followUpDays: 2,
      },
    });
    await t.signIn('admin');
    await openTicket(page, subject);

    // The assignee field is wide enough to read, and nothing is drawn over it.
    const assignee = panelOf(page).getByRole('combobox', { name: 'Attribué à' });
    const field = (await assignee
      .locator('xpath=ancestor::div[contains(@class,"MuiAutocomplete-root")]')
      .boundingBox())!;
    const button = (await panelOf(page).getByRole('button', { name: "Me l'attribuer" }).boundingBox())!;
    expect(field.width).toBeGreaterThan(250);
    expect(button.y >= field.y + field.height || button.x >= field.x + field.width).toBe(true);

    // The macro: chosen with `/`, what it sets said in words, applied with the reply.
    await replyBox(page).click();
    await page.keyboard.type(`/${shortcut}`);
    await page.getByRole('option', { name: new RegExp(`Résolu ${shortcut}`) }).waitFor();
    await page.keyboard.press('Enter');
    const summary = panelOf(page).getByTestId('macro-summary');
    await poll(() => summary.innerText()).toContain('attribué à Antoine Durand');
    const said = await summary.innerText();
    for (const words of ['statut « Traité »', 'priorité « Haute »', 'à relancer dans 2 jours'])
      expect(said).toContain(words);
    await expectNoSeriousViolation(page);
    await panelOf(page).getByRole('button', { name: 'Envoyer en attente' }).click();
    await poll(() => statusOf(page).innerText()).toBe('Traité');
    await poll(() => assignee.inputValue()).toBe('Antoine Durand');
    expect(await panelOf(page).getByTestId('ticket-priority').inputValue()).toBe('high');
    await poll(() => summary.count()).toBe(0);

    // History and notifications: French words and names, never a key, a code or an IRI.
    const raw = /choices\.|\/api\/|ticket_reply|\bbody\b|\bcreated\b|\btreated\b|canal email/;
    await panelOf(page).getByRole('tab', { name: 'Historique' }).click();
    const history = panelOf(page).getByRole('list', { name: /historique|modifications/i });
    await history.waitFor();
    await poll(() => panelOf(page).innerText()).toContain('Haute');
    const told = await panelOf(page).innerText();
    expect(told).toContain('Antoine Durand');
    expect(told).toContain('Traité');
    expect(told).not.toMatch(raw);
    await expectNoSeriousViolation(page);
    await panelOf(page).getByRole('tab', { name: 'Notifications' }).click();
    const notification = panelOf(page).getByTestId('ticket-notification').first();
    await notification.waitFor();
    expect(await notification.innerText()).toMatch(/Modèle « .+ », envoyé par E-mail/);
    expect(await notification.innerText()).not.toMatch(raw);
  });

  it('works 390 px wide: the views, the assignment and every sub-tab', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const subject = `Étroit ${stamp()}`;
    await contributorTicket(subject);
    await t.signIn('admin');
    await openTicket(page, subject);
    await panelOf(page).getByRole('button', { name: "Me l'attribuer" }).waitFor();
    const overflow = await panelOf(page).evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each sub-tab can be reached and opened, the last ones by scrolling the tab bar.
    for (const name of ['Agenda', 'Notes', 'Notifications', 'Historique', 'Infos']) {
      const tab = panelOf(page).getByRole('tab', { name });
      await tab.scrollIntoViewIfNeeded();
      await tab.click();
      await poll(() => tab.getAttribute('aria-selected')).toBe('true');
    }
    await expectNoSeriousViolation(page);
  });
});
