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
 * 1440 px, "Retour" without an error icon, no "Concerne : Rien", a header on one line), axe and 390 px.
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
