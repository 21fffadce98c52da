/** The Delivery receipt (docs/decisions/stock-card.md): the office's letterhead, the delivery's facts, its lines with their costs and the total, and signature lines. */
import { formatPesoPdf } from '../../../../core/format';

import { DELIVERY_WORDS } from '../../../../core/inventory/deliveries';
import type { DeliveryDto } from '../../../../core/inventory/stockSchemas';
import { formatCalendarDate } from '../../../../core/time';
import {
  drawFields,
  drawHeading,
  drawPageNumbers,
  drawSignatures,
  drawTable,
  generatedLine,
  letterheadPdf,
  pdfBytes,
} from '../../../lib/pdfDocument';

export async function deliveryReceiptPdf(d: DeliveryDto, head: { office: string; institution: string; timeZone: string }): Promise<Buffer> {
  const doc = letterheadPdf(
    head,
    DELIVERY_WORDS.deliveryReceipt,
    generatedLine(new Date().toISOString(), head.timeZone),
    `${DELIVERY_WORDS.deliveryReceipt}: ${d.reference}`,
  );
  drawFields(doc, [
    ['Supplier', d.supplierName],
    ['Reference no.', d.reference],
    ['Date received', formatCalendarDate(d.receivedOn)],
    ['Contact', d.supplierContact ?? ''],
    ['Received by', d.receivedBy ?? ''],
    ['Status', d.reversed ? `${DELIVERY_WORDS.reversed}: ${d.reverseReason ?? ''}` : DELIVERY_WORDS.received],
  ]);
  drawHeading(doc, 'Items received');
  drawTable(
    doc,
    [
      { header: 'Item', width: 2.6 },
      { header: 'Quantity', width: 0.9, align: 'right' },
      { header: 'Unit cost', width: 1.1, align: 'right' },
      { header: 'Amount', width: 1.2, align: 'right' },
    ],
    [
      ...d.lines.map((l) => [
        l.tags.length ? `${l.itemName} (${l.tags[0]}${l.tags.length > 1 ? ` to ${l.tags[l.tags.length - 1]}` : ''})` : l.itemName,
        String(l.quantity),
        formatPesoPdf(l.unitCost),
        formatPesoPdf(l.lineTotal),
      ]),
      { cells: ['Total', '', '', formatPesoPdf(d.total)], bold: true },
    ],
  );
  if (d.note) {
    drawHeading(doc, 'Note', 20);
    doc.text(d.note);
  }
  doc.moveDown(1);
  drawSignatures(doc, [
    { caption: 'Delivered by:', title: d.supplierName },
    { caption: 'Received by:', name: d.receivedBy ?? undefined, title: head.office },
  ]);
  drawPageNumbers(doc);
  return pdfBytes(doc);
}
