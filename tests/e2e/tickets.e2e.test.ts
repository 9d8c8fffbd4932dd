import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import {
  contributorTicket as fileTicket,
  loginOn,
  messagesOf,
  openTicket as openIn,
  panelOf,
  poll,
  replyBox,
  statusOf,
} from './ticketDesk.ts';

/**
 * The support desk in a browser: a support agent (ROLE_ADMIN) works a ticket in the side panel
 * (real thread, replies, close with its popup, notes, agenda, notifications in the author's outbox), a
 * second browser sees replies live, the menu counts waiting tickets live, a contributor reports a bug and
 * reads the answer; axe finds nothing serious in the panel, which also works 390 px wide.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const contributorTicket = (subject: string) => fileTicket(t, subject);
const openTicket = (page: Page, subject: string) => openIn(t, page, subject);

async function outboxSubjects(to: string): Promise<string[]> {
  const outbox = join(t.dataDir, 'outbox');
  const subjects: string[] = [];
  for (const file of (await readdir(outbox).catch(() => [] as string[])).sort()) {
    const eml = await readFile(join(outbox, file), 'utf8');
    const header = (name: string) =>
      (eml.split('\r\n').find((line) => line.startsWith(`${name}: `)) ?? '')
        .slice(name.length + 2)
        .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, base64: string) => Buffer.from(base64, 'base64').toString('utf8'));
    if (header('To') === to) subjects.push(header('Subject'));
  }
  return subjects;
}

describe('the ticket panel', () => {
  it('lets a support agent read the real thread, reply as waiting and as treated, and close', async () => {
    const page = t.page;
    const subject = `Panneau ${stamp()}`;
    await contributorTicket(subject);
    await t.signIn('admin');
    await openTicket(page, subject);

    // The infos sub-tab, by default: subject, status, author, the real thread.
    await panelOf(page).getByRole('tab', { name: 'Infos', selected: true }).waitFor();
    await poll(() => messagesOf(page).count()).toBe(1);
    expect(await messagesOf(page).first().innerText()).toContain(`Premier message de ${subject}`);
    expect(await messagesOf(page).first().innerText()).toContain('Camille Bernard');
    expect(await statusOf(page).innerText()).toBe('En attente');
    await expectNoSeriousViolation(page);

    // A blank text does nothing and shows nothing.
    await replyBox(page).fill('   ');
    await panelOf(page).getByRole('button', { name: 'Envoyer en attente' }).click();
    await page.waitForTimeout(500);
    expect(await messagesOf(page).count()).toBe(1);
    expect(await page.locator('[data-snack-id]').count()).toBe(0);

    // Ctrl+Enter sends as waiting; the box empties.
    await replyBox(page).fill('Nous regardons.');
    await replyBox(page).press('Control+Enter');
    await poll(() => messagesOf(page).count()).toBe(2);
    expect(await messagesOf(page).nth(1).innerText()).toContain('Nous regardons.');
    expect(await messagesOf(page).nth(1).innerText()).toContain('Antoine Durand');
    expect(await replyBox(page).inputValue()).toBe('');

    await replyBox(page).fill('Corrigé dans la version du jour.');
    await panelOf(page).getByRole('button', { name: 'Envoyer comme traité' }).click();
    await poll(() => messagesOf(page).count()).toBe(3);
    await poll(() => statusOf(page).innerText()).toBe('Traité');

    // Close: the popup; Retour puts the choice back, Confirmer closes and the thread shows it.
    const footer = panelOf(page).locator('[data-chosen-status]');
    await panelOf(page).getByRole('button', { name: 'Fermer le ticket' }).click();
    const popup = page.getByRole('dialog', { name: 'Fermer le ticket ?' });
    await popup.waitFor();
    expect(await footer.getAttribute('data-chosen-status')).toBe('closed');
    await popup.getByRole('button', { name: 'Retour' }).click();
    await popup.waitFor({ state: 'hidden' });
    expect(await footer.getAttribute('data-chosen-status')).toBe('created');
    expect(await statusOf(page).innerText()).toBe('Traité');
    await panelOf(page).getByRole('button', { name: 'Fermer le ticket' }).click();
    await popup.getByRole('button', { name: 'Confirmer' }).click();
    await poll(() => statusOf(page).innerText()).toBe('Fermé');
    await poll(() => messagesOf(page).count()).toBe(4);
    expect(await messagesOf(page).nth(3).innerText()).toContain('Ticket fermé.');
    expect(await replyBox(page).isDisabled()).toBe(true);
    await panelOf(page).getByRole('button', { name: 'Rouvrir le ticket' }).waitFor();

    // The author was told each time, by e-mail from the templates (the outbox offline)...
    await poll(() => outboxSubjects('contributeur@demo.fr')).toEqual(
      expect.arrayContaining([
        `Nouvelle réponse à votre demande « ${subject} »`,
        `Votre demande « ${subject} » a été traitée`,
        `Votre demande « ${subject} » est fermée`,
      ]),
    );
    // ...and the notifications sub-tab lists the deliveries.
    await panelOf(page).getByRole('tab', { name: 'Notifications' }).click();
    await poll(() => panelOf(page).getByTestId('ticket-notification').count()).toBe(3);
    expect(await panelOf(page).getByTestId('ticket-notification').first().innerText()).toContain(
      `Votre demande « ${subject} » est fermée`,
    );
    expect(await panelOf(page).getByTestId('ticket-notification').first().innerText()).toContain(
      'contributeur@demo.fr',
    );
    await expectNoSeriousViolation(page);

    // Notes: added, pinned; internal.
    await panelOf(page).getByRole('tab', { name: 'Notes' }).click();
    await panelOf(page).getByRole('textbox', { name: 'Nouvelle note interne' }).fill('Client à rappeler vendredi.');
    await panelOf(page).getByRole('button', { name: 'Ajouter la note' }).click();
    const note = panelOf(page).getByTestId('ticket-note').filter({ hasText: 'Client à rappeler vendredi.' });
    await note.waitFor();
    await note.getByRole('button', { name: 'Épingler la note' }).click();
    await poll(() => note.getAttribute('data-pinned')).toBe('true');
    await expectNoSeriousViolation(page);

    // Agenda: the whole story, newest first, and a follow-up date.
    await panelOf(page).getByRole('tab', { name: 'Agenda' }).click();
    const kinds = () =>
      panelOf(page)
        .getByTestId('agenda-entry')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-kind')));
    await poll(kinds).toEqual(expect.arrayContaining(['note', 'notification', 'status', 'message', 'opened']));
    expect((await kinds()).at(-1)).toBe('opened');
    expect((await kinds())[0]).toBe('note');
    await panelOf(page).getByTestId('follow-up-input').fill(new Date().toISOString().slice(0, 10));
    await panelOf(page).getByRole('button', { name: 'Effacer la date de relance' }).waitFor();
    await expectNoSeriousViolation(page);

    // The list filters on it: "À relancer aujourd'hui".
    await panelOf(page).getByRole('button', { name: 'Fermer le panneau' }).click();
    await page.getByLabel("À relancer aujourd'hui").check();
    await poll(() => page.locator('tbody tr', { hasText: subject }).count()).toBe(1);
  });

  it("opens the ticket's parent in the same panel, and closing brings the ticket back", async () => {
    const page = t.page;
    // A request of the agent's own structure, about one of its people.
    await t.signIn('admin');
    await openTicket(page, 'Accès au parcours Excel pour une nouvelle recrue');
    await panelOf(page).getByRole('button', { name: 'Yasmine Benali' }).click();
    await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe('Yasmine Benali');
    await panelOf(page).getByRole('button', { name: 'Fermer le panneau' }).click();
    await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(
      'Accès au parcours Excel pour une nouvelle recrue',
    );
  });

  it('opens from anywhere a ticket is referenced: a note names it, the ticket panel opens', async () => {
    const page = t.page;
    const subject = 'L’export CSV des participations perd les accents';
    await t.signIn('admin', '/notes-bo');
    // The note in the side panel names its ticket; the ticket stacks on it.
    await page.locator('tbody tr td', { hasText: 'Ajouter le BOM UTF-8' }).click();
    await panelOf(page).getByRole('button', { name: subject }).click();
    await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subject);
    await replyBox(page).waitFor();
    await poll(() => messagesOf(page).count()).toBeGreaterThan(0);
  });

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await t.signIn('admin');
    await openTicket(page, 'Accès au parcours Excel pour une nouvelle recrue');
    await replyBox(page).waitFor();
    await panelOf(page).getByRole('button', { name: 'Envoyer comme traité' }).waitFor();
    const overflow = await panelOf(page).evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
  });
});

describe('live', () => {
  it("shows another agent's reply, and the menu's waiting count, without reload", async () => {
    const page = t.page;
    const subject = `En direct ${stamp()}`;
    await contributorTicket(subject);
    await t.signIn('admin');
    await openTicket(page, subject);
    await poll(() => messagesOf(page).count()).toBe(1);

    const other = await t.context.browser()!.newContext({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
    try {
      const otherPage = await other.newPage();
      await loginOn(t, otherPage, 'superadmin@demo.fr');
      await openTicket(otherPage, subject);
      await poll(() => messagesOf(otherPage).count()).toBe(1);

      // One agent replies, the other sees it appear within a second or so; and back.
      await replyBox(page).fill('Réponse du premier agent');
      await replyBox(page).press('Control+Enter');
      await poll(() => messagesOf(otherPage).count()).toBe(2);
      await replyBox(otherPage).fill('Réponse du second agent');
      await panelOf(otherPage).getByRole('button', { name: 'Envoyer comme traité' }).click();
      await poll(() => messagesOf(page).count()).toBe(3);
      await poll(() => statusOf(page).innerText()).toBe('Traité');

      // A new support ticket of the structure counts in the menu of every open back-office that sees it.
      // (The platform's agent counts every structure's.)
      const badge = page.getByTestId('waiting-tickets');
      const otherBadge = otherPage.getByTestId('waiting-tickets');
      const before = Number(await badge.innerText());
      const otherBefore = Number(await otherBadge.innerText());
      await t.api('/api/tickets', { as: 'admin', body: { type: 2, subject: `Support ${stamp()}` } });
      await poll(async () => Number(await badge.innerText())).toBe(before + 1);
      await poll(async () => Number(await otherBadge.innerText())).toBe(otherBefore + 1);
    } finally {
      await other.close();
    }
  });
});

describe('bug reports', () => {
  it('lets a contributor report a problem and read the answer in "Mes signalements"', async () => {
    const page = t.page;
    const subject = `Signalement ${stamp()}`;
    await t.signIn('contributeur', '/courses');
    await page.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: /Profil/ }).click();
    await page.getByRole('menuitem', { name: 'Signaler un problème' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signaler un problème' });
    await dialog.getByText(/Page : .*#\/courses/).waitFor();
    await expectNoSeriousViolation(page);
    await dialog.getByRole('textbox', { name: 'Sujet' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Décrivez le problème' }).fill('Le bouton ne répond pas.');
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const [filed] = await t.api<{ id: number; type: number; messages: { body: string }[] }[]>(
      `/api/tickets?q=${encodeURIComponent(subject)}`,
    );
    expect(filed.type).toBe(1);
    expect(filed.messages[0].body).toMatch(/Le bouton ne répond pas\.\n\nPage : .*#\/courses\nNavigateur : Mozilla/);

    await t.goto('/account');
    const report = page.getByTestId('my-report').filter({ hasText: subject });
    await report.click();
    await report.getByText('Le bouton ne répond pas.', { exact: false }).waitFor();
    await expectNoSeriousViolation(page);
    // Support answers: the reporter sees it without reloading.
    await t.api(`/api/tickets/${filed.id}/add-message`, {
      method: 'PUT',
      as: 'admin',
      body: { message: 'Corrigé, merci du signalement.', status: 'treated' },
    });
    await report.getByText('Corrigé, merci du signalement.').waitFor();
    await report.getByText('Traité').first().waitFor();
  });
});
