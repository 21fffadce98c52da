/**
 * The Acknowledgement Receipt and the Transfer Slip (docs/decisions/custody.md, printed-documents.md): the office's
 * letterhead, the custodian, the date, the units with tag, property number, item and value, and the signature lines.
 */
import { SLIP_TITLES, slipCode } from '../../../core/custody/rules';
import { formatPesoPdf } from '../../../core/format';
import { formatDateTimeIn } from '../../../core/time';
import type { Ctx } from '../../context';
import { letterheadOf } from '../../lib/letterhead';
import {
  drawFields,
  drawHeading,
  drawPageNumbers,
  drawSignatures,
  drawTable,
  drawTextBox,
  letterheadPdf,
  pdfBytes,
} from '../../lib/pdfDocument';
import type { slipWithUnits } from './queries';

type SlipData = NonNullable<Awaited<ReturnType<typeof slipWithUnits>>>;

export async function slipPdf(ctx: Ctx, { slip, units }: SlipData): Promise<Buffer> {
  const head = await letterheadOf(ctx);
  const title = SLIP_TITLES[slip.kind];
  const code = slipCode(slip.kind, slip.id);
  const receipt = slip.kind === 'receipt';
  const doc = letterheadPdf(
    head,
    `${title}: ${code}`,
    `${receipt ? 'Issued' : 'Transferred'}: ${formatDateTimeIn(slip.created_at, head.timeZone)}`,
    title,
  );
  const holderLabel = slip.holder_kind === 'room' ? 'Room' : 'Custodian';
  drawFields(
    doc,
    receipt
      ? [
          [holderLabel, slip.holder_name],
          ['Date', formatDateTimeIn(slip.created_at, head.timeZone)],
          ['Issued by', slip.created_by_name],
          ['Units', String(units.length)],
        ]
      : [
          ['From', slip.from_name ?? ''],
          [`To (${holderLabel.toLowerCase()})`, slip.holder_name],
          ['Date', formatDateTimeIn(slip.created_at, head.timeZone)],
          ['Prepared by', slip.created_by_name],
        ],
  );
  drawTextBox(
    doc,
    'Statement',
    receipt
      ? 'I acknowledge receipt of the property listed below, issued for long-term official use, and accept accountability for it until it is transferred or returned to the General Services Office.'
      : 'The property listed below is transferred from the previous custodian to the receiver, who accepts accountability for it from the date of confirmation until it is transferred or returned to the General Services Office.',
    40,
  );
  drawHeading(doc, 'Property');
  const total = units.reduce((s, u) => s + Number(u.purchase_cost_cents ?? 0), 0);
  drawTable(
    doc,
    [
      { header: 'Asset tag', width: 1.3 },
      { header: 'Property number', width: 1.4 },
      { header: 'Item', width: 2.4 },
      { header: 'Serial number', width: 1.4 },
      { header: 'Value', width: 1.2, align: 'right' },
    ],
    [
      ...units.map((u) => [
        u.tag,
        u.property_number ?? '',
        u.item_name,
        u.serial_number ?? '',
        u.purchase_cost_cents === null ? '' : formatPesoPdf(Number(u.purchase_cost_cents) / 100),
      ]),
      { cells: ['Total', '', '', '', formatPesoPdf(total / 100)], bold: true },
    ],
  );
  drawSignatures(
    doc,
    receipt
      ? [
          {
            caption: 'Received by:',
            name: slip.holder_kind === 'room' ? '' : slip.holder_name,
            title: slip.holder_kind === 'room' ? `For ${slip.holder_name}` : 'Custodian',
          },
          { caption: 'Issued by:', name: slip.created_by_name, title: 'General Services Office' },
        ]
      : [
          { caption: 'Transferred by:', name: slip.from_name ?? '', title: 'Previous custodian' },
          { caption: 'Received by:', name: slip.holder_kind === 'room' ? '' : slip.holder_name, title: 'New custodian' },
          { caption: 'Noted by:', name: slip.created_by_name, title: 'General Services Office' },
        ],
  );
  drawPageNumbers(doc, head.office);
  return pdfBytes(doc);
}
