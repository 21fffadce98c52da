/** The inventory report as the office files it (docs/decisions/printed-documents.md): header, counts, one table per group, page numbers. */
import {
  REPORT_COUNT_LABELS,
  REPORT_GROUPS,
  REPORT_ITEM_COLUMNS,
  TOTAL_VALUE_LABEL,
  UNRETURNED_COLUMNS,
  unreturnedTitle,
} from '../../../core/inventory/reportLayout';
import { formatPesoPdf } from '../../../core/format';
import type { InventoryReport } from '../../../core/inventory/report';
import { STOCK_LEVEL_LABELS } from '../../../core/inventory/rules';
import { formatCalendarDate } from '../../../core/time';
import { drawHeading, drawPageNumbers, drawSignatures, drawTable, generatedLine, letterheadPdf, pdfBytes } from '../../lib/pdfDocument';

export interface Letterhead {
  office: string;
  institution?: string;
  timeZone: string;
}

export async function inventoryReportPdf(report: InventoryReport, head: Letterhead): Promise<Buffer> {
  const generated = generatedLine(report.generatedAt, head.timeZone);
  const doc = letterheadPdf(head, 'Inventory Report', generated);

  drawHeading(doc, 'Summary');
  drawTable(
    doc,
    REPORT_COUNT_LABELS.map(([, label]) => ({ header: label, width: 1, align: 'center' })),
    [REPORT_COUNT_LABELS.map(([key]) => String(report.counts[key]))],
  );

  drawTable(doc, [{ header: TOTAL_VALUE_LABEL, width: 1, align: 'center' }], [[formatPesoPdf(report.totalValue)]]);

  for (const g of REPORT_GROUPS) {
    const items = report[g.key];
    drawHeading(doc, `${g.title} (${items.length})`);
    drawTable(
      doc,
      REPORT_ITEM_COLUMNS.map((header, i) => ({
        header,
        width: [2.2, 1.5, 1, 0.9, 1.1, 0.8, 0.9, 0.8, 0.7, 1.6][i]!,
        align: i === 0 || i === 1 || i === 4 ? 'left' : 'right',
      })),
      items.map((it) => [
        it.name,
        it.category,
        String(it.quantity),
        String(it.minStock),
        STOCK_LEVEL_LABELS[it.stockLevel],
        String(it.figures.onLoan),
        String(it.figures.issued),
        String(it.figures.inRepair),
        String(it.figures.lost),
        it.valueOnHand === null ? '' : formatPesoPdf(it.valueOnHand),
      ]),
      'No items.',
    );
  }

  drawHeading(doc, unreturnedTitle(report));
  drawTable(
    doc,
    UNRETURNED_COLUMNS.map((header, i) => ({ header, width: [1.2, 1, 2.6, 1, 1.4, 1.4][i]!, align: i === 3 ? 'right' : 'left' })),
    report.unreturned.map((u) => [
      u.requestCode,
      String(u.userId),
      u.itemName,
      String(u.quantityApproved),
      formatCalendarDate(u.dateNeeded),
      formatCalendarDate(u.dateExpectedReturn),
    ]),
    'No unreturned items.',
  );

  drawSignatures(doc, [
    { caption: 'Prepared by:', title: 'Property Custodian' },
    { caption: 'Noted by:', title: 'Head, General Services Office' },
  ]);
  drawPageNumbers(doc, `Inventory Report - ${generated}`);
  return pdfBytes(doc);
}
