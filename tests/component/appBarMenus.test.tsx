// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppBarMenus } from '../../src/custom/layout/AppBarMenus';
import { SidePanelProvider } from '../../src/custom/sidePanel';
import { createI18nProvider } from '../../src/providers/i18nProvider';
import { sessionStore } from '../../src/providers/sessionStore';

/**
 * The app bar's right end as a signed-in user meets it: the account button named in French on a phone (jsdom
 * has no media queries: the narrow layout), and Ctrl+K heard even when pressed before the bar's menus came.
 */

const payload = btoa(JSON.stringify({ role: ['ROLE_USER'], company: 7, exp: Math.floor(Date.now() / 1000) + 3600 }));
beforeEach(() => sessionStore.save({ token: `x.${payload}.y`, refreshToken: 'r', roles: ['ROLE_USER'] }));
afterEach(() => {
  cleanup();
  sessionStore.clear();
});

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getIdentity: async () => ({ id: 1, fullName: 'Sophie Martin' }),
};
const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
  search: async () => ({ groups: [], total: 0 }),
} as unknown as DataProvider;

const renderMenus = () =>
  render(
    <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider()}>
      <SidePanelProvider>
        <AppBarMenus />
      </SidePanelProvider>
    </AdminContext>,
  );

describe('the app bar on a phone', () => {
  it('names the account button in French', async () => {
    renderMenus();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Profil' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Profile/ })).toBeNull();
  });
});

describe('Ctrl+K', () => {
  it('opens the search when pressed right after signing in, before the menus are on screen', async () => {
    fireEvent.keyDown(document, { key: 'k', ctrlKey: true });
    renderMenus();
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });
});
