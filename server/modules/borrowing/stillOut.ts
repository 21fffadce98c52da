/**
 * What of a loan is still out (docs/decisions/partial-returns.md): its lines with what came back of each, the units
 * lent on them, and what is not back yet, in numbers and in words.
 */
import type { Db } from '../../db/database';

export type LineRow = {
  id: number;
  item_id: number | null;
  item_name: string;
  category: string;
  quantity_approved: number;
  quantity_back: number;
  quantity_verified: number;
};
export type LentRow = {
  id: number;
  line_id: number;
  unit_id: number | null;
  tag: string;
  batch_id: number | null;
  returned_at: string | null;
};

export const linesOf = (trx: Db, id: number): Promise<LineRow[]> =>
  trx
    .selectFrom('borrow_request_items')
    .select(['id', 'item_id', 'item_name', 'category', 'quantity_approved', 'quantity_back', 'quantity_verified'])
    .where('request_id', '=', id)
    .orderBy('item_id')
    .execute();

export async function lentOf(trx: Db, lineIds: number[]): Promise<LentRow[]> {
  if (!lineIds.length) return [];
  return trx
    .selectFrom('borrow_line_units')
    .select(['id', 'line_id', 'unit_id', 'tag', 'batch_id', 'returned_at'])
    .where('line_id', 'in', lineIds)
    .orderBy('tag')
    .execute();
}

/** How many things of the request are still out (lent, not handed back in a batch not refused). */
export async function stillOut(trx: Db, id: number): Promise<number> {
  return (await linesOf(trx, id)).reduce((n, l) => n + l.quantity_approved - l.quantity_back, 0);
}

/**
 * What is still out of each request that came back in part (docs/decisions/partial-returns.md), in words for the
 * reminders: "Ladder L-0003; 2 × Chairs". Requests nothing came back of are not in the map (their notices name the
 * whole loan, as before).
 */
export async function stillOutWords(db: Db, requestIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!requestIds.length) return out;
  const lines = await db
    .selectFrom('borrow_request_items')
    .select(['id', 'request_id', 'item_name', 'quantity_approved', 'quantity_back'])
    .where('request_id', 'in', requestIds)
    .orderBy('id')
    .execute();
  const partial = new Set(lines.filter((l) => l.quantity_back > 0).map((l) => l.request_id));
  const mine = lines.filter((l) => partial.has(l.request_id) && l.quantity_approved > l.quantity_back);
  const units = await lentOf(
    db,
    mine.map((l) => l.id),
  );
  for (const l of mine) {
    const tags = units.filter((u) => u.line_id === l.id && u.batch_id === null && u.returned_at === null).map((u) => u.tag);
    const words = tags.length ? `${l.item_name} ${tags.join(', ')}` : `${l.quantity_approved - l.quantity_back} × ${l.item_name}`;
    out.set(l.request_id, out.has(l.request_id) ? `${out.get(l.request_id)}; ${words}` : words);
  }
  return out;
}
