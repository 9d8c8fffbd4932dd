import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { contributorTicket, loginOn, messagesOf, openTicket, panelOf, poll, replyBox } from './ticketDesk.ts';

/**
 * Collision warnings in two browsers: Antoine (the structure's agent) and Sophie (platform support, 390 px
 * wide) open the same ticket; each sees the other in the panel's header, Sophie sees Antoine typing; Antoine
 * sends while Sophie types, and Sophie's send asks first, showing his message, her text kept.
 */

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

const presenceOf = (page: Page) => panelOf(page).getByTestId('ticket-presence');
const typingOf = (page: Page) => panelOf(page).getByTestId('ticket-typing');
const newerDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Un nouveau message est arrivé. Envoyer quand même ?' });

describe('two agents on one ticket', () => {
  it('shows who else has it open and who types, and asks before sending over a newer message', async () => {
    const subject = `Collision ${stamp()}`;
    await contributorTicket(t, subject);
    const antoine = t.page;
    await t.signIn('admin');
    await openTicket(t, antoine, subject);
    await poll(() => messagesOf(antoine).count()).toBe(1);

    const other = await t.context.browser()!.newContext({ locale: 'fr-FR', viewport: { width: 390, height: 844 } });
    try {
      const sophie = await other.newPage();
      await loginOn(t, sophie, 'superadmin@demo.fr');
      await openTicket(t, sophie, subject);
      await poll(() => messagesOf(sophie).count()).toBe(1);

      // Each sees the other in the panel's header.
      await poll(() => presenceOf(sophie).innerText()).toContain('Aussi ouvert par Antoine Durand');
      await poll(() => presenceOf(antoine).innerText()).toContain('Aussi ouvert par Sophie Martin');

      // Antoine types: Sophie sees it above her reply box.
      await replyBox(antoine).fill('Réponse d’Antoine');
      await poll(() => typingOf(sophie).innerText()).toBe('Antoine Durand rédige une réponse…');

      // Sophie starts her reply; Antoine sends his, which reaches her thread.
      await replyBox(sophie).fill('Réponse de Sophie');
      await replyBox(antoine).press('Control+Enter');
      await poll(() => messagesOf(antoine).count()).toBe(2);
      await poll(() => messagesOf(sophie).count()).toBe(2);

      // Her send asks first, showing his message; "Relire" keeps her text.
      await panelOf(sophie).getByRole('button', { name: 'Envoyer en attente' }).click();
      const dialog = newerDialog(sophie);
      await dialog.waitFor();
      await poll(() => dialog.getByTestId('newer-message').innerText()).toContain('Réponse d’Antoine');
      expect(await dialog.getByTestId('newer-message').innerText()).toContain('Antoine Durand');
      await expectNoSeriousViolation(sophie);
      await dialog.getByRole('button', { name: 'Relire' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await replyBox(sophie).inputValue()).toBe('Réponse de Sophie');

      // Antoine answers again before she sends: she is asked again, and sends anyway.
      await replyBox(antoine).fill('Encore une précision');
      await replyBox(antoine).press('Control+Enter');
      await poll(() => messagesOf(sophie).count()).toBe(3);
      await panelOf(sophie).getByRole('button', { name: 'Envoyer en attente' }).click();
      await poll(() => newerDialog(sophie).getByTestId('newer-message').innerText()).toContain('Encore une précision');
      await newerDialog(sophie).getByRole('button', { name: 'Envoyer quand même' }).click();
      await poll(() => messagesOf(antoine).count()).toBe(4);
      await poll(() => messagesOf(antoine).last().innerText()).toContain('Réponse de Sophie');
      await poll(() => replyBox(sophie).inputValue()).toBe('');

      // At 390 px the panel holds its header line and the thread without scrolling sideways.
      const overflow = await panelOf(sophie).evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousViolation(sophie);
      await expectNoSeriousViolation(antoine);

      // Antoine closes the panel: he is gone from Sophie's header at once.
      await panelOf(antoine).getByRole('button', { name: 'Fermer le panneau' }).click();
      await poll(() => presenceOf(sophie).count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
