/**
 * The Maintenance Report of a completed repair as a PDF (docs/product.md; docs/decisions/printed-documents.md), drawn like the
 * office's other printed documents (server/lib/pdfDocument.ts): the letterhead from the site settings, the report's
 * information, location, issue, work performed, admin notes and actual cost, the photos before and after side by
 * side, signature lines, and when it was generated, in campus time (docs/decisions/printed-documents.md).
 */
import sharp from 'sharp';
import { formatPesoPdf } from '../../../core/format';
import { MSG } from '../../../core/messages';
import { PRIORITY_LABELS, REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { formatCalendarDate, formatDateTimeIn } from '../../../core/time';
import {
  drawFields,
  drawHeading,
  drawImagesSideBySide,
  drawPageNumbers,
  drawSignatures,
  drawTextBox,
  generatedLine,
  letterheadPdf,
  pdfBytes,
} from '../../lib/pdfDocument';

const MAINTENANCE_REPORT_TITLE = 'Maintenance Report';

/** A stored photo as PNG, which the PDF can hold whatever the photo's own format (a GIF, say); null if unreadable. */
const asPng = (photo: Buffer | null) =>
  photo
    ? sharp(photo)
        .png()
        .toBuffer()
        .catch(() => null)
    : Promise.resolve(null);

export async function repairReportPdf(
  r: RepairReportDto,
  photos: { before: Buffer | null; after: Buffer | null; damage?: Buffer | null },
  head: { office: string; institution: string; timeZone: string },
  at: string,
): Promise<Buffer> {
  const doc = letterheadPdf(head, MAINTENANCE_REPORT_TITLE, generatedLine(at, head.timeZone), `${MAINTENANCE_REPORT_TITLE} ${r.code}`);
  drawHeading(doc, 'Report Information');
  drawFields(doc, [
    ['Report ID', r.code],
    ['Status', REPAIR_STATUS_LABELS[r.status]],
    ['Priority', PRIORITY_LABELS[r.priority]],
    ['Reported by', r.reporterName],
    ['Date reported', formatDateTimeIn(r.dateReported, head.timeZone)],
    ['Assigned personnel', r.assignedName ?? 'Not yet assigned'],
    ['Date completed', r.dateCompleted ? formatCalendarDate(r.dateCompleted) : 'Not completed'],
    ['Actual cost', r.actualCost === null ? '' : formatPesoPdf(r.actualCost)],
    ['Location', `${r.building} - ${r.room}`],
  ]);
  drawTextBox(doc, 'Issue Description', r.issueDescription, 30);
  // Equipment damage found at a return (docs/decisions/return-conditions.md): what, from which loan, and its photo.
  if (r.damage) {
    drawHeading(doc, 'Equipment Damage', 260);
    drawFields(doc, [
      ['Item', r.damage.unitTag ? `${r.damage.itemName} (${r.damage.unitTag})` : `${r.damage.itemName} x ${r.damage.quantity}`],
      ['Loan', r.damage.requestCode ?? 'Request deleted'],
      ['Borrower', r.damage.borrowerName],
    ]);
    drawImagesSideBySide(doc, [{ image: await asPng(photos.damage ?? null), caption: 'Damage found at the return' }], 180);
  }
  drawTextBox(doc, 'Work Performed', r.workDescription || MSG.noWorkDescription, 30);
  if (r.adminNotes) drawTextBox(doc, 'Admin Notes', r.adminNotes, 30);
  drawHeading(doc, 'Proof of Work', 200);
  const [before, after] = await Promise.all([asPng(photos.before), asPng(photos.after)]);
  drawImagesSideBySide(doc, [
    { image: before, caption: 'Before' },
    { image: after, caption: 'After' },
  ]);
  drawSignatures(doc, [
    { caption: 'Work performed by:', name: r.assignedName ?? undefined, title: 'GSO Personnel' },
    { caption: 'Received by:', name: r.reporterName, title: 'Reporter' },
    { caption: 'Noted by:', title: 'Head, General Services Office' },
  ]);
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
