import polyglotI18nProvider from 'ra-i18n-polyglot';
import { fr } from '../i18n/fr';

/** French by default (spec, section 9); English is fetched only when someone picks it. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('../i18n/en').then((module) => module.en) : fr),
  'fr',
  [
    { locale: 'fr', name: 'Français' },
    { locale: 'en', name: 'English' },
  ],
);
