import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { portalChunks } from './scripts/portalChunks.ts';

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
  plugins: [react(), appShellInDev],
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
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)/, tags: ['$initial'], priority: 2 },
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
