/**
 * The rooms as CSV (docs/decisions/locations.md, as docs/decisions/inventory-csv.md for items): export what the
 * screen's search and building show; import in two steps, a preview that checks every row, and a confirm that
 * imports all rows in one transaction or none. A row names its room by its code (an existing room is updated)
 * and its building by code (a code not yet on the list adds the building, with the row's building name).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { safeCell, unsafeCell } from '../../../core/common/csv';
import { LOCATION_CSV_COLUMNS, LOCATION_CSV_MAX_ROWS, type LocationCsvField } from '../../../core/locations/csvColumns';
import { type LocationCsvImportResult, type LocationCsvPreview, type LocationCsvPreviewRow } from '../../../core/locations/csv';
import { tidyCode, tidyName, type BuildingForm, type RoomForm } from '../../../core/locations/rules';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Building, Room } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import { allPlaces, roomsMatching } from './queries';
import { insertBuilding } from './buildings';
import { insertRoom, rewriteRoom, roomChanged } from './rooms';
import { checkBuilding, checkRoom } from './writes';

// ---- export ----

export async function exportLocationsCsv(ctx: Ctx, q: { search?: string; building?: number }): Promise<string> {
  const rooms = await roomsMatching(ctx, { search: q.search, building: q.building });
  const rows = rooms.map((r) => [r.buildingCode, r.buildingName, r.code, r.name, r.floor ?? '', r.notes ?? ''].map(safeCell));
  return stringify([LOCATION_CSV_COLUMNS.map(([h]) => h), ...rows], { bom: true, record_delimiter: 'windows' });
}

// ---- import ----

const HEADER_ALIASES: Record<string, LocationCsvField> = {
  buildingcode: 'buildingCode',
  building: 'buildingName',
  buildingname: 'buildingName',
  roomcode: 'roomCode',
  code: 'roomCode',
  roomname: 'roomName',
  room: 'roomName',
  floor: 'floor',
  notes: 'notes',
};
const REQUIRED: LocationCsvField[] = ['buildingCode', 'roomCode', 'roomName'];
const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

type Cells = Record<LocationCsvField, string>;
interface Row {
  line: number;
  cells: Cells;
  /** The building code (in capitals), and the new building's form when the code is not on the list yet. */
  buildingCode: string;
  /** The building's id when it is on the list already; null for one this file adds. */
  buildingId: number | null;
  newBuilding: BuildingForm | null;
  /** The room as checked, its building id still to be filled in for a new building. */
  room: Omit<RoomForm, 'buildingId'> | null;
  existing: Room | null;
  error: string | null;
}

/** The file read and every row checked against the rules and the buildings and rooms there are now. */
async function readFile(db: Db, csv: string): Promise<{ rows: Row[]; fileError: string | null }> {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    return { rows: [], fileError: MSG.csvUnreadable((err as Error).message) };
  }
  if (records.length < 2) return { rows: [], fileError: MSG.locationsCsvEmpty };
  if (records.length - 1 > LOCATION_CSV_MAX_ROWS) return { rows: [], fileError: MSG.csvTooManyRows(LOCATION_CSV_MAX_ROWS) };
  const header = records[0]!.map((h) => HEADER_ALIASES[squeeze(h)]);
  const missing = REQUIRED.filter((f) => !header.includes(f));
  if (missing.length)
    return { rows: [], fileError: MSG.csvMissingColumns(missing.map((f) => LOCATION_CSV_COLUMNS.find(([, x]) => x === f)![0])) };

  const { buildings, rooms } = await allPlaces(db);
  const buildingByCode = new Map(buildings.map((b) => [b.code, b]));
  const buildingByName = new Map(buildings.map((b) => [b.name.toLowerCase(), b]));
  const roomByCode = new Map(rooms.map((r) => [r.code, r]));
  const roomByName = new Map(rooms.map((r) => [`${r.building_id}\u0000${r.name.toLowerCase()}`, r]));
  /** New buildings named in this file: code → first line and name. */
  const newInFile = new Map<string, { line: number; name: string }>();
  const codesInFile = new Map<string, number>();
  const namesInFile = new Map<string, number>();

  const rows = records.slice(1).map((record, i): Row => {
    const line = i + 2;
    const cells = { buildingCode: '', buildingName: '', roomCode: '', roomName: '', floor: '', notes: '' } as Cells;
    header.forEach((field, col) => {
      if (field) cells[field] = unsafeCell(record[col] ?? '');
    });
    const row: Row = {
      line,
      cells,
      buildingCode: tidyCode(cells.buildingCode),
      buildingId: null,
      newBuilding: null,
      room: null,
      existing: null,
      error: null,
    };
    const fail = (error: string) => ({ ...row, error, room: null });
    const known: Building | undefined = buildingByCode.get(row.buildingCode);
    const buildingName = tidyName(cells.buildingName);
    let buildingKey: string;
    if (known) {
      if (buildingName && buildingName.toLowerCase() !== known.name.toLowerCase())
        return fail(MSG.locationsCsvBuildingNameDiffers(known.code, known.name));
      buildingKey = String(known.id);
      row.buildingId = known.id;
    } else {
      if (!buildingName && row.buildingCode) return fail(MSG.locationsCsvNewBuildingName);
      const b = checkBuilding({ code: cells.buildingCode, name: cells.buildingName });
      if (b.problem !== null) return fail(b.problem);
      const first = newInFile.get(b.form.code);
      if (first && first.name.toLowerCase() !== b.form.name.toLowerCase()) return fail(MSG.locationsCsvBuildingTwoNames(first.line));
      if (!first) {
        if (buildingByName.has(b.form.name.toLowerCase())) return fail(MSG.buildingNameTaken(b.form.name));
        newInFile.set(b.form.code, { line, name: b.form.name });
      }
      row.newBuilding = b.form;
      buildingKey = `new:${b.form.code}`;
    }
    const r = checkRoom({ buildingId: known?.id ?? 1, code: cells.roomCode, name: cells.roomName, floor: cells.floor, notes: cells.notes });
    if (r.problem !== null) return fail(r.problem);
    const { buildingId: _ignored, ...room } = r.form;
    const firstCode = codesInFile.get(room.code);
    if (firstCode !== undefined) return fail(MSG.locationsCsvDuplicateRoom(firstCode));
    codesInFile.set(room.code, line);
    const nameKey = `${buildingKey}\u0000${room.name.toLowerCase()}`;
    const firstName = namesInFile.get(nameKey);
    if (firstName !== undefined) return fail(MSG.locationsCsvDuplicateName(firstName));
    namesInFile.set(nameKey, line);
    const existing = roomByCode.get(room.code) ?? null;
    // Another room of that name in the building, not the one this row updates.
    const sameName = known ? roomByName.get(`${known.id}\u0000${room.name.toLowerCase()}`) : undefined;
    if (sameName && sameName.id !== existing?.id) return fail(MSG.roomNameTaken(room.name, known!.name));
    return { ...row, room, existing };
  });
  return { rows, fileError: null };
}

function actionOf(row: Row): LocationCsvPreviewRow['action'] {
  if (!row.room || !row.existing) return 'create';
  if (row.buildingId === null) return 'update'; // moved to a building this file adds
  return roomChanged(row.existing, { ...row.room, buildingId: row.buildingId }) ? 'update' : 'unchanged';
}

export async function previewLocationsCsv(ctx: Ctx, csv: string): Promise<LocationCsvPreview> {
  const { rows, fileError } = await readFile(ctx.db, csv);
  const out = rows.map((r) => ({ line: r.line, ...r.cells, action: actionOf(r), newBuilding: !!r.newBuilding, error: r.error }));
  return {
    rows: out,
    errors: out.filter((r) => r.error).length,
    creates: out.filter((r) => !r.error && r.action === 'create').length,
    updates: out.filter((r) => !r.error && r.action === 'update').length,
    newBuildings: new Set(rows.filter((r) => !r.error && r.newBuilding).map((r) => r.buildingCode)).size,
    fileError,
  };
}

/**
 * Import CSV, step two: the file is read and checked again; with any error nothing is imported (400, naming the
 * first wrong line). Otherwise every new building and every room is written in one transaction; a conflict found
 * there (someone changed the list meanwhile) undoes them all.
 */
export async function importLocationsCsv(ctx: Ctx, actor: Account, csv: string): Promise<LocationCsvImportResult> {
  const { rows, fileError } = await readFile(ctx.db, csv);
  if (fileError) throw badRequest(fileError, 'invalid_csv');
  const wrong = rows.filter((r) => r.error);
  if (wrong.length) throw badRequest(MSG.csvRowsWrong(wrong.length, wrong[0]!.line, wrong[0]!.error!), 'invalid_csv');
  let line = 0;
  try {
    const counts = await ctx.db.transaction().execute(async (trx) => {
      const { buildings } = await allPlaces(trx);
      const ids = new Map(buildings.map((b) => [b.code, b.id]));
      let created = 0;
      let updated = 0;
      let added = 0;
      for (const row of rows) {
        line = row.line;
        if (row.newBuilding && !ids.has(row.newBuilding.code)) {
          ids.set(row.newBuilding.code, await insertBuilding(ctx, trx, actor, row.newBuilding));
          added++;
        }
        const form: RoomForm = { ...row.room!, buildingId: ids.get(row.buildingCode)! };
        if (!row.existing) {
          await insertRoom(ctx, trx, actor, form);
          created++;
        } else if (await rewriteRoom(ctx, trx, actor, row.existing.id, form, { skipUnchanged: true })) updated++;
      }
      return { created, updated, buildings: added };
    });
    return { message: MSG.locationsCsvImported(counts.created, counts.updated, counts.buildings), ...counts };
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) throw badRequest(MSG.csvRowsWrong(1, line, err.message), 'invalid_csv');
    throw err;
  }
}
