import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { fr } from '../i18n/fr';
import { lateMessage } from '../i18n/lateMessages';

/**
 * `?noTrads=true` in the address (before or after the `#`) shows the raw translation keys, so that one can
 * tell which key a text on screen comes from.
 */
export function wantsRawKeys(href: string): boolean {
  return /[?&]noTrads=true(&|$|#)/.test(href);
}

/**
 * French by default; English is fetched only when someone picks it. The language kept in session storage
 * comes through react-admin's store (see appStore.ts), which switches to it before the first render.
 */
export function createI18nProvider({ rawKeys = false }: { rawKeys?: boolean } = {}): I18nProvider {
  const provider = polyglotI18nProvider(
    (wanted) => (wanted === 'en' ? import('../i18n/en').then((module) => module.en) : fr),
    'fr',
    [
      { locale: 'fr', name: 'Français' },
      { locale: 'en', name: 'English' },
    ],
    // A missing key shows as itself, and says so in development, instead of failing.
    { allowMissing: true },
  );
  if (rawKeys) return { ...provider, translate: (key: string) => key };
  return {
    ...provider,
    // A message of a lazily loaded screen (lateMessages.ts) is polyglot's default text: interpolated the same way.
    translate: (key: string, options?: Record<string, unknown>) => {
      const text = lateMessage(provider.getLocale(), key);
      return text === undefined ? provider.translate(key, options) : provider.translate(key, { ...options, _: text });
    },
  };
}

export const i18nProvider = createI18nProvider({
  rawKeys: typeof window !== 'undefined' && wantsRawKeys(window.location.href),
});
