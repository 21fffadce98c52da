/**
 * The Issue Slip (docs/decisions/supplies.md, printed-documents.md): the office's letterhead, the request, the
 * requester and the department the request is charged to, the supplies issued with what was asked
 * and what went, and the received-by and issued-by signature lines.
 */
import { requestCode } from '../../../core/borrowing/rules';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { issuedText, SUPPLY_MSG } from '../../../core/inventory/supplies';
import { formatCalendarDate, formatDateTimeIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { conflict } from '../../errors';
import { letterheadOf } from '../../lib/letterhead';
import { drawFields, drawHeading, drawPageNumbers, drawSignatures, drawTable, letterheadPdf, pdfBytes } from '../../lib/pdfDocument';
import { nameOf } from '../accounts';
import { departmentNames } from '../departments';

export async function issueSlipPdf(ctx: Ctx, request: BorrowRequestDto): Promise<Buffer> {
  const issued = request.items.filter((l) => l.supply && l.quantityApproved > 0);
  if (!issued.length || request.decidedAt === null) throw conflict(SUPPLY_MSG.notIssued, 'nothing_issued');
  const head = await letterheadOf(ctx);
  const row = await ctx.db.selectFrom('borrow_requests').select('decided_by').where('id', '=', request.id).executeTakeFirstOrThrow();
  const issuer = row.decided_by === null ? '' : await nameOf(ctx.db, row.decided_by);
  const charged =
    request.departmentId === null ? undefined : (await departmentNames(ctx.db, [request.departmentId])).get(request.departmentId);
  const doc = letterheadPdf(
    head,
    `Issue Slip: ${requestCode(request.id)}`,
    `Issued: ${formatDateTimeIn(request.decidedAt, head.timeZone)}`,
    'Issue Slip',
  );
  drawFields(doc, [
    ['Requested by', request.requesterName],
    ['Department', charged ? `${charged.name} (${charged.code})` : ''],
    ['Date needed', formatCalendarDate(request.dateNeeded)],
    ['Purpose', request.purpose],
  ]);
  drawHeading(doc, 'Supplies issued');
  drawTable(
    doc,
    [
      { header: 'Item', width: 3 },
      { header: 'Category', width: 1.4 },
      { header: 'Asked', width: 0.8 },
      { header: 'Issued', width: 0.8 },
      { header: 'Note', width: 1.6 },
    ],
    issued.map((l) => [
      l.name,
      l.category,
      String(l.quantityRequested),
      String(l.quantityApproved),
      issuedText(l.quantityApproved, l.quantityRequested),
    ]),
  );
  drawSignatures(doc, [
    { caption: 'Received by:', name: request.requesterName, title: 'Requester' },
    { caption: 'Issued by:', name: issuer, title: 'General Services Office' },
  ]);
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
