/**
 * The inventory as CSV: export what the screen's search and category show; import in two steps,
 * a preview that checks every row with the item form rule, and a confirm that imports all rows in one
 * transaction or none. A row names an item by its name within its category: an item already there is
 * updated, never doubled. Every change goes through the inventory service, so the feed records it.
 */
import { STOCK_MSG } from '../../../core/inventory/stock';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, CSV_MAX_ROWS, type CsvField } from '../../../core/inventory/csvColumns';
import { type CsvExportQuery, type CsvImportResult, type CsvPreview, type CsvPreviewRow } from '../../../core/inventory/csv';
import { safeCell, unsafeCell } from '../../../core/common/csv';
import { CATEGORIES, ITEM_STATUSES, type ItemForm } from '../../../core/inventory/rules';
import { itemChanges } from '../../../core/inventory/notices';
import { MSG } from '../../../core/messages';
import { UNIT_MSG } from '../../../core/inventory/units';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Item } from '../../db/schema';
import { badRequest } from '../../errors';
import { itemsMatching, itemsNamed } from './queries';
import { checkItem, insertItem, rewriteItem } from './service';

// ---- export ----

export async function exportCsv(ctx: Ctx, q: CsvExportQuery): Promise<string> {
  const items = await itemsMatching(ctx, { search: q.search, category: q.category ?? 'all' });
  const rows = items.map((i) =>
    [i.name, i.description ?? '', i.category, String(i.quantity), String(i.min_stock), i.item_status].map(safeCell),
  );
  return stringify([CSV_COLUMNS.map(([h]) => h), ...rows], { bom: true, record_delimiter: 'windows' });
}

// ---- import ----

/** Header names the import understands, squeezed (lower case, letters only). */
const HEADER_ALIASES: Record<string, CsvField> = {
  itemname: 'name',
  name: 'name',
  description: 'description',
  category: 'category',
  quantity: 'quantity',
  qty: 'quantity',
  minstock: 'minStock',
  minimumstock: 'minStock',
  itemstatus: 'itemStatus',
  status: 'itemStatus',
};
const REQUIRED: CsvField[] = ['name', 'category', 'quantity', 'minStock'];
const squeeze = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

type Cells = Record<CsvField, string>;
interface ParsedRow {
  line: number;
  cells: Cells;
  form: ItemForm | null;
  error: string | null;
}

/** The file read into rows, each checked by the item form rule; or a problem with the file as a whole. */
function readFile(csv: string): { rows: ParsedRow[]; fileError: string | null } {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (err) {
    return { rows: [], fileError: MSG.csvUnreadable((err as Error).message) };
  }
  if (records.length < 2) return { rows: [], fileError: MSG.csvEmpty };
  if (records.length - 1 > CSV_MAX_ROWS) return { rows: [], fileError: MSG.csvTooManyRows(CSV_MAX_ROWS) };
  const header = records[0]!.map((h) => HEADER_ALIASES[squeeze(h)]);
  const missing = REQUIRED.filter((f) => !header.includes(f));
  if (missing.length) {
    const names = missing.map((f) => CSV_COLUMNS.find(([, field]) => field === f)![0]);
    return { rows: [], fileError: MSG.csvMissingColumns(names) };
  }
  const rows = records.slice(1).map((record, i): ParsedRow => {
    const cells = { name: '', description: '', category: '', quantity: '', minStock: '', itemStatus: '' } as Cells;
    header.forEach((field, col) => {
      if (field) cells[field] = unsafeCell(record[col] ?? '');
    });
    const category = CATEGORIES.find((c) => c.toLowerCase() === cells.category.toLowerCase()) ?? cells.category;
    const status = cells.itemStatus.toLowerCase() || 'available';
    const number = (s: string) => (s === '' ? undefined : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN);
    const checked = checkItem({
      name: cells.name,
      description: cells.description,
      category,
      quantity: number(cells.quantity),
      minStock: number(cells.minStock),
      itemStatus: (ITEM_STATUSES as readonly string[]).includes(status) ? status : cells.itemStatus,
    });
    return { line: i + 2, cells, form: checked.form, error: checked.problem };
  });
  // The same item twice in one file: the second would silently undo the first.
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (!row.form) continue;
    const key = `${row.form.category}\u0000${row.form.name.toLowerCase()}`;
    const first = seen.get(key);
    if (first !== undefined) row.error = MSG.csvDuplicateRow(first);
    else seen.set(key, row.line);
  }
  return { rows, fileError: null };
}

const keyOf = (name: string, category: string) => `${category}\u0000${name.toLowerCase()}`;

/** The items the rows name, by category and name. */
async function existingFor(db: Db, rows: ParsedRow[]): Promise<Map<string, Item>> {
  const items = await itemsNamed(
    db,
    rows.flatMap((r) => (r.form ? [r.form.name] : [])),
  );
  return new Map(items.map((i) => [keyOf(i.name, i.category), i]));
}

function actionOf(row: ParsedRow, existing: Map<string, Item>): CsvPreviewRow['action'] {
  const item = row.form && existing.get(keyOf(row.form.name, row.form.category));
  if (!row.form || !item) return 'create';
  const changes = itemChanges(
    {
      name: item.name,
      description: item.description,
      category: item.category,
      quantity: item.quantity,
      minStock: item.min_stock,
      itemStatus: item.item_status,
    },
    { ...row.form, description: row.form.description ?? null },
  );
  return changes.length ? 'update' : 'unchanged';
}

/**
 * A tracked item's quantity is counted from its units (docs/decisions/units.md): a row that would type another
 * one is wrong, said on its line.
 */
function markComputedQuantities(rows: ParsedRow[], existing: Map<string, Item>) {
  for (const row of rows) {
    const item = row.form && !row.error ? existing.get(keyOf(row.form.name, row.form.category)) : undefined;
    if (item?.tracking === 'tracked' && row.form!.quantity !== item.quantity) row.error = UNIT_MSG.quantityComputed(item.name);
  }
}

/** Import CSV, step one: every row as read, what importing it would do, and its error if any. Writes nothing. */
export async function previewCsv(ctx: Ctx, csv: string): Promise<CsvPreview> {
  const { rows, fileError } = readFile(csv);
  const existing = await existingFor(ctx.db, rows);
  markComputedQuantities(rows, existing);
  const out = rows.map((r) => ({ line: r.line, ...r.cells, action: actionOf(r, existing), error: r.error }));
  return {
    rows: out,
    errors: out.filter((r) => r.error).length,
    creates: out.filter((r) => !r.error && r.action === 'create').length,
    updates: out.filter((r) => !r.error && r.action === 'update').length,
    fileError,
  };
}

/**
 * Import CSV, step two: the file is read and checked again, and with any error nothing is imported (400,
 * naming the first wrong line). Otherwise every row is added or updated in one transaction.
 */
export async function importCsv(ctx: Ctx, actor: Account, csv: string): Promise<CsvImportResult> {
  const { rows, fileError } = readFile(csv);
  if (fileError) throw badRequest(fileError, 'invalid_csv');
  markComputedQuantities(rows, await existingFor(ctx.db, rows));
  const wrong = rows.filter((r) => r.error);
  if (wrong.length) throw badRequest(MSG.csvRowsWrong(wrong.length, wrong[0]!.line, wrong[0]!.error!), 'invalid_csv');
  const counts = await ctx.db.transaction().execute(async (trx) => {
    const existing = await existingFor(trx, rows);
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const form = row.form!;
      const item = existing.get(keyOf(form.name, form.category));
      if (!item) {
        await insertItem(ctx, trx, actor, form);
        created++;
      } else if (await rewriteItem(ctx, trx, actor, item.id, form, { skipUnchanged: true, reason: STOCK_MSG.importReason })) updated++;
    }
    return { created, updated };
  });
  return { message: MSG.csvImported(counts.created, counts.updated), ...counts };
}
