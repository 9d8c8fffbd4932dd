import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousViolation } from './axe.ts';
import { stamp, startApp, type App } from './harness.ts';
import { onePagePdf } from './onePagePdf.ts';
import { contributorTicket, messagesOf, openTicket, panelOf, poll, replyBox } from './ticketDesk.ts';

/**
 * Files on a reply, in a browser: a screenshot pasted into the reply box (named after its time), a PDF
 * picked with the paperclip, both sent with the text; the thread shows the image's thumbnail and its
 * preview, and the PDF's first page through pdf.js. Axe, and the same at 390 px with a dropped file.
 */

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f4e3350000000049454e44ae426082',
  'hex',
);

let t: App;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t?.stop();
});

/** A text file dropped on the reply box, as a file dragged from the desktop arrives. */
async function dropTextFile(page: Page, name: string) {
  await replyBox(page).evaluate((box, fileName) => {
    const data = new DataTransfer();
    data.items.add(new File(['Journal de l’erreur\n'], fileName, { type: 'text/plain' }));
    for (const type of ['dragover', 'drop'])
      box.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
  }, name);
}

/** A paste of a PNG into the focused field, as the clipboard hands a screenshot to the page. */
async function pasteScreenshot(page: Page) {
  await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'image.png', { type: 'image/png' }));
    document.activeElement?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG.toString('base64'));
}

async function replyWithFiles(page: Page, subject: string) {
  await contributorTicket(t, subject);
  await t.signIn('admin');
  await openTicket(t, page, subject);
  await messagesOf(page).first().waitFor();

  await replyBox(page).fill('Voici la capture et le devis.');
  await replyBox(page).focus();
  await pasteScreenshot(page);
  const drafts = panelOf(page).getByTestId('attachment-draft');
  await poll(() => drafts.first().getAttribute('data-state')).toBe('ready');
  expect(await drafts.first().innerText()).toMatch(/^capture-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.png · \d+ octets$/);
  // The text typed stays as it was: a pasted file is no text.
  expect(await replyBox(page).inputValue()).toBe('Voici la capture et le devis.');

  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    panelOf(page).getByRole('button', { name: 'Joindre des fichiers' }).click(),
  ]);
  await chooser.setFiles({ name: 'devis.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Devis') });
  await poll(() => drafts.nth(1).getAttribute('data-state')).toBe('ready');
  expect(await drafts.nth(1).innerText()).toMatch(/^devis\.pdf · /);

  await panelOf(page).getByRole('button', { name: 'Envoyer en attente' }).click();
  await poll(() => messagesOf(page).count()).toBe(2);
  await poll(() => drafts.count()).toBe(0);
  return messagesOf(page).nth(1);
}

describe('attachments on replies', () => {
  it('sends a pasted screenshot and a picked PDF, then previews both from the thread', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 1440, height: 900 });
    const reply = await replyWithFiles(page, `Pièces ${stamp()}`);

    const thumbnail = reply.getByTestId('attachment-thumbnail');
    await thumbnail.locator('img').waitFor();
    await thumbnail.click();
    const imageDialog = page.getByRole('dialog', { name: /^Pièce jointe : capture-.*\.png$/ });
    await imageDialog.waitFor();
    const image = imageDialog.getByTestId('attachment-preview-image');
    await poll(() => image.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBe(1);
    await expectNoSeriousViolation(page);
    await imageDialog.getByRole('button', { name: 'Fermer' }).click();
    await imageDialog.waitFor({ state: 'hidden' });

    await reply.getByRole('button', { name: /^Aperçu de devis\.pdf · / }).click();
    const pdfDialog = page.getByRole('dialog', { name: 'Pièce jointe : devis.pdf' });
    await pdfDialog.getByText('1 page').waitFor();
    expect(await pdfDialog.getByTestId('pdf-first-page').isVisible()).toBe(true);
    await pdfDialog.getByRole('button', { name: 'Fermer' }).click();
    await pdfDialog.waitFor({ state: 'hidden' });
    await expectNoSeriousViolation(page);
  });

  it('works 390 px wide', async () => {
    const page = t.page;
    await page.setViewportSize({ width: 390, height: 844 });
    const reply = await replyWithFiles(page, `Étroit pièces ${stamp()}`);
    await reply.getByTestId('attachment-thumbnail').locator('img').waitFor();
    await reply.getByRole('button', { name: /^Aperçu de devis\.pdf · / }).waitFor();

    // A file dropped on the box waits as a chip, and goes again with its remove button.
    await dropTextFile(page, 'journal.txt');
    const draft = panelOf(page).getByTestId('attachment-draft');
    await poll(() => draft.getAttribute('data-state')).toBe('ready');
    expect(await draft.innerText()).toMatch(/^journal\.txt · /);
    const overflow = await panelOf(page).evaluate((node) => node.scrollWidth - node.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousViolation(page);
    await draft.getByRole('img', { name: 'Retirer journal.txt' }).click();
    await poll(() => draft.count()).toBe(0);
  });
});
