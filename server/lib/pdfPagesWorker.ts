/**
 * Draws an uploaded PDF's pages into pixels with Mozilla's PDF.js, in a worker thread of its own (see pdfImage.ts,
 * which starts it, bounds its time and memory, and turns the pixels into the image that is kept). Nothing of the
 * document but what its pages look like comes out: scripts, attached files, form fields' actions and links are
 * never run or copied, and PDF.js fetches nothing from the network (its fonts and decoders are read from its
 * package on disk).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
// PDF.js's own worker code, run in this thread (PDF.js looks for it here), loaded before the drawing's time counts.
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { READY, type DrawnPage, type PdfPagesAnswer, type PdfPagesJob } from './pdfPagesJob';

/** PDF's own largest page side, in points (200 inches): a page past it is not a document anyone scanned. */
const MAX_PAGE_POINTS = 14_400;

const packageDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** A folder inside pdfjs-dist, as PDF.js wants it (a path ending with a slash). */
const dataDir = (name: string) => path.join(packageDir, name) + path.sep;

async function drawPages({ pdf, maxPages, dpi, maxSide, maxImagePixels }: PdfPagesJob): Promise<PdfPagesAnswer> {
  const task = getDocument({
    data: pdf,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: dataDir('standard_fonts'),
    cMapUrl: dataDir('cmaps'),
    iccUrl: dataDir('iccs'),
    wasmUrl: dataDir('wasm'),
    maxImageSize: maxImagePixels,
    verbosity: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    return { refused: (err as Error).name === 'PasswordException' ? 'password' : 'unreadable' };
  }
  if (doc.numPages > maxPages) return { refused: 'pages' };
  const pages: DrawnPage[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const size = page.getViewport({ scale: 1 });
    const side = Math.max(size.width, size.height);
    if (!(side > 0) || side > MAX_PAGE_POINTS) return { refused: 'unreadable' };
    const viewport = page.getViewport({ scale: Math.min(dpi / 72, maxSide / side) });
    const width = Math.max(1, Math.floor(viewport.width));
    const height = Math.max(1, Math.floor(viewport.height));
    const canvas = createCanvas(width, height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
    const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    pages.push({ width, height, rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength) });
    page.cleanup();
  }
  await doc.destroy();
  return { pages };
}

// Whatever PDF.js throws later, outside the drawing's own promise, also makes the PDF unreadable.
const unreadable = () => parentPort!.postMessage({ refused: 'unreadable' } satisfies PdfPagesAnswer);
process.on('uncaughtException', unreadable);
process.on('unhandledRejection', unreadable);

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;
parentPort!.postMessage(READY);
drawPages(workerData as PdfPagesJob).then((answer) => {
  const buffers = 'pages' in answer ? answer.pages.map((p) => p.rgba.buffer as ArrayBuffer) : [];
  parentPort!.postMessage(answer, buffers);
}, unreadable);
