import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { portalChunks } from './scripts/portalChunks.ts';

const APP = {
  name: 'Campus GSO',
  description: 'Campus General Services Office: borrow equipment, report repairs and follow your requests.',
  themeColor: '#1c4e80',
};

/**
 * The head every page shares (the landing page, the sign-in pages, the app), written once here: each HTML entry holds
 * only what is its own. With it, what iOS reads of the app on the phone (docs/decisions/pwa.md); the build links
 * the manifest.
 */
const pageHead: Plugin = {
  name: 'gso-page-head',
  transformIndexHtml: () =>
    [
      { tag: 'meta', attrs: { charset: 'UTF-8' } },
      { tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' } },
      { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1.0' } },
      { tag: 'meta', attrs: { name: 'description', content: APP.description } },
      { tag: 'meta', attrs: { name: 'theme-color', content: APP.themeColor } },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' } },
      { tag: 'meta', attrs: { name: 'mobile-web-app-capable', content: 'yes' } },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-capable', content: 'yes' } },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-title', content: APP.name } },
      { tag: 'meta', attrs: { name: 'apple-mobile-web-app-status-bar-style', content: 'default' } },
      { tag: 'title', children: APP.name },
    ].map((tag) => ({ ...tag, injectTo: 'head-prepend' as const })),
};

/**
 * The app on the phone (docs/decisions/pwa.md): the web app manifest, and the service worker built from
 * client/sw.ts (injectManifest: it has the push handlers) into /sw.js, precaching the built code and the app's shell.
 * It is registered by the app after the page has loaded (client/app/serviceWorker.ts), and waits to take over until
 * the person chooses Reload in the new-version prompt.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeManifestIcons: true,
  manifest: {
    id: '/',
    name: APP.name,
    short_name: APP.name,
    description: APP.description,
    // The app's /start opens the signed-in person's portal (or the front page), so one start address serves all.
    start_url: '/start',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: APP.themeColor,
    background_color: '#ffffff',
    lang: 'en',
    categories: ['productivity', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The hashed code and styles, and app.html, the shell every app page can start from offline. The other pages are
    // written after this build (the prerender scripts), so the worker keeps them as they are visited instead.
    globPatterns: ['assets/**/*.{js,css}', 'app.html', 'favicon.svg', 'icons/*.png'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

/** In development, as the server does in production: "/" is the landing page, every other page is the app. */
const appShellInDev: Plugin = {
  name: 'gso-app-shell',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method === 'GET' && req.headers.accept?.includes('text/html') && path !== '/' && !path.includes('.')) req.url = '/app.html';
      next();
    });
  },
};

type Chunking = { getModuleInfo: (id: string) => any };
let pass: { ctx: Chunking; chunks: ReturnType<typeof portalChunks> } | undefined;
/** One namer per chunking pass: it remembers what it was told about the pass's module graph. */
function chunksOf(ctx: Chunking) {
  if (pass?.ctx !== ctx) pass = { ctx, chunks: portalChunks((id) => ctx.getModuleInfo(id)) };
  return pass.chunks;
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), pageHead, appShellInDev, pwa],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Three entries: the light landing page ("/"), the light sign-in pages, and the app (every other page).
    rolldownOptions: {
      input: { landing: 'client/index.html', signin: 'client/signin.html', app: 'client/app.html' },
      // The component library's parts that an entry loads at once come as one chunk rather than a dozen small
      // ones: on the public pages each answer costs its headers and a request on a phone's few connections.
      output: {
        codeSplitting: {
          groups: [
            // Captures nothing: tells the portal chunks which modules the pages load at once.
            { debugName: 'initial', name: (id, ctx) => chunksOf(ctx).initial(id), tags: ['$initial'], priority: 3 },
            // With it, the query library's provider (a few lines): the public pages' dialogs and the app share it, and
            // on its own it was one more request for every page.
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine[\\/](core|hooks)|@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]QueryClientProvider)/,
              tags: ['$initial'],
              priority: 2,
            },
            // A portal's lazily loaded code as a few chunks by the portals that reach it (scripts/portalChunks.ts).
            { debugName: 'portals', name: (id, ctx) => chunksOf(ctx).name(id), includeDependenciesRecursively: false, priority: 1 },
          ],
        },
      },
    },
    // scripts/prerender-landing.tsx reads it to preload each public page's chunks with the page.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
