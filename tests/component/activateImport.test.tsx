// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, RecordContextProvider, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivateImportButton } from '../../src/custom/library/ActivateImportButton';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

function renderButton() {
  const activateImport = vi.fn(async () => ({ data: {} }));
  render(
    <AdminContext dataProvider={{ activateImport } as unknown as DataProvider} i18nProvider={createI18nProvider()}>
      <RecordContextProvider value={{ id: 4, status: 'processed', version: 3 }}>
        <ActivateImportButton />
      </RecordContextProvider>
    </AdminContext>,
  );
  return activateImport;
}

describe("activating an XMind version, which replaces the knowledge base's folder tree", () => {
  it('says what will be replaced and waits for a yes', async () => {
    const activateImport = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Activer la version 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activer la version 3 ?' });
    within(dialog).getByText(/y compris ceux créés à la main/);
    expect(activateImport).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Activer' }));
    await waitFor(() => expect(activateImport).toHaveBeenCalledWith({ id: 4 }));
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const activateImport = renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Activer la version 3' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(activateImport).not.toHaveBeenCalled();
  });
});
