// Compiles the server to plain JavaScript for production (`npm run build`, or `npm start` when its sources changed):
// esbuild bundles server/main.ts, the operators' scripts (create-admin, backup and restore) and the PDF drawing
// worker with the core they import into dist/server/, leaving the packages in node_modules as they are. Production then runs `node`
// on the output, with no TypeScript loader installed.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'server/main.ts',
    'create-admin': 'scripts/create-admin.ts',
    backup: 'scripts/backup.ts',
    // Started as a worker thread by server/lib/pdfImage.ts, which finds it here by this name.
    'pdf-pages': 'server/lib/pdfPagesWorker.ts',
  },
  outdir: 'dist/server',
  // Shared code in one chunk, not a copy per entry.
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
