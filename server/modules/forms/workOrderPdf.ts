/**
 * The Work Order Request Form as a filled PDF (docs/product.md, docs/decisions/form-checks.md; docs/decisions/printed-documents.md): the university work order, two
 * copies on one page (the requester's and the office's) divided by a cut line, each with the approval sections
 * for the Head of the Auxiliary Unit and the Head of the General Services Office. When a long request makes a
 * copy taller than half the page, each copy gets its own page.
 */
import { WORK_ORDER_FIELDS, WORK_ORDER_TITLE, type WorkOrderKey } from '../../../core/forms/workOrder';
import type { WorkOrderForm } from '../../../core/forms/schemas';
import { formatWallTime } from '../../../core/time';
import {
  contentWidth,
  createPdf,
  drawFields,
  drawHeader,
  drawPageNumbers,
  drawSignatures,
  drawTextBox,
  generatedLine,
  MUTED,
  type Pdf,
  pdfBytes,
} from '../../lib/pdfDocument';

const COPIES = ["Requesting Unit's Copy", "General Services Office's Copy"];
const DATES: WorkOrderKey[] = ['date', 'dateTimeStarted', 'dateTimeCompleted'];

function value(form: WorkOrderForm, key: WorkOrderKey): string {
  const v = form[key];
  return DATES.includes(key) ? formatWallTime(v) : v;
}

function drawCopy(doc: Pdf, form: WorkOrderForm, head: { office: string; institution?: string }, copy: string, generated: string) {
  drawHeader(doc, { office: head.office, institution: head.institution, title: WORK_ORDER_TITLE, subtitle: `${copy} - ${generated}` });
  const label = (f: (typeof WORK_ORDER_FIELDS)[number]) => ('hint' in f ? `${f.label} (${f.hint})` : f.label);
  const short = WORK_ORDER_FIELDS.filter((f) => !('long' in f) && f.key !== 'approvedBy');
  const [first, rest] = [short.slice(0, 4), short.slice(4)];
  drawFields(
    doc,
    first.map((f) => [label(f), value(form, f.key)]),
    2,
    18,
  );
  drawTextBox(doc, 'Work Order Request', form.workOrderRequest, 30);
  drawFields(
    doc,
    rest.map((f) => [label(f), value(form, f.key)]),
    2,
    18,
  );
  drawSignatures(
    doc,
    [
      { caption: 'Recommending approval:', title: 'Head of the Auxiliary Unit' },
      { caption: 'Approved by:', name: form.approvedBy || undefined, title: 'Head, General Services Office' },
    ],
    30,
  );
}

export async function workOrderPdf(form: WorkOrderForm, head: { office: string; institution?: string; timeZone: string }, at: string) {
  const doc = createPdf(WORK_ORDER_TITLE);
  const generated = generatedLine(at, head.timeZone);
  const half = doc.page.margins.top + (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / 2;
  drawCopy(doc, form, head, COPIES[0]!, generated);
  if (doc.y <= half - 10 && doc.bufferedPageRange().count === 1) {
    // The cut line, then the second copy on the lower half.
    const x = doc.page.margins.left;
    doc
      .moveTo(x, half)
      .lineTo(x + contentWidth(doc), half)
      .dash(4, { space: 3 })
      .lineWidth(0.5)
      .strokeColor(MUTED)
      .stroke()
      .undash();
    doc
      .font('Helvetica')
      .fontSize(7)
      .fillColor(MUTED)
      .text('cut here', x, half + 2, { width: contentWidth(doc), align: 'center' });
    doc.y = half + 12;
  } else {
    doc.addPage();
  }
  drawCopy(doc, form, head, COPIES[1]!, generated);
  drawPageNumbers(doc, WORK_ORDER_TITLE);
  return pdfBytes(doc);
}
