/** The day's pick list (docs/decisions/reservations.md, printed-documents.md): the letterhead, what goes out, what comes back. */
import { holdsText } from '../../../core/borrowing/rules';
import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import type { CalendarRequestDto, OfficeCalendarDto } from '../../../core/borrowing/schemas';
import { formatCalendarDate } from '../../../core/time';
import { drawHeading, drawPageNumbers, drawSignatures, drawTable, generatedLine, letterheadPdf, pdfBytes } from '../../lib/pdfDocument';

export async function pickListPdf(
  day: OfficeCalendarDto['days'][number],
  requests: Map<number, CalendarRequestDto>,
  head: { office: string; institution: string; timeZone: string },
): Promise<Buffer> {
  const doc = letterheadPdf(
    head,
    `Pick List: ${formatCalendarDate(day.date)}`,
    generatedLine(new Date().toISOString(), head.timeZone),
    'Pick List',
  );
  const columns = [
    { header: 'Request', width: 1.1 },
    { header: 'Time', width: 0.8 },
    { header: 'Borrower', width: 1.7 },
    { header: 'Items', width: 2.9 },
    { header: 'Due back', width: 1.8 },
    { header: 'Done', width: 0.8, mark: true },
  ];
  // A booking's hour on the day: collected at its pick-up time, back by its return time; blank for whole days.
  const timeOf = (r: CalendarRequestDto, kind: 'out' | 'back' | 'late') =>
    (kind === 'out' ? r.timeFrom : kind === 'back' ? r.timeTo : null) ?? '';
  const rowsOf = (ids: number[], kind: 'out' | 'back' | 'late') =>
    ids.flatMap((id) => {
      const r = requests.get(id);
      if (!r) return [];
      const done = kind === 'out' ? (r.bookAhead ? r.handedOutAt !== null : false) : r.status !== 'approved';
      return [
        [
          r.code,
          timeOf(r, kind),
          r.requesterName,
          holdsText(r.holds) || 'Nothing',
          dateAndTime(r.dateExpectedReturn, r.timeTo),
          done ? 'x' : '',
        ],
      ];
    });
  drawHeading(doc, 'Going out');
  drawTable(doc, columns, rowsOf(day.goingOut, 'out'), 'Nothing goes out this day.');
  drawHeading(doc, 'Coming back');
  drawTable(doc, columns, rowsOf(day.comingBack, 'back'), 'Nothing is due back this day.');
  drawHeading(doc, 'Overdue');
  drawTable(doc, columns, rowsOf(day.overdue, 'late'), 'Nothing is overdue.');
  drawSignatures(doc, [{ caption: 'Prepared by:', title: 'GSO Personnel' }]);
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
