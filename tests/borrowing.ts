/** Shared steps for the borrowing tests. */
import { addDays, todayIn } from '../core/time';
import type { TestApp } from './helpers';
import { openStockCards } from '../server/modules/inventory';
import { STOCK_MSG } from '../core/inventory/stock';

export const today = () => todayIn('Asia/Manila');
export const inDays = (n: number) => addDays(today(), n);

export async function itemIdOf(app: TestApp, name: string): Promise<number> {
  const row = await app.ctx.db.selectFrom('items').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

export async function stockOf(app: TestApp, id: number): Promise<number> {
  const row = await app.ctx.db.selectFrom('items').select('quantity').where('id', '=', id).executeTakeFirstOrThrow();
  return row.quantity;
}

let made = 0;
/** A fresh item of its own, so a test's stock figures are not shared. */
export async function newItem(
  app: TestApp,
  opts: { quantity: number; category?: string; status?: string; name?: string },
): Promise<number> {
  const { id } = await app.ctx.db
    .insertInto('items')
    .values({
      name: opts.name ?? `Test item ${++made}-${Math.random().toString(36).slice(2, 7)}`,
      description: null,
      category: opts.category ?? 'Maintenance',
      quantity: opts.quantity,
      min_stock: 1,
      item_status: opts.status ?? 'available',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openStockCards(app.ctx.db, STOCK_MSG.openingReason);
  return id;
}

export function submit(app: TestApp, cookie: string, items: [itemId: number, quantity: number][], body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/borrow-requests',
    headers: { cookie },
    payload: {
      purpose: 'Department event',
      dateNeeded: inDays(1),
      dateExpectedReturn: inDays(3),
      items: items.map(([itemId, quantity]) => ({ itemId, quantity })),
      ...body,
    },
  });
}

/** Submits and answers the new request's id, failing loudly if it was refused. */
export async function requestId(
  app: TestApp,
  cookie: string,
  items: [number, number][],
  body: Record<string, unknown> = {},
): Promise<number> {
  const res = await submit(app, cookie, items, body);
  if (res.statusCode !== 201) throw new Error(`request refused: ${res.statusCode} ${res.body}`);
  return res.json().request.id;
}

export const act = (app: TestApp, cookie: string, id: number, action: string, payload: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/borrow-requests/${id}/${action}`, headers: { cookie }, payload });

export const get = (app: TestApp, cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

export async function statusOf(app: TestApp, id: number): Promise<string> {
  return (await app.ctx.db.selectFrom('borrow_requests').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
}
