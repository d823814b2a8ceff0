import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel, { defineRolldownBabelPreset } from '@rolldown/plugin-babel';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

// @vitejs/plugin-react 6 no longer runs Babel itself. Lingui macros (<Trans>, t``, msg``) are
// compiled by @lingui/babel-plugin-lingui-macro through @rolldown/plugin-babel (enforce: 'pre',
// so it sees the original TSX). The filter keeps Babel off every file that imports no macro.
const linguiMacros = defineRolldownBabelPreset({
  preset: { plugins: ['@lingui/babel-plugin-lingui-macro'] },
  rolldown: { filter: { code: /from ['"]@lingui\/(?:core|react)\/macro['"]/ } },
});

export default defineConfig({
  plugins: [
    babel({ presets: [linguiMacros] }),
    react(),
    // Compiles imported .po catalogs on the fly: no `lingui compile` step, no generated files.
    lingui(),
    tailwindcss(),
  ],
  build: {
    outDir: 'dist',
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/dev': { target: apiTarget },
      '/chathub': { target: apiTarget, ws: true },
    },
  },
});
