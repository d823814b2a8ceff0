import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  locales: ['en', 'no', 'sv'],
  sourceLocale: 'en',
  // Accented, padded English for layout QA (scripts/pseudo-locale.ts). Deliberately not one of
  // `locales`: it has no .po file to translate, and the app never offers or detects it.
  pseudoLocale: 'en-XA',
  // No line numbers: the catalogs change only when messages do, so CI can check they are current.
  format: formatter({ lineNumbers: false }),
  // Norwegian (bokmål) is the fallback language; a Nynorsk request gets the Norwegian catalog.
  fallbackLocales: {
    nn: 'no',
    default: 'no',
  },
  // PO is Lingui's default catalog format. The .po files are imported directly by the app and
  // compiled on the fly by @lingui/vite-plugin, so no generated messages.ts is checked in.
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['src'],
      exclude: ['**/node_modules/**'],
    },
  ],
});
