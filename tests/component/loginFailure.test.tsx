// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, HttpError, TestMemoryRouter, type AuthProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../../src/custom/auth/LoginPage';
import { StackedNotification } from '../../src/custom/snackbars';
import { loginFailure } from '../../src/providers/authProvider';
import { createI18nProvider } from '../../src/providers/i18nProvider';

afterEach(cleanup);

/** Refuses a wrong password as the app's auth provider does (the API's 401), opens the session with the right one. */
function authProvider(): AuthProvider {
  return {
    login: async ({ password }: { password: string }) => {
      const refusal = new HttpError('Unauthorized', 401, { message: 'Invalid credentials.' });
      if (password !== 'Demo2026!') throw new Error(loginFailure(refusal), { cause: refusal });
      return { redirectTo: '/home' };
    },
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => [],
  };
}

describe('a failed sign-in', () => {
  it('says why under the form alone, and leaves nothing behind once the next try signs in', async () => {
    render(
      <TestMemoryRouter initialEntries={['/login']}>
        <AdminContext authProvider={authProvider()} i18nProvider={createI18nProvider()}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/home" element={<p>Accueil</p>} />
          </Routes>
          <StackedNotification />
        </AdminContext>
      </TestMemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText(/Adresse e-mail/), { target: { value: 'superadmin@demo.fr' } });
    fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: 'pas-le-bon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));

    await screen.findByText('Adresse e-mail ou mot de passe incorrect.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Adresse e-mail ou mot de passe incorrect.',
    ]);
    expect(screen.queryByText('Une erreur est survenue')).toBeNull();

    fireEvent.change(screen.getByLabelText(/Mot de passe/), { target: { value: 'Demo2026!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connexion' }));
    await screen.findByText('Accueil');
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });
});
