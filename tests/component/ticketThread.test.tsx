// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { TicketMessage } from '../../src/domain/records';
import { TicketThread } from '../../src/custom/tickets/TicketThread';
import { ticketsFr } from '../../src/i18n/tickets.fr';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

function renderThread(messages: TicketMessage[]) {
  render(
    <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
      <TicketThread messages={messages} />
    </AdminContext>,
  );
}

describe("a ticket's thread", () => {
  it('says there is no message yet, without an empty list', () => {
    renderThread([]);
    expect(screen.getByText(ticketsFr.tickets.no_messages)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the messages in order under its name, each with its author and text', () => {
    renderThread([
      {
        id: 1,
        author: { id: 7, name: 'Claire Martin' },
        body: 'Le module ne s’ouvre pas.',
        createdAt: '2026-03-02T09:00:00Z',
        status: 'created',
      },
      { id: 2, author: null, body: 'Corrigé, merci.', createdAt: '2026-03-02T10:00:00Z', status: 'closed' },
    ]);
    const list = screen.getByRole('list', { name: ticketsFr.tickets.thread });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('Claire Martin');
    expect(items[0].textContent).toContain('Le module ne s’ouvre pas.');
    expect(items[1].textContent).toContain(ticketsFr.tickets.unknown_author);
    expect(items[1].textContent).toContain('Corrigé, merci.');
  });
});
