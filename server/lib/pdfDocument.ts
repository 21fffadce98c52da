/**
 * The office's printed documents (docs/decisions/printed-documents.md), drawn with pdfkit: an A4 page with the office header, tables
 * whose header row repeats on every page they cross, labelled fields with room to write, signature lines, and
 * "Page x of y" on every page. The inventory report and the preventive-maintenance forms are built from these.
 */
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { formatDateTimeIn } from '../../core/time';

export type Pdf = PDFKit.PDFDocument;

const MARGIN = 40;
const FOOTER = 24;
const INK = '#111111';
export const MUTED = '#555555';
const RULE = '#999999';
const SHADE = '#e8edf3';

/** A new document; pages are kept until the end so each can be numbered "Page x of y". */
export function createPdf(title: string): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: 'Campus GSO', Creator: 'Campus GSO' },
  });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  return doc;
}

/** The width between the margins. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const left = (doc: Pdf) => doc.page.margins.left;
const bottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when fewer than `height` points are left on this one. */
function ensureRoom(doc: Pdf, height: number): void {
  if (doc.y + height > bottom(doc)) doc.addPage();
}

export interface HeaderInfo {
  /** The office ("General Services Office"). */
  office: string;
  /** The university or the office's address, under the office. */
  institution?: string;
  /** The document's title. */
  title: string;
  /** A line under the title, e.g. "Generated: Nov 20, 2026, 3:05 PM". */
  subtitle?: string;
}

/** "Generated: Nov 20, 2026, 3:05 PM", in the office's time zone: the line under most documents' titles. */
export const generatedLine = (at: string, timeZone: string) => `Generated: ${formatDateTimeIn(at, timeZone)}`;

/**
 * A new document under the office's header: `title` and the line under it drawn, `name` (the title by default) as
 * the file's own title.
 */
export function letterheadPdf(head: { office: string; institution?: string }, title: string, subtitle: string, name = title): Pdf {
  const doc = createPdf(name);
  drawHeader(doc, { office: head.office, institution: head.institution, title, subtitle });
  return doc;
}

/** The office header: office and institution centred, the title in bold, a rule under it. */
export function drawHeader(doc: Pdf, h: HeaderInfo, at?: { top: number }): void {
  const x = left(doc);
  const w = contentWidth(doc);
  if (at) doc.y = at.top;
  doc.font('Helvetica-Bold').fontSize(14).fillColor(INK).text(h.office, x, doc.y, { width: w, align: 'center' });
  if (h.institution) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(h.institution, x, doc.y, { width: w, align: 'center' });
  doc.moveDown(0.4);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(h.title.toUpperCase(), x, doc.y, { width: w, align: 'center' });
  if (h.subtitle) doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(h.subtitle, x, doc.y, { width: w, align: 'center' });
  doc.moveDown(0.3);
  doc
    .moveTo(x, doc.y)
    .lineTo(x + w, doc.y)
    .lineWidth(1)
    .strokeColor(INK)
    .stroke();
  doc.moveDown(0.6);
  doc.font('Helvetica').fontSize(10).fillColor(INK);
}

/** A bold section heading, kept on the page with at least `keep` points after it. */
export function drawHeading(doc: Pdf, text: string, keep = 60): void {
  ensureRoom(doc, 18 + keep);
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(text, left(doc), doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
  doc.font('Helvetica').fontSize(10);
}

export interface Column {
  header: string;
  /** A column of check marks: a cell with any text gets a drawn tick instead of its text. */
  mark?: boolean;
  /** A share of the table's width; the shares are scaled to fill it. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

const PAD = 4;

type PlacedColumn = { x: number; w: number; align: Column['align']; mark?: boolean };
/** A row: its cells, or its cells with a style (a group's heading row is bold and shaded, a form row is taller). */
export type Row = string[] | { cells: string[]; bold?: boolean; minHeight?: number };
const cellsOf = (row: Row) => (Array.isArray(row) ? row : row.cells);

const fontOf = (header: boolean, bold: boolean) => (header || bold ? 'Helvetica-Bold' : 'Helvetica');

/** A tick drawn in the middle of a cell. */
function drawTick(doc: Pdf, x: number, y: number, w: number, h: number) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  doc
    .moveTo(cx - 5, cy)
    .lineTo(cx - 1.5, cy + 4)
    .lineTo(cx + 6, cy - 5)
    .lineWidth(1.6)
    .strokeColor(INK)
    .stroke();
}

function rowHeight(doc: Pdf, cols: PlacedColumn[], row: Row, header: boolean): number {
  const bold = !Array.isArray(row) && !!row.bold;
  const min = (!Array.isArray(row) && row.minHeight) || 16;
  return Math.max(
    min,
    ...cellsOf(row).map((c, i) => {
      doc.font(fontOf(header, bold)).fontSize(9);
      if (!header && cols[i]!.mark) return 0;
      return doc.heightOfString(c || ' ', { width: cols[i]!.w - 2 * PAD }) + 2 * PAD;
    }),
  );
}

/** One row of cells at the current y; answers its height. */
function drawRow(doc: Pdf, cols: PlacedColumn[], row: Row, header: boolean): number {
  const cells = cellsOf(row);
  const bold = !Array.isArray(row) && !!row.bold;
  const height = rowHeight(doc, cols, row, header);
  const y = doc.y;
  const x0 = cols[0]!.x;
  const total = cols.reduce((s, c) => s + c.w, 0);
  if (header || bold) doc.rect(x0, y, total, height).fill(header ? SHADE : '#f4f6f8');
  doc.fillColor(INK);
  cells.forEach((c, i) => {
    const col = cols[i]!;
    if (!header && col.mark) {
      if (c) drawTick(doc, col.x, y, col.w, height);
      return;
    }
    doc.font(fontOf(header, bold)).fontSize(9).fillColor(INK);
    doc.text(c, col.x + PAD, y + PAD, { width: col.w - 2 * PAD, align: col.align ?? 'left' });
  });
  doc.lineWidth(0.5).strokeColor(RULE);
  doc.rect(x0, y, total, height).stroke();
  for (const col of cols.slice(1))
    doc
      .moveTo(col.x, y)
      .lineTo(col.x, y + height)
      .stroke();
  doc.x = x0;
  doc.y = y + height;
  return height;
}

/**
 * A table across as many pages as it needs: the header row is drawn again at the top of every page the
 * table continues on, and a row is never split between pages. With no rows, `empty` is written instead.
 */
export function drawTable(doc: Pdf, columns: Column[], rows: Row[], empty = 'None.'): void {
  const w = contentWidth(doc);
  const share = columns.reduce((s, c) => s + c.width, 0);
  let x = left(doc);
  const cols: PlacedColumn[] = columns.map((c) => {
    const col = { x, w: (c.width / share) * w, align: c.align, mark: c.mark };
    x += col.w;
    return col;
  });
  const headers = columns.map((c) => c.header);
  const heightOf = (row: Row, header: boolean) => rowHeight(doc, cols, row, header);
  ensureRoom(doc, heightOf(headers, true) + 20);
  doc.y = Math.max(doc.y, doc.page.margins.top);
  drawRow(doc, cols, headers, true);
  if (!rows.length) {
    drawRow(doc, [{ x: cols[0]!.x, w, align: 'center' }], [empty], false);
  }
  for (const row of rows) {
    const h = heightOf(row, false);
    if (doc.y + h > bottom(doc)) {
      doc.addPage();
      drawRow(doc, cols, headers, true);
    }
    drawRow(doc, cols, row, false);
  }
  doc.moveDown(0.5);
  doc.font('Helvetica').fontSize(10);
}

/** "Label: value" pairs in a grid of `perRow` columns, the value underlined (a filled-in form field). */
export function drawFields(doc: Pdf, fields: [string, string][], perRow = 2, rowHeight = 22): void {
  const w = contentWidth(doc);
  const cellW = w / perRow;
  for (let i = 0; i < fields.length; i += perRow) {
    const line = fields.slice(i, i + perRow);
    doc.fontSize(9);
    const h = Math.max(
      rowHeight,
      ...line.map(([label, value]) => doc.heightOfString(value || ' ', { width: cellW - doc.widthOfString(`${label}: `) - 12 }) + 10),
    );
    ensureRoom(doc, h);
    const y = doc.y;
    line.forEach(([label, value], j) => {
      const x = left(doc) + j * cellW;
      doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
      const lw = doc.widthOfString(`${label}: `);
      doc.text(`${label}:`, x, y + 2, { width: lw + 2, lineBreak: false });
      doc.font('Helvetica').text(value, x + lw + 2, y + 2, { width: cellW - lw - 12 });
      doc
        .moveTo(x + lw, y + h - 4)
        .lineTo(x + cellW - 8, y + h - 4)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    });
    doc.x = left(doc);
    doc.y = y + h;
  }
  doc.fontSize(10);
}

/** A long text in a ruled box of at least `minHeight` points. */
export function drawTextBox(doc: Pdf, label: string, value: string, minHeight = 50): void {
  const w = contentWidth(doc);
  doc.font('Helvetica').fontSize(9);
  const h = Math.max(minHeight, doc.heightOfString(value || ' ', { width: w - 2 * PAD }) + 2 * PAD);
  ensureRoom(doc, h + 16);
  doc.font('Helvetica-Bold').text(`${label}:`, left(doc), doc.y, { width: w });
  const y = doc.y + 2;
  doc.lineWidth(0.5).strokeColor(RULE).rect(left(doc), y, w, h).stroke();
  doc
    .font('Helvetica')
    .fillColor(INK)
    .text(value, left(doc) + PAD, y + PAD, { width: w - 2 * PAD });
  doc.x = left(doc);
  doc.y = y + h + 6;
}

/**
 * Pictures side by side, each fitted in an equal share of the width and `height` points, its caption under it;
 * a missing picture leaves its share with the caption and `missing` in its place.
 */
export function drawImagesSideBySide(
  doc: Pdf,
  images: { image: Buffer | null; caption: string }[],
  height = 180,
  missing = 'No photo',
): void {
  const gap = 12;
  const w = (contentWidth(doc) - gap * (images.length - 1)) / images.length;
  ensureRoom(doc, height + 20);
  const y = doc.y;
  images.forEach(({ image, caption }, i) => {
    const x = left(doc) + i * (w + gap);
    if (image) doc.image(image, x, y, { fit: [w, height], align: 'center', valign: 'center' });
    else
      doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(MUTED)
        .text(missing, x, y + height / 2, { width: w, align: 'center' });
    doc.lineWidth(0.5).strokeColor(RULE).rect(x, y, w, height).stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(caption, x, y + height + 4, { width: w, align: 'center' });
  });
  doc.x = left(doc);
  doc.y = y + height + 20;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
}

export interface Signature {
  /** Above the line, small: what the signer does ("Prepared by:"). */
  caption: string;
  /** Printed on the line: the signer's name, when known. */
  name?: string;
  /** Under the line: the signer's title. */
  title: string;
}

/** Signature blocks side by side: caption, a blank space to sign, a line with the name, the title under it. */
export function drawSignatures(doc: Pdf, signatures: Signature[], space = 40): void {
  const w = contentWidth(doc);
  const cellW = w / signatures.length;
  ensureRoom(doc, space + 36);
  const y = doc.y + 6;
  signatures.forEach((s, i) => {
    const x = left(doc) + i * cellW;
    const lineW = cellW - 24;
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(s.caption, x, y, { width: lineW });
    const lineY = y + space;
    if (s.name)
      doc
        .font('Helvetica-Bold')
        .fillColor(INK)
        .text(s.name, x, lineY - 12, { width: lineW, align: 'center' });
    doc
      .moveTo(x, lineY)
      .lineTo(x + lineW, lineY)
      .lineWidth(0.7)
      .strokeColor(INK)
      .stroke();
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(INK)
      .text(`Signature over printed name`, x, lineY + 2, { width: lineW, align: 'center' });
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .text(s.title, x, lineY + 12, { width: lineW, align: 'center' });
  });
  doc.x = left(doc);
  doc.y = y + space + 26;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
}

/** "Page x of y" at the foot of every page, with an optional note on the left. Call once, when the content is done. */
export function drawPageNumbers(doc: Pdf, note?: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    const savedBottom = margins.bottom;
    margins.bottom = 0; // writing in the footer must not start a new page
    const y = doc.page.height - MARGIN - 10;
    const w = contentWidth(doc);
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    if (note) doc.text(note, margins.left, y, { width: w / 2, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, margins.left + w / 2, y, { width: w / 2, align: 'right', lineBreak: false });
    margins.bottom = savedBottom;
  }
}

/** Ends the document and answers its bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The Content-Disposition of a download, the file name kept to safe characters. */
export const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

/**
 * Answers a generated PDF under `fileName`, never cached (it says when it was made): a download, or `inline` for a
 * document opened to be printed.
 */
export const sendPdf = (reply: FastifyReply, fileName: string, pdf: Buffer, disposition: 'attachment' | 'inline' = 'attachment') =>
  reply
    .type('application/pdf')
    .header('content-disposition', disposition === 'inline' ? attachment(fileName).replace(/^attachment/, 'inline') : attachment(fileName))
    .header('cache-control', 'no-store')
    .send(pdf);
