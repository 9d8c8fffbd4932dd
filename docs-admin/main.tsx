import { fetchHydra, HydraAdmin, hydraDataProvider } from '@api-platform/admin';
import { parseHydraDocumentation } from '@api-platform/api-doc-parser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AuthProvider } from 'react-admin';
import { openSession } from '../src/providers/session';
import { sessionStore } from '../src/providers/sessionStore';

/**
 * A development page, outside the product's bundle: API Platform's own admin (<HydraAdmin>) over our API,
 * knowing nothing of it but its Hydra documentation. What it cannot do is a gap of our API's documentation
 * or JSON-LD. Signed in as the back-office signs in: POST /api/auth/token, the session kept by
 * src/providers/session.ts, the JWT sent as a bearer token.
 */

const entrypoint = `${window.location.origin}/api`;

const headers = (): Record<string, string> => {
  const token = sessionStore.getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const response = await fetch('/api/auth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: username, password }),
    });
    if (!response.ok) throw new Error('ra.auth.sign_in_error');
    openSession(await response.json());
  },
  async logout() {
    sessionStore.clear();
  },
  async checkAuth() {
    if (!sessionStore.getToken()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      sessionStore.clear();
      throw error;
    }
  },
  async getPermissions() {
    return sessionStore.getRoles();
  },
};

const dataProvider = hydraDataProvider({
  entrypoint,
  httpClient: (url: URL, options = {}) => fetchHydra(url, { ...options, headers }),
  apiDocumentationParser: () => parseHydraDocumentation(entrypoint, { headers }),
  mercure: false,
});

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <HydraAdmin entrypoint={entrypoint} dataProvider={dataProvider} authProvider={authProvider} />
  </StrictMode>,
);
