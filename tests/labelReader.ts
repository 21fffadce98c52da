/** Reads label PDFs back in tests and journeys (docs/decisions/labels-and-scanning.md). */
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { labelCells, type LabelLayout } from '../server/lib/labelSheet';

const SCALE = 3;

/**
 * The QR codes read back from a label PDF: every page rendered with mupdf, each label's cell cropped (jsQR finds
 * one code per picture) and decoded, page by page and cell by cell.
 */
export function readLabels(pdf: Buffer, layout: LabelLayout): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const { cells } = labelCells(layout);
  const found: string[] = [];
  for (let p = 0; p < doc.countPages(); p++) {
    // No alpha: the page's white is painted (a transparent pixel would read as black).
    const pix = doc.loadPage(p).toPixmap(mupdf.Matrix.scale(SCALE, SCALE), mupdf.ColorSpace.DeviceRGB, false);
    const width = pix.getWidth();
    const height = pix.getHeight();
    const rgb = pix.getPixels();
    const pixels = new Uint8ClampedArray(width * height * 4);
    for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
      pixels[j] = rgb[i]!;
      pixels[j + 1] = rgb[i + 1]!;
      pixels[j + 2] = rgb[i + 2]!;
      pixels[j + 3] = 255;
    }
    for (const cell of cells) {
      const x0 = Math.floor(cell.x * SCALE);
      const y0 = Math.floor(cell.y * SCALE);
      // The QR square at the label's left, its quiet zone included, without the text beside it: words next to a
      // code can pass for finder patterns and throw jsQR off, where a phone's reader frames the code itself.
      const w = Math.min(Math.floor((Math.min(cell.w, cell.h) - 4) * SCALE), width - x0);
      const h = Math.min(Math.floor(cell.h * SCALE), height - y0);
      const crop = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++) crop.set(pixels.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x0 + w) * 4), y * w * 4);
      const code = jsQR(crop, w, h, { inversionAttempts: 'dontInvert' });
      if (code) found.push(code.data);
    }
  }
  return found;
}
