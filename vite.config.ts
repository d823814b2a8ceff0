import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogSplit } from './scripts/catalog-split.ts';
import { entryOutOfPreloads } from './scripts/entry-out-of-preloads.ts';
import { linguiMacros } from './scripts/lingui-macros.ts';
import { START_SNAPSHOT_SCRIPT } from './src/ui/start-snapshot-script.ts';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [
    linguiMacros(),
    react(),
    // Compiles imported .po catalogs on the fly: no `lingui compile` step, no generated files.
    lingui(),
    // virtual:catalog/{locale}/shell|rest: the catalog in the first load's half and the rest.
    catalogSplit(),
    // Dynamic imports do not preload the entry or its stylesheet, which every page already has.
    entryOutOfPreloads(),
    tailwindcss(),
    // The start snapshot's inline script (src/ui/start-snapshot-script.ts), right after the root it
    // draws into; the server's CSP allows it by its hash. After Vite's own work, so it stays as is.
    {
      name: 'start-snapshot',
      transformIndexHtml: {
        order: 'post',
        handler(html: string) {
          const root = '<div id="root"></div>';
          if (!html.includes(root)) throw new Error(`index.html has no ${root} for the start snapshot`);
          return html.replace(root, `${root}\n    <script>${START_SNAPSHOT_SCRIPT}</script>`);
        },
      },
    },
    // The service worker (sw/sw.ts, built by the plugin with its own tsconfig.sw.json) gets the
    // precache list injected; the app registers it itself after the first render (src/app/pwa).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The icons are matched by globPatterns; the manifest is added by the plugin itself.
      includeManifestIcons: false,
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'EventMarket',
        short_name: 'EventMarket',
        description: 'Find event-service suppliers in Norway and Sweden: venues, catering, music, photography and more.',
        lang: 'en',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        // The dark theme's --bg (src/styles/index.css); the gold accent is in the icons.
        theme_color: '#0f0f10',
        background_color: '#0f0f10',
        categories: ['business', 'lifestyle'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
        // The 512 icons are only for the install UI; the shell does not need them offline.
        globIgnores: ['**/icons/*-512.png'],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything index.html's script imports statically, in one file (eleven before): one
            // request and one worker cache read instead of a dozen on every start.
            { name: 'shell', tags: ['$initial'], priority: 3 },
            // The local mirror: Dexie, the tables and queries, the pulls and the write queue (not
            // the sync engine, which starts after the first view). Most screens need it; the first
            // view of a server-rendered page does not: it reaches the mirror through src/db/live.ts
            // (loaded lazily), so live.ts, the hooks over it and the Dexie-free helpers stay out. The
            // favourite's write is in it: once the mirror has loaded, the heart works offline.
            { name: 'data', test: /[\\/]node_modules[\\/]dexie|[\\/]src[\\/]db[\\/](?!live\.|hooks\.|local-files\.|search-key\.|card-row\.)|[\\/]src[\\/]sync[\\/](pull|pending|outbox|persist|favorites|entities[\\/](define|favorites))\./, priority: 2, includeDependenciesRecursively: false },
            // The home screen with the rest of what it imports (the card, its image, the heart):
            // the screen most starts open, fetched before the first render (preloadScreen).
            { name: 'home', test: /[\\/]src[\\/]features[\\/]home[\\/]/, priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/dev': { target: apiTarget },
      '/chathub': { target: apiTarget, ws: true },
    },
  },
});
