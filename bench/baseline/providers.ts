import polyglotI18nProvider from 'ra-i18n-polyglot';
import frenchMessages from 'ra-language-french';
import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils, type AuthProvider, type DataProvider } from 'react-admin';
// The back-office's own session keys, so that the bench opens both apps with the same stored session.
import { sessionStore } from '../../src/providers/sessionStore';

const API = `${window.location.origin}/api`;

/** The bearer token on every call; JSON-LD for listings, whose collections carry the total. */
function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = sessionStore.getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers });
}

const rest = simpleRestProvider(API, httpClient);

/** A tiny Hydra listing (API.md, Conventions); the item calls are ra-data-simple-rest's. */
export const dataProvider: DataProvider = {
  ...rest,
  async getList(resource, { pagination, sort, filter, signal }) {
    const query = new URLSearchParams();
    if (pagination) {
      query.set('page', String(pagination.page));
      query.set('itemsPerPage', String(pagination.perPage));
    }
    if (sort?.field) query.set(`order[${sort.field}]`, sort.order === 'DESC' ? 'desc' : 'asc');
    for (const [key, value] of Object.entries(filter ?? {}))
      if (value !== undefined && value !== '') query.set(key, String(value));
    const { json } = await httpClient(`${API}/${resource}?${query}`, {
      headers: { Accept: 'application/ld+json' },
      signal,
    });
    return { data: json['hydra:member'] ?? json.member ?? [], total: json['hydra:totalItems'] ?? json.totalItems ?? 0 };
  },
};

/** The session the bench stores before navigation (or a login) opens the app; a 401 closes it. */
export const authProvider: AuthProvider = {
  async login({ username, password }) {
    const { json } = await httpClient(`${API}/auth/token`, {
      method: 'POST',
      body: JSON.stringify({ login: username, password }),
    });
    sessionStore.save({ token: json.token, refreshToken: json.refresh_token, roles: [] });
  },
  async logout() {
    sessionStore.clear();
  },
  async checkAuth() {
    if (!sessionStore.getToken()) throw new Error('ra.auth.auth_check_error');
  },
  async checkError(error: { status?: number }) {
    if (error?.status === 401) throw new Error('ra.notification.logged_out');
  },
};

export const i18nProvider = polyglotI18nProvider(() => frenchMessages, 'fr');
