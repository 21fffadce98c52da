/**
 * Label sheets (docs/decisions/labels-and-scanning.md): a PDF of QR labels, one per thing the office marks (a room,
 * a tracked unit). Each label has the QR code of the thing's short address with its quiet zone, the code in large
 * bold type, the name (shortened with an ellipsis when too long) and the office's name in small type.
 *
 * Two layouts: 'sheet', A4 with 3 x 8 labels of 70 x 37 mm (Avery 3474 and its equivalents: 24 per sheet, no side
 * margins); 'single', one 62 x 29 mm label per page (Brother DK-11209 and the like: a label printer's roll cut
 * label by label). The QR matrix comes from the `qrcode` package and is drawn as vector squares, so it prints sharp
 * at any printer's resolution.
 */
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { MAX_LABELS, type LabelLayout } from '../../core/common/labels';
import { MSG } from '../../core/messages';
import { badRequest } from '../errors';
import { pdfBytes, type Pdf } from './pdfDocument';

export interface Label {
  /** The tag or code, printed large under or beside the QR code ("SCI-101", "PRJ-0042"). */
  code: string;
  /** What the label is on ("Chemistry Lab", "Epson projector"). */
  name: string;
  /** The short address the QR code holds (https://gso.campus.edu/r/SCI-101). */
  url: string;
}

export { MAX_LABELS, type LabelLayout };

/**
 * The short address a label's QR code holds: APP_URL/u/TAG for a unit, APP_URL/r/CODE for a room (the tag or code
 * URL-encoded, a trailing slash of APP_URL dropped).
 */
export const shortAddress = (appUrl: string, kind: 'u' | 'r', code: string) =>
  `${appUrl.replace(/\/+$/, '')}/${kind}/${encodeURIComponent(code)}`;

const MM = 72 / 25.4;

interface Geometry {
  /** The page's size in points. */
  page: [number, number];
  columns: number;
  rows: number;
  /** A label's size, and the top-left corner of the first label, in points. */
  label: [number, number];
  origin: [number, number];
  /** Space kept clear inside the label's edge (printers do not print to the edge, and cutting drifts). */
  inset: number;
  /** The largest size of the code's type, and the name's lines. */
  codeSize: number;
  nameLines: number;
}

const GEOMETRY: Record<LabelLayout, Geometry> = {
  sheet: {
    page: [210 * MM, 297 * MM],
    columns: 3,
    rows: 8,
    label: [70 * MM, 37 * MM],
    // 8 x 37 mm = 296 mm: the half millimetre left over above and below.
    origin: [0, 0.5 * MM],
    inset: 2.5 * MM,
    codeSize: 15,
    nameLines: 2,
  },
  single: {
    page: [62 * MM, 29 * MM],
    columns: 1,
    rows: 1,
    label: [62 * MM, 29 * MM],
    origin: [0, 0],
    inset: 1.5 * MM,
    codeSize: 13,
    nameLines: 2,
  },
};

/** Modules of white kept around the code: the standard's quiet zone, so a reader finds the code's edge. */
const QUIET = 4;

/** The label's QR matrix drawn as black squares (a row's run of dark modules as one rectangle) in a `size` square at x, y, quiet zone included. */
function drawQr(doc: Pdf, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const cell = size / (n + 2 * QUIET);
  const x0 = x + QUIET * cell;
  const y0 = y + QUIET * cell;
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && qr.modules.get(r, c)) c++;
      // A hair wider and taller than the cell, so neighbouring squares meet without a hairline between them.
      doc.rect(x0 + start * cell, y0 + r * cell, (c - start) * cell + 0.02, cell + 0.02);
    }
  }
  doc.fillColor('#000000').fill();
}

/** `text` in at most `lines` lines of `width`, the last one ending in an ellipsis when the text does not fit. */
export function fitLines(doc: Pdf, text: string, width: number, lines: number): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  const out: string[] = [];
  let line = '';
  const fits = (s: string) => doc.widthOfString(s) <= width;
  let i = 0;
  while (i < words.length && out.length < lines) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      i++;
    } else if (!line) {
      // One word longer than the line: cut it.
      let cut = word;
      while (cut.length > 1 && !fits(cut)) cut = cut.slice(0, -1);
      out.push(cut);
      words[i] = word.slice(cut.length);
      if (!words[i]) i++;
    } else {
      out.push(line);
      line = '';
    }
  }
  if (line && out.length < lines) out.push(line);
  if (i < words.length && out.length) {
    let last = out[out.length - 1]!;
    while (last && !fits(`${last}…`)) last = last.slice(0, -1).trimEnd();
    out[out.length - 1] = `${last}…`;
  }
  return out;
}

/**
 * The code at the largest type size, at most `max`, at which it fits `width` on one line; a code too long even at
 * 7 pt goes on two lines (a code is never shortened while it fits two).
 */
function fitCode(doc: Pdf, text: string, width: number, max: number): string[] {
  for (let size = max; size >= 7; size -= 0.5) {
    doc.fontSize(size);
    if (doc.widthOfString(text) <= width) return [text];
  }
  doc.fontSize(7);
  return fitLines(doc, text, width, 2);
}

function drawLabel(doc: Pdf, g: Geometry, label: Label, office: string, x: number, y: number): void {
  const [w, h] = g.label;
  const inner = h - 2 * g.inset;
  // The QR code fills the label's height; its quiet zone is part of the square, so it may reach the edge inset.
  const qrSize = h - 2 * (g.inset / 2);
  drawQr(doc, label.url, x + g.inset / 2, y + g.inset / 2, qrSize);
  const tx = x + qrSize + g.inset / 2;
  const tw = w - (tx - x) - g.inset;
  const top = y + g.inset;

  doc.font('Helvetica-Bold');
  let at = top;
  doc.fillColor('#000000');
  for (const line of fitCode(doc, label.code, tw, g.codeSize)) {
    doc.text(line, tx, at, { width: tw, lineBreak: false });
    at += doc.currentLineHeight(true);
  }
  at += 1;

  const nameSize = g === GEOMETRY.single ? 7.5 : 9;
  doc.font('Helvetica').fontSize(nameSize);
  for (const line of fitLines(doc, label.name, tw, g.nameLines)) {
    doc.text(line, tx, at, { width: tw, lineBreak: false });
    at += doc.currentLineHeight(true);
  }

  const officeSize = g === GEOMETRY.single ? 5.5 : 6.5;
  doc.font('Helvetica').fontSize(officeSize).fillColor('#333333');
  const officeLine = fitLines(doc, office, tw, 1)[0] ?? '';
  doc.text(officeLine, tx, top + inner - doc.currentLineHeight(true), { width: tw, lineBreak: false });
}

/**
 * The labels as a PDF in the layout, each with the office's name. At least one label and at most MAX_LABELS
 * (400 otherwise: the caller's filters are the way to a smaller run).
 */
export async function labelSheetPdf(labels: readonly Label[], layout: LabelLayout, office: string, title = 'Labels'): Promise<Buffer> {
  if (!labels.length) throw badRequest(MSG.labelsNone);
  if (labels.length > MAX_LABELS) throw badRequest(MSG.labelsTooMany(labels.length, MAX_LABELS));
  const g = GEOMETRY[layout];
  const perPage = g.columns * g.rows;
  const doc = new PDFDocument({
    size: g.page,
    margin: 0,
    autoFirstPage: false,
    info: { Title: title, Author: office, Creator: 'Campus GSO' },
  });
  labels.forEach((label, i) => {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size: g.page, margin: 0 });
    const col = slot % g.columns;
    const row = Math.floor(slot / g.columns);
    drawLabel(doc, g, label, office, g.origin[0] + col * g.label[0], g.origin[1] + row * g.label[1]);
  });
  return pdfBytes(doc);
}

/** Where each label of a layout sits on its page, in points from the top-left: for tests that read the codes back label by label. */
export function labelCells(layout: LabelLayout): { page: [number, number]; cells: { x: number; y: number; w: number; h: number }[] } {
  const g = GEOMETRY[layout];
  const cells = [];
  for (let row = 0; row < g.rows; row++)
    for (let col = 0; col < g.columns; col++)
      cells.push({ x: g.origin[0] + col * g.label[0], y: g.origin[1] + row * g.label[1], w: g.label[0], h: g.label[1] });
  return { page: g.page, cells };
}
