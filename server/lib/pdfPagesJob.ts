/** What pdfImage.ts and its worker (pdfPagesWorker.ts) say to each other: nothing here runs anything. */

/** What the worker is given: the PDF's bytes and the limits it draws within. */
export interface PdfPagesJob {
  pdf: Uint8Array;
  maxPages: number;
  /** Dots per inch the pages are drawn at, less where a side would pass maxSide pixels. */
  dpi: number;
  maxSide: number;
  /** Pictures inside the PDF with more pixels than this are left out of the drawing. */
  maxImagePixels: number;
}
export interface DrawnPage {
  width: number;
  height: number;
  /** 4 bytes a pixel, row after row. */
  rgba: Uint8Array;
}
/** The pages drawn, or why the PDF was not: too many pages, a password, or anything else that stops PDF.js. */
export type PdfPagesAnswer = { pages: DrawnPage[] } | { refused: 'pages' | 'password' | 'unreadable' };
/** Sent first, once PDF.js is loaded: the drawing's time counts from here, whatever loading took on a busy machine. */
export const READY = 'ready';
