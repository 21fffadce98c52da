/**
 * The office's request and loan rows of a page, written as JSON through their schemas. The requests' rows are kept
 * written across changes (server/lib/keptRows.ts): a row is written again only when the request, its lines, units,
 * returns or problems, or a name it shows changed (its last change in row_changes), or when the day turns (it
 * counts days). A request row also shows its items' stock now, so each is kept with its items' stock as written
 * and checked against the stock on every page. The loans' rows are read afresh: kept, they did not pay for
 * themselves (docs/decisions/lists.md).
 */
import { borrowRecordSchema, borrowRequestSchema, type BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Db } from '../../db/database';
import { createKeptRows, inOrder } from '../../lib/keptRows';
import { lastChanges } from '../../lib/rowChanges';
import { writeRow } from '../../lib/writtenList';
import { keptValue, perDatabase, versionsOf } from '../../lib/listCache';
import { stockByIds, type ItemStock } from '../inventory';
import { lineStock, rowsInOrder, toRecordDto, toRequestDto, withLines } from './requestRows';

const requestRowsOf = perDatabase(() =>
  createKeptRows<BorrowRequestDto, { itemIds: (number | null)[]; stock: string }>(borrowRequestSchema),
);

/**
 * What the rows are checked at: the requests' version (raised by every change to a request, its lines, units,
 * returns and problems: migrations 011, 040, 043) and the accounts' (names), with the day.
 */
const checkedAt = async (db: Db, today: string) => `${await versionsOf(db, ['borrow_requests', 'accounts'])}|${today}`;

/** Each row's key: its last change and the day. */
const keysOf = (db: Db, today: string) => async (ids: number[]) => {
  const last = await lastChanges(db, 'borrow_requests', ids);
  return (id: number) => `${last.get(id) ?? 0}|${today}`;
};

const stockSign = (s: { onHand: number | null; tracked: boolean }) => `${s.onHand}/${s.tracked ? 1 : 0}`;

/** Rows read fresh from the database, with their lines, as DTOs. */
const dtosOf = async <T>(db: Db, ids: number[], today: string, map: Parameters<typeof withLines<T>>[3]) =>
  withLines(
    db,
    await rowsInOrder(
      db,
      ids.map((id) => ({ id })),
    ),
    today,
    map,
  );

/** The page's requests as JSON, in the order of `ids`. */
export async function writtenRequests(db: Db, ids: readonly number[], today: string): Promise<string[]> {
  const at = await checkedAt(db, today);
  const requestRows = requestRowsOf(db);
  const { found, keyFor } = await requestRows.kept(ids, at, keysOf(db, today));
  const stock = await keptStock(db, [...new Set([...found.values()].flatMap((row) => row.extra.itemIds.filter((i) => i !== null)))]);
  for (const [id, row] of found) {
    const now = row.extra.itemIds.map((i) => stockSign(lineStock(i === null ? undefined : stock(i)))).join(',');
    if (now !== row.extra.stock) found.delete(id);
  }
  return inOrder(ids, found, async (missing) =>
    (await dtosOf(db, missing, today, toRequestDto)).map((dto) => [
      dto.id,
      requestRows.put(dto.id, keyFor(dto.id), at, dto, {
        itemIds: dto.items.map((l) => l.itemId),
        stock: dto.items.map(stockSign).join(','),
      }),
    ]),
  );
}

/** The page's loans as JSON, in the order of `ids`. */
export const writtenRecords = async (db: Db, ids: readonly number[], today: string): Promise<string[]> =>
  (await dtosOf(db, [...ids], today, toRecordDto)).map((dto) => writeRow(borrowRecordSchema, dto));

/** Items' stock, kept per process (and database) while no item changes (list_versions 'items'): the pages share their items. */
const stockKeptOf = perDatabase(() => ({ version: -1, stock: new Map<number, ItemStock>() }));
async function keptStock(db: Db, ids: number[]): Promise<(id: number) => ItemStock | undefined> {
  const kept = stockKeptOf(db);
  const version = await keptValue(db, 'items');
  if (version > kept.version) {
    kept.stock.clear();
    kept.version = version;
  }
  const missing = ids.filter((id) => !kept.stock.has(id));
  const read = missing.length ? await stockByIds(db, missing) : new Map<number, ItemStock>();
  // Kept only while the version they were read at still stands (a page that read an older one uses them, not keeps them).
  if (kept.version === version) for (const [id, s] of read) kept.stock.set(id, s);
  return (id) => read.get(id) ?? kept.stock.get(id);
}
