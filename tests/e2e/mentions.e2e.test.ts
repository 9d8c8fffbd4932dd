import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { contributorTicket, loginOn, openTicket, panelOf, poll } from './ticketDesk.ts';

/**
 * A mention in an internal note, in two browsers: agent A (the structure's administrator) types `@` in a
 * ticket's note and picks the platform's agent B; B's bell counts it live, without a reload, lists it, and
 * opens the ticket on its notes; then, on a phone, the bell's list fits and "Tout marquer comme lu"; axe.
 */
let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const bellOf = (page: Page) => page.getByRole('button', { name: /^Mentions : \d+ non lues?$/ });
const unreadOf = async (page: Page) => Number(/(\d+)/.exec((await bellOf(page).getAttribute('aria-label')) ?? '')?.[1]);

describe('mentions', () => {
  it('tells a mentioned colleague live, through the bell, which opens the ticket', async () => {
    const subject = `Mention ${stamp()}`;
    await contributorTicket(t, subject);

    const other = await t.context.browser()!.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    try {
      // B: the platform's agent, on the home page, the bell in the app bar.
      const colleague = await other.newPage();
      await loginOn(t, colleague, 'superadmin@demo.fr');
      await bellOf(colleague).waitFor();
      const before = await unreadOf(colleague);

      // A writes a note on the ticket and mentions B with `@`.
      const page = t.page;
      await t.signIn('admin');
      await openTicket(t, page, subject);
      const notesTab = panelOf(page).getByRole('tab', { name: 'Notes' });
      await notesTab.click();
      await poll(() => notesTab.getAttribute('aria-selected')).toBe('true');
      await panelOf(page).getByText('Aucune note interne pour ce ticket.').waitFor();
      const field = panelOf(page).getByRole('textbox', { name: 'Nouvelle note interne' });
      await field.click();
      await field.pressSequentially('@Soph');
      const option = page.getByRole('option', { name: 'Sophie Martin' });
      await option.waitFor();
      // The ticket's author is no one a note may reach.
      expect(await page.getByRole('option', { name: 'Camille Bernard' }).count()).toBe(0);
      await field.press('Enter');
      await poll(() => field.inputValue()).toBe('@Sophie Martin ');
      await field.pressSequentially('peux-tu regarder ses droits ?');
      await panelOf(page).getByRole('button', { name: 'Ajouter la note' }).click();
      await panelOf(page).getByText('@Sophie Martin peux-tu regarder ses droits ?').waitFor();
      await poll(() => field.inputValue()).toBe('');

      // B's bell counts it without a reload, and lists it.
      await poll(() => unreadOf(colleague)).toBe(before + 1);
      await bellOf(colleague).click();
      const list = colleague.getByRole('dialog', { name: 'Mentions' });
      const item = list.getByRole('button', { name: new RegExp(`Antoine Durand vous a mentionné : ${subject}`) });
      await item.waitFor();
      expect(await item.innerText()).toContain('peux-tu regarder ses droits ?');
      await expectNoSeriousViolation(colleague);

      // Opening it opens the ticket on its notes, and reads it.
      await item.click();
      await poll(() => panelOf(colleague).locator('#side-panel-title').innerText()).toBe(subject);
      await poll(() => panelOf(colleague).getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await panelOf(colleague).getByText('@Sophie Martin peux-tu regarder ses droits ?').waitFor();
      await poll(() => unreadOf(colleague)).toBe(before);
    } finally {
      await other.close();
    }
  });

  it('fits the bell and its list 390 px wide, and marks everything read', async () => {
    const subject = `Mention étroite ${stamp()}`;
    const ticket = await contributorTicket(t, subject);
    const [sophie] = await t.api<{ id: number }[]>(`/api/tickets/${ticket}/mention-candidates?q=Sophie`, {
      as: 'admin',
    });
    await t.api(`/api/tickets/${ticket}/notes`, {
      as: 'admin',
      body: { content: '@Sophie Martin encore une', mentions: [sophie.id] },
    });
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('superadmin');
    await poll(() => unreadOf(page)).toBeGreaterThan(0);
    await bellOf(page).click();
    const list = page.getByRole('dialog', { name: 'Mentions' });
    await list.getByRole('button', { name: new RegExp(subject) }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await list.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await expectNoSeriousViolation(page);
    await list.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await poll(() => list.getByRole('button', { name: 'Tout marquer comme lu' }).isDisabled()).toBe(true);
    // The list is a popover: the page behind it is hidden from assistive technologies until it closes.
    await page.keyboard.press('Escape');
    await list.waitFor({ state: 'hidden' });
    await poll(() => unreadOf(page)).toBe(0);
  });
});
