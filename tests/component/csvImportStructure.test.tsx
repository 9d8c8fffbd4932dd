// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, memoryStore, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CsvImportDialog } from '../../src/custom/csvImport/CsvImportDialog';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';
import { CHOSEN_STRUCTURE_KEY } from '../../src/providers/structureChoice';
import { config as usersConfig } from '../../src/resources/users/screens';

/**
 * Platform staff importing users across "Toutes les structures": the rows would belong to no structure, so
 * the dialog asks for one first and sends nothing; once one is chosen, the file is checked as usual.
 */

const payload = btoa(JSON.stringify({ role: ['ROLE_SUPER_ADMIN'], exp: Math.floor(Date.now() / 1000) + 3600 }));
beforeEach(() => sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_SUPER_ADMIN'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

const csv = () =>
  new File(['Prénom;Nom;Adresse e-mail\r\nLéa;Durand;lea@demo.fr\r\n'], 'users.csv', { type: 'text/csv' });

function renderDialog(chosen: { id: number; name: string } | null) {
  const importRows = vi.fn(async () => ({ count: 1 }));
  render(
    <AdminContext
      dataProvider={{ importRows } as unknown as DataProvider}
      i18nProvider={createI18nProvider()}
      store={memoryStore({ [CHOSEN_STRUCTURE_KEY]: chosen })}
    >
      <CsvImportDialog config={usersConfig} resource="users" onClose={() => undefined} />
    </AdminContext>,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { importRows, input };
}

describe('importing users as platform staff', () => {
  it('asks for a structure first and sends no row while every structure is shown', async () => {
    const { importRows, input } = renderDialog(null);
    await screen.findByText(/Choisissez d’abord une structure dans la barre du haut/);
    expect(input.disabled).toBe(true);
    // A file given to the input all the same (dropped, or set by a script) is not read.
    fireEvent.change(input, { target: { files: [csv()] } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(importRows).not.toHaveBeenCalled();
    expect(screen.getByText('Aucun fichier choisi.', { exact: false })).toBeTruthy();
  });

  it('checks the rows once a structure is chosen', async () => {
    const { importRows, input } = renderDialog({ id: 7, name: 'Académie Démo' });
    expect(input.disabled).toBe(false);
    fireEvent.change(input, { target: { files: [csv()] } });
    await waitFor(() => expect(importRows).toHaveBeenCalledWith('users', expect.any(Array), true));
  });
});
