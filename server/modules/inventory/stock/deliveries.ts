/**
 * Suppliers and deliveries (docs/decisions/stock-card.md): Add supplier; Record delivery, each line received on its
 * item's stock card in one transaction (a tracked line as new units, tagged as the bulk add tags them, with their
 * asset register filled in); Reverse delivery, never an edit: each line taken back off its card with the reason,
 * refused (409) when the stock would go below zero or the delivery's units have moved since.
 */
import {
  DELIVERY_MSG,
  deliveryProblem,
  reverseProblem,
  supplierProblem,
  toCentavos,
  type DeliveryInput,
} from '../../../../core/inventory/deliveries';
import * as say from '../../../../core/inventory/notices';
import type { DeliveryBody } from '../../../../core/inventory/stockSchemas';
import { freeTags, tidyTag } from '../../../../core/inventory/units';
import { todayIn } from '../../../../core/time';
import type { Ctx } from '../../../context';
import type { Db } from '../../../db/database';
import type { Account } from '../../../db/schema';
import { badRequest, conflict, notFound } from '../../../errors';
import { lockItem } from '../locks';
import { insertUnits, recount, tagsWithPrefix, withTags } from '../units/writes';
import { moveStock } from './ledger';

const now = () => new Date().toISOString();
const about = (actor: Account, itemId: number | null) => ({
  actorId: actor.id,
  subjectId: null,
  entity: itemId === null ? null : ({ type: 'item', id: itemId } as const),
});

const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
};

/** Adds a supplier in the caller's transaction: one per name in any case (409 otherwise). */
async function insertSupplier(trx: Db, s: { name?: string | null; contact?: string | null }) {
  const name = s.name!.trim();
  const taken = await trx.selectFrom('suppliers').select('id').where('name_key', '=', name.toLowerCase()).executeTakeFirst();
  if (taken) throw conflict(DELIVERY_MSG.supplierTaken(name), 'supplier_taken');
  const { id } = await trx
    .insertInto('suppliers')
    .values({ name, name_key: name.toLowerCase(), contact: s.contact?.trim() || null, created_at: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, contact: s.contact?.trim() || null };
}

/** A supplier added meanwhile under the same name (the unique index) is answered as the check before it. */
async function uniqueSupplier<T>(name: string | null | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err) && name) throw conflict(DELIVERY_MSG.supplierTaken(name.trim()), 'supplier_taken');
    throw err;
  }
}

export async function addSupplier(ctx: Ctx, actor: Account, body: { name?: string; contact?: string | null }) {
  const problem = supplierProblem(body);
  if (problem) throw badRequest(problem);
  return uniqueSupplier(body.name, () =>
    ctx.db.transaction().execute(async (trx) => {
      const supplier = await insertSupplier(trx, body);
      await ctx.activity.record(about(actor, null), say.supplierAdded(actor.full_name, supplier.name), trx);
      return supplier;
    }),
  );
}

/** Record delivery: checked in the form's order, then every line received in one transaction. Answers its id. */
export async function recordDelivery(ctx: Ctx, actor: Account, body: DeliveryBody): Promise<number> {
  const input = body as DeliveryInput;
  const lines = input.lines ?? [];
  const ids = [...new Set(lines.flatMap((l) => (typeof l.itemId === 'number' ? [l.itemId] : [])))];
  const items = new Map(
    (ids.length ? await ctx.db.selectFrom('items').select(['id', 'name', 'tracking']).where('id', 'in', ids).execute() : []).map((i) => [
      i.id,
      i,
    ]),
  );
  const today = todayIn(ctx.config.campusTimeZone);
  const problem = deliveryProblem(input, today, (id) => (items.get(id)?.tracking === 'tracked' ? items.get(id)!.name : null));
  if (problem) throw badRequest(problem);
  for (const [i, l] of lines.entries()) if (!items.has(l.itemId!)) throw notFound(DELIVERY_MSG.itemNotFound(i + 1));
  if (ids.length !== lines.length) {
    const twice = lines.find((l, i) => lines.findIndex((m) => m.itemId === l.itemId) !== i)!;
    throw badRequest(DELIVERY_MSG.itemTwice(items.get(twice.itemId!)!.name));
  }
  let tags: string[] = [];
  return uniqueSupplier(input.newSupplier?.name, () =>
    withTags(
      () => tags.join(', '),
      () =>
        ctx.db.transaction().execute(async (trx) => {
          const supplier = input.supplierId
            ? await trx.selectFrom('suppliers').select(['id', 'name']).where('id', '=', input.supplierId).executeTakeFirst()
            : await insertSupplier(trx, input.newSupplier!);
          if (!supplier) throw notFound(DELIVERY_MSG.supplierNotFound);
          const reference = input.reference!.trim();
          const total = lines.reduce((n, l) => n + l.quantity! * toCentavos(l.unitCost!), 0);
          const at = now();
          const { id } = await trx
            .insertInto('deliveries')
            .values({
              supplier_id: supplier.id,
              reference,
              received_on: input.receivedOn!,
              note: input.note?.trim() || null,
              total_cents: total,
              received_by: actor.id,
              created_at: at,
              reversed_at: null,
              reversed_by: null,
              reverse_reason: null,
              search_text: [reference, supplier.name, ...lines.map((l) => items.get(l.itemId!)!.name)].join(' ').toLowerCase(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          // Lines in item order: concurrent writers lock items in one order.
          for (const l of [...lines].sort((a, b) => a.itemId! - b.itemId!)) {
            const item = await lockItem(trx, l.itemId!);
            const unitCostCents = toCentavos(l.unitCost!);
            await trx
              .insertInto('delivery_lines')
              .values({ delivery_id: id, item_id: item.id, item_name: item.name, quantity: l.quantity!, unit_cost_cents: unitCostCents })
              .execute();
            const note = { actorId: actor.id, deliveryId: id, unitCostCents, at };
            if (item.tracking !== 'tracked') {
              await moveStock(trx, { ...note, itemId: item.id, kind: 'received', quantity: l.quantity! });
              continue;
            }
            const prefix = tidyTag(l.tagPrefix!);
            const taken = await tagsWithPrefix(trx, prefix);
            const made = freeTags(prefix, l.quantity!, (t) => taken.has(t));
            tags = made;
            const unitIds = await insertUnits(trx, actor, item.id, made, {
              condition: 'good',
              homeRoomId: null,
              note: `Delivery ${reference}`,
            });
            await trx
              .updateTable('item_units')
              .set({
                purchase_date: input.receivedOn!,
                purchase_cost_cents: unitCostCents,
                supplier_id: supplier.id,
                warranty_end: l.warrantyEnd || null,
                delivery_id: id,
              })
              .where('id', 'in', unitIds)
              .execute();
            await recount(trx, item.id, 'received', note);
          }
          await ctx.activity.record(
            about(actor, lines[0]!.itemId!),
            say.deliveryReceived(
              actor.full_name,
              reference,
              supplier.name,
              lines.map((l) => ({ name: items.get(l.itemId!)!.name, quantity: l.quantity! })),
            ),
            trx,
          );
          return id;
        }),
    ),
  );
}

/** Reverse delivery: every line taken back off its stock card with the reason, or nothing (409 saying why). */
export async function reverseDelivery(ctx: Ctx, actor: Account, id: number, body: { reason?: string }): Promise<void> {
  const problem = reverseProblem(body.reason);
  if (problem) throw badRequest(problem);
  const reason = body.reason!.trim();
  await ctx.db.transaction().execute(async (trx) => {
    const delivery = await trx.selectFrom('deliveries').select(['id', 'reference', 'reversed_at']).where('id', '=', id).executeTakeFirst();
    if (!delivery) throw notFound(DELIVERY_MSG.deliveryNotFound);
    const at = now();
    const done = await trx
      .updateTable('deliveries')
      .set({ reversed_at: at, reversed_by: actor.id, reverse_reason: reason })
      .where('id', '=', id)
      .where('reversed_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(done.numUpdatedRows) === 0) throw conflict(DELIVERY_MSG.alreadyReversed, 'delivery_reversed');
    const lines = await trx.selectFrom('delivery_lines').selectAll().where('delivery_id', '=', id).orderBy('item_id').execute();
    for (const line of lines) {
      if (line.item_id === null) continue; // the item was deleted since, its card with it
      const item = await lockItem(trx, line.item_id);
      const note = { actorId: actor.id, deliveryId: id, unitCostCents: line.unit_cost_cents, reason, at };
      if (item.tracking === 'tracked') {
        const units = await trx
          .selectFrom('item_units as u')
          .select(['u.id', 'u.tag', 'u.status'])
          .select((eb) =>
            eb
              .selectFrom('unit_events as e')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('e.unit_id', '=', 'u.id')
              .where('e.kind', 'in', ['status', 'retired'])
              .as('moves'),
          )
          .where('u.delivery_id', '=', id)
          .where('u.item_id', '=', item.id)
          .execute();
        const moved = units.filter((u) => u.status !== 'available' || Number(u.moves) > 0);
        if (moved.length) throw conflict(DELIVERY_MSG.reverseUnitsMoved(moved.map((u) => u.tag).join(', ')), 'reversal_refused');
        if (units.length)
          await trx
            .deleteFrom('item_units')
            .where(
              'id',
              'in',
              units.map((u) => u.id),
            )
            .execute();
        await recount(trx, item.id, 'reversed', note);
        continue;
      }
      const after = await moveStock(trx, { ...note, itemId: item.id, kind: 'reversed', quantity: -line.quantity });
      if (after === null) throw conflict(DELIVERY_MSG.reverseShort(item.name, item.quantity, line.quantity), 'reversal_refused');
    }
    await ctx.activity.record(
      about(actor, lines[0]?.item_id ?? null),
      say.deliveryReversed(actor.full_name, delivery.reference, reason),
      trx,
    );
  });
}
