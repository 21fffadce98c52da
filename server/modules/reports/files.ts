/** A report as CSV and as a PDF in the office's printed style (server/lib/pdfDocument.ts). */
import { stringify } from 'csv-stringify/sync';
import { safeCell } from '../../../core/common/csv';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { reportCellText } from '../../../core/reports/cells';
import type { Report } from '../../../core/reports/schemas';
import { formatCalendarDate } from '../../../core/time';
import { drawPageNumbers, drawTable, generatedLine, letterheadPdf, pdfBytes } from '../../lib/pdfDocument';

/** The filters a report was made with, as one line: "Nov 1, 2026 to Nov 30, 2026; category Electrical". */
export function filtersLine(r: Report): string {
  const parts = [`${formatCalendarDate(r.from)} to ${formatCalendarDate(r.to)}`];
  if (r.filters.category) parts.push(`category ${r.filters.category}`);
  if (r.filters.building) parts.push(`building ${r.filters.building}`);
  if (r.filters.trade) parts.push(`trade ${jobTypeLabel(r.filters.trade)}`);
  if (r.filters.per) parts.push(`per ${r.filters.per}`);
  return parts.join('; ');
}

/** The totals row in words, for the mail: "All categories: Overdue now 3, Returned late 1, …" (the PDF's last row). */
export function totalsLine(r: Report): string {
  if (!r.totals || !r.rows.length) return 'Nothing in this period.';
  const [name, ...figures] = r.totals;
  const said = figures
    .map((v, i) => (v === null || v === '' ? '' : `${r.columns[i + 1].label} ${reportCellText(v, r.columns[i + 1])}`))
    .filter(Boolean)
    .join(', ');
  return `${reportCellText(name, r.columns[0])}: ${said}.`;
}

export function reportCsv(r: Report): string {
  const cell = (v: string | number | null) => (v === null ? '' : typeof v === 'number' ? String(v) : safeCell(v));
  const lines = [r.columns.map((c) => c.label), ...r.rows.map((row) => row.map(cell))];
  if (r.totals) lines.push(r.totals.map(cell));
  return stringify([[`${r.title}: ${filtersLine(r)}`], ...lines]);
}

export async function reportPdf(r: Report, head: { office: string; institution: string; timeZone: string }): Promise<Buffer> {
  const doc = letterheadPdf(head, r.title, `${filtersLine(r)}. ${generatedLine(r.generatedAt, head.timeZone)}`);
  // The PDF's standard font has no peso sign: "PHP 1,234.50".
  const line = (row: Report['rows'][number]) => row.map((v, j) => reportCellText(v, r.columns[j], '', 'PHP '));
  const rows = r.rows.map(line);
  if (r.totals && r.rows.length) rows.push(line(r.totals));
  drawTable(
    doc,
    r.columns.map((c) => ({ header: c.label, width: c.numeric ? 1 : 2, align: c.numeric ? ('right' as const) : ('left' as const) })),
    rows.map((cells, i) => ({ cells, bold: !!r.totals && i === r.rows.length })),
    'Nothing in this period.',
  );
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
