/**
 * The count report (docs/decisions/counts.md): the count's facts and figures, the units found, those not found with
 * their values (purchase cost), those moved to the room they were found in, the quantity differences of items
 * counted by quantity, and the signature lines; as a PDF on the office's letterhead and as CSV.
 */
import { stringify } from 'csv-stringify/sync';
import { safeCell } from '../../../../core/common/csv';
import { formatPesoPdf } from '../../../../core/format';
import { COUNT_WORDS, withCustodian } from '../../../../core/inventory/counts';
import type { CountDto, CountUnitRowDto } from '../../../../core/inventory/countSchemas';
import { formatDateTimeIn } from '../../../../core/time';
import type { Db } from '../../../db/database';
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
import { allItems, allUnits } from './lists';
import { countDto } from './reads';

type Head = { office: string; institution: string; timeZone: string };

async function reportOf(db: Db, countId: number) {
  const count = await countDto(db, countId);
  const [found, elsewhere, unexpected, missing, moved, items] = await Promise.all([
    allUnits(db, countId, 'found'),
    allUnits(db, countId, 'found_elsewhere'),
    allUnits(db, countId, 'unexpected'),
    allUnits(db, countId, 'not_found'),
    allUnits(db, countId, 'expected', 'moved'),
    allItems(db, countId),
  ]);
  return { count, found: [...found, ...elsewhere, ...unexpected].sort((a, b) => a.tag.localeCompare(b.tag)), missing, moved, items };
}

const scopeOf = (c: CountDto) =>
  `${c.wholeCampus ? COUNT_WORDS.wholeCampus : c.buildings.map((b) => b.name).join(', ')}; ${c.categories.length ? c.categories.join(', ') : COUNT_WORDS.allCategories}`;
const value = (rows: CountUnitRowDto[]) => rows.reduce((sum, r) => sum + (r.purchaseCost ?? 0), 0);
/** Where the count expected it: its room's code, with its person (in custody), or no room. */
const expectedIn = (u: CountUnitRowDto) => u.homeRoom ?? (u.custodian ? withCustodian(u.custodian) : COUNT_WORDS.noRoom);

export async function countReportPdf(db: Db, countId: number, head: Head): Promise<{ reference: string; pdf: Buffer }> {
  const { count: c, found, missing, moved, items } = await reportOf(db, countId);
  const at = (iso: string | null) => (iso ? formatDateTimeIn(iso, head.timeZone) : '');
  const doc = letterheadPdf(
    head,
    COUNT_WORDS.countReport,
    generatedLine(new Date().toISOString(), head.timeZone),
    `${COUNT_WORDS.countReport}: ${c.reference}`,
  );
  drawFields(doc, [
    ['Reference', c.reference],
    ['Name', c.name],
    ['Scope', scopeOf(c)],
    ['Status', c.status === 'open' ? COUNT_WORDS.open : COUNT_WORDS.closed],
    ['Started', `${at(c.startedAt)}${c.startedBy ? ` by ${c.startedBy}` : ''}`],
    ['Closed', c.closedAt ? `${at(c.closedAt)}${c.closedBy ? ` by ${c.closedBy}` : ''}` : 'Not yet'],
    ['Units expected', String(c.figures.expected)],
    ['Units found', `${c.figures.found + c.figures.foundElsewhere} (${c.figures.foundElsewhere} in another room)`],
    ['Units not found', `${c.figures.notFound} (${formatPesoPdf(value(missing))})`],
    ['Unknown tags', String(c.figures.unknownTags)],
  ]);

  drawHeading(doc, `Not found (${missing.length})`);
  drawTable(
    doc,
    [
      { header: 'Tag', width: 1.1 },
      { header: 'Item', width: 1.8 },
      { header: 'Home room', width: 1.1 },
      { header: COUNT_WORDS.custodian, width: 1.4 },
      { header: 'Value', width: 1.1, align: 'right' },
      { header: 'Marked lost', width: 1.2 },
    ],
    [
      ...missing.map((u) => [
        u.tag,
        u.itemName,
        expectedIn(u),
        u.custodian ?? '',
        u.purchaseCost === null ? '' : formatPesoPdf(u.purchaseCost),
        at(u.lostAt),
      ]),
      ...(missing.length ? [{ cells: ['Total', '', '', '', formatPesoPdf(value(missing)), ''], bold: true }] : []),
    ],
  );

  drawHeading(doc, `Relocated (${moved.length})`);
  drawTable(
    doc,
    [
      { header: 'Tag', width: 1.2 },
      { header: 'Item', width: 2.2 },
      { header: 'Was in', width: 1.1 },
      { header: 'Now in', width: 1.1 },
      { header: 'Moved', width: 1.3 },
    ],
    moved.map((u) => [u.tag, u.itemName, u.homeRoom ?? COUNT_WORDS.noRoom, u.foundRoom ?? '', at(u.movedAt)]),
  );

  drawHeading(doc, `Quantity differences (${items.filter((i) => i.difference).length} of ${items.length} items)`);
  drawTable(
    doc,
    [
      { header: 'Item', width: 2.4 },
      { header: 'Expected', width: 0.9, align: 'right' },
      { header: 'Counted', width: 0.9, align: 'right' },
      { header: 'Difference', width: 0.9, align: 'right' },
      { header: 'Value', width: 1.1, align: 'right' },
    ],
    items
      .filter((i) => i.counted === null || i.difference !== 0)
      .map((i) => [
        i.itemName,
        String(i.expected),
        i.counted === null ? 'Not counted' : String(i.counted),
        i.difference === null ? '' : i.difference > 0 ? `+${i.difference}` : String(i.difference),
        i.difference === null || i.unitCost === null ? '' : formatPesoPdf(i.difference * i.unitCost),
      ]),
  );

  drawHeading(doc, `Found (${found.length})`);
  drawTable(
    doc,
    [
      { header: 'Tag', width: 1.2 },
      { header: 'Item', width: 2.2 },
      { header: 'Home room', width: 1 },
      { header: 'Found in', width: 1 },
      { header: 'Counted by', width: 1.4 },
    ],
    found.map((u) => [u.tag, u.itemName, expectedIn(u), u.foundRoom ?? '', u.foundBy ?? '']),
  );

  doc.moveDown(1);
  drawSignatures(doc, [
    { caption: COUNT_WORDS.countedBy, title: 'Counter' },
    { caption: COUNT_WORDS.verifiedBy, title: 'Property custodian' },
    { caption: COUNT_WORDS.approvedBy, title: head.office },
  ]);
  drawPageNumbers(doc, `${COUNT_WORDS.countReport} ${c.reference}`);
  return { reference: c.reference, pdf: await pdfBytes(doc) };
}

export const COUNT_REPORT_COLUMNS = [
  'Section',
  'Tag',
  'Item',
  'Home room',
  'Found in',
  'Counted by',
  'Counted at',
  'Value',
  'Expected',
  'Counted',
  'Difference',
  'Moved at',
  'Marked lost at',
  'Custodian',
] as const;

export async function countReportCsv(db: Db, countId: number, timeZone: string): Promise<{ reference: string; csv: string }> {
  const { count: c, found, missing, moved, items } = await reportOf(db, countId);
  const at = (iso: string | null) => (iso ? formatDateTimeIn(iso, timeZone) : '');
  const unit = (section: string, u: CountUnitRowDto) => [
    section,
    u.tag,
    u.itemName,
    expectedIn(u),
    u.foundRoom ?? '',
    u.foundBy ?? '',
    at(u.foundAt),
    u.purchaseCost === null ? '' : u.purchaseCost.toFixed(2),
    '',
    '',
    '',
    at(u.movedAt),
    at(u.lostAt),
    u.custodian ?? '',
  ];
  const csv = stringify(
    [
      [...COUNT_REPORT_COLUMNS],
      ...found.map((u) => unit('Found', u)),
      ...missing.map((u) => unit('Not found', u)),
      ...moved.map((u) => unit('Relocated', u)),
      ...items.map((i) => [
        'Quantity',
        '',
        i.itemName,
        '',
        '',
        '',
        '',
        i.unitCost === null ? '' : i.unitCost.toFixed(2),
        i.expected,
        i.counted ?? '',
        i.difference ?? '',
        '',
        '',
        '',
      ]),
    ].map((row) => row.map((cell) => (typeof cell === 'string' ? safeCell(cell) : cell))),
  );
  return { reference: c.reference, csv };
}
