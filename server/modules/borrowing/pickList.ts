/** The day's pick list (docs/decisions/reservations.md, printed-documents.md): the letterhead, what goes out, what comes back. */
import { holdsText } from '../../../core/borrowing/rules';
import type { CalendarRequestDto, OfficeCalendarDto } from '../../../core/borrowing/schemas';
import { formatCalendarDate, formatDateTimeIn } from '../../../core/time';
import { createPdf, drawHeader, drawHeading, drawPageNumbers, drawSignatures, drawTable, pdfBytes } from '../../lib/pdfDocument';

export async function pickListPdf(
  day: OfficeCalendarDto['days'][number],
  requests: Map<number, CalendarRequestDto>,
  head: { office: string; institution: string; timeZone: string },
): Promise<Buffer> {
  const doc = createPdf('Pick List');
  drawHeader(doc, {
    office: head.office,
    institution: head.institution,
    title: `Pick List: ${formatCalendarDate(day.date)}`,
    subtitle: `Generated: ${formatDateTimeIn(new Date().toISOString(), head.timeZone)}`,
  });
  const columns = [
    { header: 'Request', width: 1.1 },
    { header: 'Borrower', width: 1.8 },
    { header: 'Items', width: 4 },
    { header: 'Due back', width: 1.4 },
    { header: 'Done', width: 0.8, mark: true },
  ];
  const rowsOf = (ids: number[], out: boolean) =>
    ids.flatMap((id) => {
      const r = requests.get(id);
      if (!r) return [];
      const done = out ? (r.bookAhead ? r.handedOutAt !== null : false) : r.status !== 'approved';
      return [[r.code, r.requesterName, holdsText(r.holds) || 'Nothing', formatCalendarDate(r.dateExpectedReturn), done ? 'x' : '']];
    });
  drawHeading(doc, 'Going out');
  drawTable(doc, columns, rowsOf(day.goingOut, true), 'Nothing goes out this day.');
  drawHeading(doc, 'Coming back');
  drawTable(doc, columns, rowsOf(day.comingBack, false), 'Nothing is due back this day.');
  drawHeading(doc, 'Overdue');
  drawTable(doc, columns, rowsOf(day.overdue, false), 'Nothing is overdue.');
  drawSignatures(doc, [{ caption: 'Prepared by:', title: 'GSO Personnel' }]);
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
