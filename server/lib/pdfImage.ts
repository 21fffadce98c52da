import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import sharp from 'sharp';
import { MAX_PDF_PAGES } from '../../core/files';
import { MSG } from '../../core/messages';
import { HttpError } from '../errors';
import { appRoot } from './appRoot';
import { READY, type DrawnPage, type PdfPagesAnswer, type PdfPagesJob } from './pdfPagesJob';

/** Enough to read an ID's smallest print; a page's longer side is never drawn past PAGE_MAX_SIDE pixels. */
const DPI = 150;
const PAGE_MAX_SIDE = 2000;
/** Pictures inside the PDF past this many pixels are left undrawn rather than decoded. */
const MAX_IMAGE_PIXELS = 4000 * 4000;
/** A drawing that takes longer is stopped: a real scan takes about a second a page, on a busy machine. */
const MAX_DRAW_MS = 20_000;
/** The worker's JavaScript heap; past it the worker is stopped, never the server. */
const WORKER_HEAP_MB = 256;
/** PDFs drawn at the same moment; more wait their turn (each takes a core while it draws). */
const DRAWN_AT_ONCE = 2;
/** The grey band between two pages in the kept image. */
const PAGE_GAP = 16;
const JPEG_QUALITY = 90;

const REFUSALS = {
  pages: () => new HttpError(413, 'too_large', MSG.pdfTooManyPages),
  password: () => new HttpError(400, 'invalid_file_type', MSG.pdfPassword),
  unreadable: () => new HttpError(400, 'invalid_file_type', MSG.pdfUnreadable),
};

/** The packages the worker loads, which tsx would take ten times as long to load. */
const WORKER_PACKAGES = ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', '@napi-rs/canvas'];

/**
 * A worker running pdfPagesWorker: its build in dist/server when the server runs compiled; from the sources
 * (development, tests), the TypeScript beside this file through tsx, which a worker does not inherit, once the
 * packages it imports are loaded without it.
 */
function startWorker(options: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(path.join(appRoot(), 'dist/server/pdf-pages.js'), options);
  const require = createRequire(import.meta.url);
  const urls = [
    ...WORKER_PACKAGES.map((p) => pathToFileURL(require.resolve(p)).href),
    new URL('./pdfPagesWorker.ts', import.meta.url).href,
  ];
  const source = JSON.stringify(urls.pop());
  const packages = JSON.stringify(urls);
  const script = `Promise.all(${packages}.map((p) => import(p))).then(() => import('tsx/esm/api')).then((tsx) => { tsx.register(); return import(${source}); });`;
  return new Worker(script, { ...options, eval: true });
}

/**
 * Draws the pages in a worker thread that is stopped when it runs out of time or memory (a page whose drawing
 * never ends, a stream that inflates to gigabytes): the PDF is then unreadable. A worker that cannot start at
 * all is the server's own failure and rejects.
 */
function drawInWorker(pdf: Buffer): Promise<PdfPagesAnswer> {
  const job: PdfPagesJob = {
    pdf: new Uint8Array(pdf),
    maxPages: MAX_PDF_PAGES,
    dpi: DPI,
    maxSide: PAGE_MAX_SIDE,
    maxImagePixels: MAX_IMAGE_PIXELS,
  };
  return new Promise((resolve, reject) => {
    const worker = startWorker({ workerData: job, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    let timer: NodeJS.Timeout | undefined;
    const done = (answer: PdfPagesAnswer | Error) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer instanceof Error) reject(answer);
      else resolve(answer);
    };
    worker.on('message', (message: typeof READY | PdfPagesAnswer) => {
      if (message !== READY) done(message);
      else timer = setTimeout(() => done({ refused: 'unreadable' }), MAX_DRAW_MS);
    });
    worker.once('error', (err: Error & { code?: string }) =>
      done(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { refused: 'unreadable' } : err),
    );
    worker.once('exit', () => done({ refused: 'unreadable' }));
  });
}

let drawing = 0;
const waiting: (() => void)[] = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  while (drawing >= DRAWN_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  drawing++;
  try {
    return await work();
  } finally {
    drawing--;
    waiting.shift()?.();
  }
}

/** The pages one under the other, centred, with a grey band between them, as one JPEG. */
function stacked(pages: DrawnPage[]): Promise<Buffer> {
  const width = Math.max(...pages.map((p) => p.width));
  const height = pages.reduce((sum, p) => sum + p.height, 0) + PAGE_GAP * (pages.length - 1);
  let top = 0;
  const layers = pages.map((p) => {
    const layer = {
      input: Buffer.from(p.rgba.buffer, p.rgba.byteOffset, p.rgba.byteLength),
      raw: { width: p.width, height: p.height, channels: 4 as const },
      left: Math.floor((width - p.width) / 2),
      top,
    };
    top += p.height + PAGE_GAP;
    return layer;
  });
  return sharp({ create: { width, height, channels: 3, background: '#d9d9d9' } })
    .composite(layers)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

/**
 * An uploaded PDF drawn into one JPEG of its pages, which is what is kept of it: the document itself (its
 * scripts, attached files, forms and links) never is. A PDF that cannot be drawn is refused with the product's
 * message: too many pages (413), a password or anything PDF.js cannot read, or that takes too long or too
 * much memory to draw (400).
 */
export async function pdfAsImage(pdf: Buffer): Promise<Buffer> {
  const answer = await inTurn(() => drawInWorker(pdf));
  if ('refused' in answer) throw REFUSALS[answer.refused]();
  if (!answer.pages.length) throw REFUSALS.unreadable();
  return stacked(answer.pages);
}
