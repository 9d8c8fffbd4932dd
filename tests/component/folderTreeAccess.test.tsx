// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, HttpError, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FolderTreeScreen } from '../../src/custom/folders/FolderTreeScreen';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

/** A session whose rights leave out the folders, as a contributor's do. */
const contributor: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  canAccess: async ({ resource }) => resource !== 'folders',
};

/** The folders' page at its address, and react-admin's "Accès refusé" page where a refusal sends. */
function renderFolders(authProvider: AuthProvider, dataProvider: DataProvider) {
  render(
    <TestMemoryRouter initialEntries={['/folders']}>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path="/folders" element={<FolderTreeScreen />} />
          <Route path="/access-denied" element={<p>Accès refusé</p>} />
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('the folder tree for a session that may not read folders', () => {
  it('is refused as other guarded pages are, without asking the server for the tree', async () => {
    // The server refuses the folders to such a session (403), as the rights table says.
    const refused = async () => Promise.reject(new HttpError('Access Denied.', 403));
    const getFolderTree = vi.fn(refused);
    const dataProvider = { getFolderTree, getFolderContent: vi.fn(refused) } as unknown as DataProvider;
    renderFolders(contributor, dataProvider);
    await screen.findByText('Accès refusé');
    expect(screen.queryByRole('button', { name: 'Nouveau dossier' })).toBeNull();
    expect(screen.queryByText('Une erreur est survenue, veuillez réessayer.')).toBeNull();
    expect(getFolderTree).not.toHaveBeenCalled();
  });

  it('shows the tree to a session that may read folders', async () => {
    const getFolderTree = vi.fn(async () => ({ data: { id: 1, name: 'Racine', children: [] } }));
    const getFolderContent = vi.fn(async () => ({ data: { folders: [], sheets: [] } }));
    const dataProvider = { getFolderTree, getFolderContent } as unknown as DataProvider;
    renderFolders({ ...contributor, canAccess: async () => true }, dataProvider);
    await screen.findByRole('treeitem', { name: /Racine/ });
    expect(screen.queryByText('Accès refusé')).toBeNull();
  });
});
