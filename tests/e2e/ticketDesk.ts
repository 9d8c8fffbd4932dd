import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD } from '../../server/db/seed/demo.ts';
import type { App } from './harness.ts';

/** What the support desk's browser tests share: the side panel, its reply box, a ticket to work on. */

export const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

// By its test id: while a popup is open, MUI hides the rest of the page from assistive technologies.
export const panelOf = (page: Page) => page.getByTestId('side-panel');
export const messagesOf = (page: Page) => panelOf(page).getByTestId('ticket-message');
export const replyBox = (page: Page) => panelOf(page).getByRole('textbox', { name: 'Votre réponse' });
export const statusOf = (page: Page) => panelOf(page).locator('dd [data-status]');

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

/** Opens the tickets list, finds the ticket by its subject and opens it in the side panel. */
export async function openTicket(t: App, page: Page, subject: string) {
  await page.goto(`${t.baseUrl}/#/tickets`);
  await page.getByPlaceholder('Rechercher').fill(subject);
  const row = page.locator('tbody tr', { hasText: subject });
  await poll(() => page.locator('tbody tr').count()).toBe(1);
  await row.locator('td.column-subject').click();
  await poll(() => panelOf(page).locator('#side-panel-title').innerText()).toBe(subject);
}

/** Signs a demo account in through the login form on a page of another browser context (a second agent). */
export async function loginOn(t: App, page: Page, email: string) {
  await page.goto(`${t.baseUrl}/#/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('button[type="submit"]').click();
  await page.locator('#main-content').waitFor();
}
