import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import type { App } from './harness.ts';

/** What the support desk's browser tests share: the side panel, its reply box, a ticket to work on. */

export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

// By its test id: while a popup is open, MUI hides the rest of the page from assistive technologies.
export const panelOf = (page: Page) => page.getByTestId('side-panel');
export const messagesOf = (page: Page) => panelOf(page).getByTestId('ticket-message');
export const replyBox = (page: Page) => panelOf(page).getByRole('textbox', { name: 'Votre réponse' });
export const statusOf = (page: Page) => panelOf(page).locator('dd [data-status]');

/** Logs a demo account in through the login form on another page (a second agent's browser context). */
export async function loginOn(t: App, page: Page, email: string) {
  await page.goto(`${t.baseUrl}/#/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.locator('#main-content').waitFor();
}

/** A bug ticket filed by the demo contributor (Camille Bernard), with its first message, as the API makes it. */
export async function contributorTicket(t: App, subject: string): Promise<number> {
  const ticket = await t.api<{ id: number }>('/api/tickets', { as: 'contributeur', body: { type: 1, subject } });
  await t.api(`/api/tickets/${ticket.id}/add-message`, {
    method: 'PUT',
    as: 'contributeur',
    body: { message: `Premier message de ${subject}`, status: 'created' },
  });
  return ticket.id;
}

/**
 * Opens the tickets list, finds the ticket by its subject and opens it in the side panel: a row of the
 * table, or on a phone its line.
 */
export async function openTicket(t: App, page: Page, subject: string) {
  await page.goto(`${t.baseUrl}/#/tickets`);
  await page.getByPlaceholder('Rechercher').fill(subject);
  const rows = page.locator('tbody tr, [data-testid="phone-line"]');
  await poll(() => rows.count()).toBe(1);
  await rows.filter({ hasText: subject }).locator('td.column-subject, [role="button"]').first().click();
  await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subject);
}
