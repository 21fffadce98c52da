/**
 * The office's request and loan rows, kept written across changes (server/lib/keptRows.ts): a row is written again
 * only when the request, its lines, units, returns or problems, or a name it shows changed (its last change in
 * row_changes), or when the day turns (it counts days). A request row also shows its items' stock now, so each is
 * kept with its items' stock as written and checked against the stock on every page.
 */
import { borrowRecordSchema, borrowRequestSchema, type BorrowRecordDto, type BorrowRequestDto } from '../../../core/borrowing/schemas';
import type { Db } from '../../db/database';
import { createKeptRows, inOrder, lastChanges } from '../../lib/keptRows';
import { stockByIds } from '../inventory/queries';
import { lineStock, rowsInOrder, toRecordDto, toRequestDto, withLines } from './requestRows';

const stockSign = (s: { onHand: number | null; tracked: boolean }) => `${s.onHand}/${s.tracked ? 1 : 0}`;

const requestRows = createKeptRows<BorrowRequestDto, { itemIds: (number | null)[]; stock: string }>(borrowRequestSchema);
const recordRows = createKeptRows<BorrowRecordDto>(borrowRecordSchema);

/** Each row's key: its last change and the day. */
async function keysOf(db: Db, ids: readonly number[], today: string): Promise<(id: number) => string> {
  const last = await lastChanges(db, 'borrow_requests', ids);
  return (id) => `${last.get(id) ?? 0}|${today}`;
}

/** The page's requests as JSON, in the order of `ids`. */
export async function writtenRequests(db: Db, ids: readonly number[], today: string): Promise<string[]> {
  const keyOf = await keysOf(db, ids, today);
  const kept = requestRows.kept(ids, keyOf);
  const stock = await stockByIds(db, [...new Set([...kept.values()].flatMap((row) => row.extra.itemIds.filter((i) => i !== null)))]);
  for (const [id, row] of kept) {
    const now = row.extra.itemIds.map((i) => stockSign(lineStock(i === null ? undefined : stock.get(i)))).join(',');
    if (now !== row.extra.stock) kept.delete(id);
  }
  return inOrder(ids, kept, async (missing) =>
    (
      await withLines(
        db,
        await rowsInOrder(
          db,
          missing.map((id) => ({ id })),
        ),
        today,
        toRequestDto,
      )
    ).map((dto) => [
      dto.id,
      requestRows.put(dto.id, keyOf(dto.id), dto, { itemIds: dto.items.map((l) => l.itemId), stock: dto.items.map(stockSign).join(',') }),
    ]),
  );
}

/** The page's loans as JSON, in the order of `ids`. */
export async function writtenRecords(db: Db, ids: readonly number[], today: string): Promise<string[]> {
  const keyOf = await keysOf(db, ids, today);
  return inOrder(ids, recordRows.kept(ids, keyOf), async (missing) =>
    (
      await withLines(
        db,
        await rowsInOrder(
          db,
          missing.map((id) => ({ id })),
        ),
        today,
        toRecordDto,
      )
    ).map((dto) => [dto.id, recordRows.put(dto.id, keyOf(dto.id), dto, null)]),
  );
}
