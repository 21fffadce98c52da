/**
 * Tracked units as CSV (docs/decisions/units.md), as the inventory CSV does (../csv.ts): export every unit or one
 * item's; import in two steps, a preview checking every row and a confirm importing all rows in one transaction
 * or none. A row names its unit by asset tag: a unit already there is updated (on its own item only), others are
 * added to the tracked item the row names.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { safeCell, unsafeCell } from '../../../../core/common/csv';
import { UNIT_CSV_COLUMNS, UNIT_CSV_MAX_ROWS, type UnitCsvField } from '../../../../core/inventory/csvColumns';
import type { UnitCsvPreview } from '../../../../core/inventory/unitCsv';
import {
  isTag,
  tidyTag,
  UNIT_CONDITIONS,
  UNIT_EDIT_STATUSES,
  UNIT_MSG,
  UNIT_SERIAL_MAX,
  UNIT_STATUS_LABELS,
  UNIT_STATUSES,
  type UnitStatus,
} from '../../../../core/inventory/units';
import { MSG } from '../../../../core/messages';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import type { Account } from '../../../db/schema';
import { badRequest } from '../../../errors';
import { allPlaces } from '../../locations';
import { applyUnitImport, trackedItemsNamed, type UnitImport } from './import';
import { unitsForExport, unitsTagged } from './rows';

export async function exportUnitsCsv(ctx: Ctx, itemId?: number): Promise<string> {
  const units = await unitsForExport(ctx.db, itemId);
  const rows = units.map((u) =>
    [u.item_name, u.tag, u.serial_number ?? '', u.condition, UNIT_STATUS_LABELS[u.status as UnitStatus] ?? u.status, u.room_code ?? ''].map(
      safeCell,
    ),
  );
  return stringify([UNIT_CSV_COLUMNS.map(([h]) => h), ...rows], { bom: true, record_delimiter: 'windows' });
}

const HEADER_ALIASES: Record<string, UnitCsvField> = {
  item: 'item',
  itemname: 'item',
  assettag: 'tag',
  tag: 'tag',
  serialnumber: 'serialNumber',
  serial: 'serialNumber',
  condition: 'condition',
  status: 'status',
  homeroomcode: 'room',
  homeroom: 'room',
  room: 'room',
};
const REQUIRED: UnitCsvField[] = ['item', 'tag'];
const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
/** "On loan", "in_repair", "IN REPAIR" → on_loan, in_repair. */
const statusOf = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

type Cells = Record<UnitCsvField, string>;
interface Row {
  line: number;
  cells: Cells;
  plan: UnitImport | null;
  error: string | null;
  action: 'create' | 'update' | 'unchanged';
}

async function readFile(db: Db, csv: string): Promise<{ rows: Row[]; fileError: string | null }> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    return { rows: [], fileError: MSG.csvUnreadable((err as Error).message) };
  }
  if (records.length < 2)
    return { rows: [], fileError: 'The file has no rows to import. The first line must name the columns (Item, Asset Tag).' };
  if (records.length - 1 > UNIT_CSV_MAX_ROWS) return { rows: [], fileError: MSG.csvTooManyRows(UNIT_CSV_MAX_ROWS) };
  const header = records[0]!.map((h) => HEADER_ALIASES[squeeze(h)]);
  const missing = REQUIRED.filter((f) => !header.includes(f));
  if (missing.length)
    return { rows: [], fileError: MSG.csvMissingColumns(missing.map((f) => UNIT_CSV_COLUMNS.find(([, x]) => x === f)![0])) };
  const cellsOf = (record: string[]) => {
    const cells: Cells = { item: '', tag: '', serialNumber: '', condition: '', status: '', room: '' };
    header.forEach((field, col) => {
      if (field) cells[field] = unsafeCell(record[col] ?? '');
    });
    return cells;
  };
  const all = records.slice(1).map(cellsOf);
  const [items, units, places] = await Promise.all([
    trackedItemsNamed(
      db,
      all.map((c) => c.item),
    ),
    unitsTagged(db, all.map((c) => tidyTag(c.tag)).filter(isTag)),
    allPlaces(db),
  ]);
  const rooms = new Map(places.rooms.map((r) => [r.code.toUpperCase(), r]));
  const seen = new Map<string, number>();
  const rows = all.map((cells, i): Row => {
    const line = i + 2;
    const fail = (error: string): Row => ({ line, cells, plan: null, error, action: 'create' });
    const named = items.filter((it) => it.name.toLowerCase() === cells.item.trim().toLowerCase());
    if (!cells.item.trim()) return fail('Item is required: the name of a tracked item.');
    if (named.length === 0) return fail(`No tracked item is named ${cells.item.trim()}. Track the item first, or check its name.`);
    if (named.length > 1) return fail(`Several tracked items are named ${cells.item.trim()}; rename one so each is found.`);
    const item = named[0]!;
    const tag = tidyTag(cells.tag);
    if (!tag) return fail(UNIT_MSG.tagRequired);
    if (!isTag(tag)) return fail(UNIT_MSG.tagInvalid);
    const first = seen.get(tag);
    if (first !== undefined) return fail(`The same asset tag is already on line ${first} of this file.`);
    seen.set(tag, line);
    const serial = cells.serialNumber.trim() || null;
    if (serial && serial.length > UNIT_SERIAL_MAX) return fail(UNIT_MSG.serialTooLong);
    const unit = units.get(tag) ?? null;
    if (unit && unit.item_id !== item.id) return fail(`${tag} is a unit of another item; a unit cannot move to another item.`);
    const condition = cells.condition.trim().toLowerCase() || (unit?.condition ?? 'good');
    if (!(UNIT_CONDITIONS as readonly string[]).includes(condition)) return fail(UNIT_MSG.conditionInvalid);
    const status = statusOf(cells.status) || (unit?.status ?? 'available');
    if (!(UNIT_STATUSES as readonly string[]).includes(status)) return fail(UNIT_MSG.statusInvalid);
    const code = cells.room.trim().toUpperCase();
    const room = code ? rooms.get(code) : null;
    if (code && !room) return fail(`No room has the code ${code}.`);
    const plan: UnitImport = {
      itemId: item.id,
      itemName: item.name,
      unit,
      tag,
      serialNumber: serial,
      condition,
      status,
      homeRoomId: room?.id ?? null,
      roomCode: room?.code ?? null,
    };
    const same =
      unit &&
      unit.serial_number === serial &&
      unit.condition === condition &&
      unit.status === status &&
      unit.home_room_id === (room?.id ?? null);
    if (unit && !same) {
      if (unit.status === 'on_loan') return fail(UNIT_MSG.unitOnLoan(tag));
      if (unit.status === 'issued') return fail(UNIT_MSG.unitIssued(tag));
      if (unit.status === 'retired') return fail(UNIT_MSG.unitRetired(tag));
    }
    if (!same && !(UNIT_EDIT_STATUSES as readonly string[]).includes(status)) return fail(UNIT_MSG.statusInvalid);
    return { line, cells, plan, error: null, action: !unit ? 'create' : same ? 'unchanged' : 'update' };
  });
  return { rows, fileError: null };
}

export async function previewUnitsCsv(ctx: Ctx, csv: string): Promise<UnitCsvPreview> {
  const { rows, fileError } = await readFile(ctx.db, csv);
  const out = rows.map((r) => ({ line: r.line, ...r.cells, action: r.action, error: r.error }));
  return {
    rows: out,
    errors: out.filter((r) => r.error).length,
    creates: out.filter((r) => !r.error && r.action === 'create').length,
    updates: out.filter((r) => !r.error && r.action === 'update').length,
    fileError,
  };
}

/** Step two: read and checked again in the transaction; with any wrong row nothing is imported. */
export async function importUnitsCsv(ctx: Ctx, actor: Account, csv: string) {
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const { rows, fileError } = await readFile(trx, csv);
    if (fileError) throw badRequest(fileError, 'invalid_csv');
    const wrong = rows.filter((r) => r.error);
    if (wrong.length) throw badRequest(MSG.csvRowsWrong(wrong.length, wrong[0]!.line, wrong[0]!.error!), 'invalid_csv');
    return applyUnitImport(
      ctx,
      trx,
      actor,
      rows.filter((r) => r.action !== 'unchanged').map((r) => r.plan!),
    );
  });
  return { message: MSG.csvImported(counts.created, counts.updated), ...counts };
}
