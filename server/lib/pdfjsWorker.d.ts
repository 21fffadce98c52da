/** PDF.js's worker code, which pdfjs-dist ships without types: pdfPagesWorker.ts only hands it to PDF.js. */
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
