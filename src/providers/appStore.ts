import { localStorageStore, type Store } from 'react-admin';
import { LOCALES } from '../domain/contracts/users';
import { APP_NAME, type KeyValueStorage } from './sessionStore';

/** The locale is read from session storage, under the app-name prefix like the session's own keys. */
export const LOCALE_KEY = `${APP_NAME}.locale`;
// The back-office speaks the languages a user may choose.
export type Locale = (typeof LOCALES)[number];

export function storedLocale(storage: KeyValueStorage = sessionStorage): Locale {
  const value = storage.getItem(LOCALE_KEY);
  return (LOCALES as readonly string[]).includes(value ?? '') ? (value as Locale) : 'fr';
}

/**
 * react-admin's store (list sorts, filters, folded menu groups) in localStorage per application, except
 * the language: that one lives in sessionStorage, so that a new tab starts in French, the default language.
 */
export function createAppStore(
  base: Store = localStorageStore(undefined, APP_NAME),
  storage: () => KeyValueStorage = () => sessionStorage,
): Store {
  const listeners = new Set<(value: unknown) => void>();
  return {
    ...base,
    getItem: (key, defaultValue) =>
      key === 'locale' ? (storedLocale(storage()) as never) : base.getItem(key, defaultValue),
    setItem(key, value) {
      if (key !== 'locale') return base.setItem(key, value);
      storage().setItem(LOCALE_KEY, String(value));
      for (const listener of listeners) listener(value);
    },
    removeItem(key) {
      if (key !== 'locale') return base.removeItem(key);
      storage().removeItem(LOCALE_KEY);
      for (const listener of listeners) listener(undefined);
    },
    subscribe(key, callback) {
      if (key !== 'locale') return base.subscribe(key, callback);
      listeners.add(callback);
      return () => listeners.delete(callback);
    },
  };
}

/** The app's one store: react-admin's, and the first page's early request reads its saved list settings. */
export const appStore = createAppStore();
