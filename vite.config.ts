import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), appShellInDev],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Two entries: the light landing page ("/") and the app (every other page).
    rolldownOptions: { input: { landing: 'client/index.html', app: 'client/app.html' } },
    // scripts/prerender-landing.tsx reads it to preload each public page's chunks with the page.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
