// Every UI text through ra-i18n-polyglot, from the one English message tree (src/i18n/en.ts).
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { en } from '../i18n/en';

export const i18nProvider = polyglotI18nProvider(() => en, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
