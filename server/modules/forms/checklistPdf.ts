/** The Preventive Maintenance Checklist as a filled PDF with signature space (docs/product.md, docs/decisions/form-checks.md; docs/decisions/printed-documents.md). */
import { CHECKLIST_GROUPS, CHECKLIST_TITLE, MARKS } from '../../../core/forms/checklist';
import type { ChecklistForm } from '../../../core/forms/schemas';
import { formatDateTimeIn } from '../../../core/time';
import {
  drawFields,
  drawPageNumbers,
  drawSignatures,
  drawTable,
  generatedLine,
  letterheadPdf,
  pdfBytes,
  type Row,
} from '../../lib/pdfDocument';

export interface ChecklistExtras {
  /** When the document was made (or the inspection saved), ISO. */
  at: string;
  /** A saved inspection: its number and priority, printed under the title. */
  inspection?: { id: number; priority: string; savedBy: string };
}

export async function checklistPdf(
  form: ChecklistForm,
  head: { office: string; institution?: string; timeZone: string },
  extras: ChecklistExtras,
) {
  const subtitle = extras.inspection
    ? `Inspection INS-${extras.inspection.id} - saved ${formatDateTimeIn(extras.at, head.timeZone)} by ${extras.inspection.savedBy} - priority ${extras.inspection.priority}`
    : generatedLine(extras.at, head.timeZone);
  const doc = letterheadPdf(head, CHECKLIST_TITLE, subtitle);
  drawFields(
    doc,
    [
      ['Campus', form.campus],
      ['Building', form.building],
      ['Designation', form.designation],
      ['Room/Office', form.roomOffice],
      ['Month & Year', form.monthYear],
    ],
    2,
  );
  doc.moveDown(0.3);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text('Mark each particular: Without problem (check), With problem (x), or Not applicable (na).', { align: 'left' });
  doc.moveDown(0.3);

  const rows: Row[] = [];
  for (const g of CHECKLIST_GROUPS) {
    rows.push({ cells: [g.no, g.title, '', '', '', ''], bold: true });
    for (const [key, name] of g.items) {
      const p = form.particulars[key as keyof typeof form.particulars];
      const marks = MARKS.map((m) => (p?.status === m ? m : ''));
      rows.push({ cells: [key, name, ...marks, p?.remarks ?? ''], minHeight: 18 });
    }
  }
  drawTable(
    doc,
    [
      { header: 'No.', width: 0.6 },
      { header: 'Particulars', width: 2.2 },
      { header: 'Without problem', width: 1, align: 'center', mark: true },
      { header: 'With problem', width: 1, align: 'center', mark: true },
      { header: 'N/A', width: 0.6, align: 'center', mark: true },
      { header: 'Remarks', width: 3.4 },
    ],
    rows,
  );

  drawSignatures(doc, [
    { caption: 'Inspected by:', title: 'GSO Personnel' },
    { caption: 'Noted by:', title: 'Head, General Services Office' },
  ]);
  drawPageNumbers(doc, `${CHECKLIST_TITLE} - ${form.building || 'Building'} ${form.roomOffice}`.trim());
  return pdfBytes(doc);
}
