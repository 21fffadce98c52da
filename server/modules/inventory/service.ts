/**
 * The items' changes (docs/decisions/server-decides.md, stock-and-approval.md): the office's item writes, each checked by the
 * core form rule, run in one transaction and written to the activity feed (inventory_update) with who did it;
 * and the stock moves of counted items borrowing makes, each in the caller's transaction. Tracked units have
 * their own files in units/.
 */
import { firstError } from '../../../core/common/forms';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import * as say from '../../../core/inventory/notices';
import { cleanDescription, itemForm, itemStatusForm, type ItemForm } from '../../../core/inventory/rules';
import type { ItemBody, ItemDto } from '../../../core/inventory/schemas';
import { MSG } from '../../../core/messages';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, Item } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import { UNIT_MSG } from '../../../core/inventory/units';
import { atReorderLevel, SUPPLY_MSG, type ItemKind } from '../../../core/inventory/supplies';
import { lockItem, unitsOutOf } from './locks';
import { moveStock, type StockNote } from './stock/ledger';
import { STOCK_MSG, type StockKind } from '../../../core/inventory/stock';
import { findItem } from './queries';

const now = () => new Date().toISOString();

/** Who changed which item: the feed entry points at the item, so the bell links to the inventory. */
const about = (actor: Account, itemId: number) => ({ actorId: actor.id, subjectId: null, entity: { type: 'item', id: itemId } as const });

const factsOf = (item: Item): say.ItemFacts => ({
  name: item.name,
  description: item.description,
  category: item.category,
  quantity: item.quantity,
  minStock: item.min_stock,
  itemStatus: item.item_status,
  kind: kindOf(item),
  reorderLevel: item.reorder_level,
  reorderQuantity: item.reorder_quantity,
});

const kindOf = (item: Item) => (item.supply === 1 ? 'supply' : 'lent') as ItemKind;

/** The body checked by the form rule (first failure in the form's order, 400), tidied for storing. */
function checked(body: ItemBody): ItemForm {
  const { form, problem } = checkItem(body);
  if (problem !== null) throw badRequest(problem);
  return form;
}

/** The form rule's first failure for an item, or the item tidied for storing (Add Item, Edit Item, each CSV row). */
export function checkItem(body: ItemBody): { form: ItemForm; problem: null } | { form: null; problem: string } {
  const input = { ...body, itemStatus: body.itemStatus ?? 'available' };
  const problem = firstError(itemForm, input);
  if (problem) return { form: null, problem };
  return { form: { ...(input as ItemForm), name: input.name!.trim(), description: cleanDescription(input.description) }, problem: null };
}

/** Another item of the same name (any case) in the category: 409, so the office edits it instead of doubling it. */
async function assertNameFree(trx: Db, form: ItemForm, exceptId?: number) {
  let q = trx
    .selectFrom('items')
    .select('id')
    .where('category', '=', form.category)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', form.name.toLowerCase()));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict(MSG.itemNameTaken(form.name, form.category), 'conflict');
}

const reload = async (ctx: Ctx, id: number): Promise<ItemDto> => (await findItem(ctx.db, id))!;

// ---- the office's item writes (admins and staff) ----

/** Add Item (docs/product.md): checked, stored, and written to the feed. */
export async function createItem(ctx: Ctx, actor: Account, body: ItemBody): Promise<ItemDto> {
  const form = checked(body);
  const id = await ctx.db.transaction().execute((trx) => insertItem(ctx, trx, actor, form));
  return reload(ctx, id);
}

/** Adds a checked item in the caller's transaction (Add Item, the CSV import): name free in its category, written to the feed. */
export async function insertItem(ctx: Ctx, trx: Db, actor: Account, form: ItemForm): Promise<number> {
  await assertNameFree(trx, form);
  const { id } = await trx
    .insertInto('items')
    .values({
      name: form.name,
      description: form.description ?? null,
      category: form.category,
      quantity: 0,
      min_stock: form.minStock,
      item_status: form.itemStatus,
      created_at: now(),
      photo_path: null,
      updated_at: null,
      supply: form.kind === 'supply' ? 1 : 0,
      reorder_level: form.reorderLevel ?? null,
      reorder_quantity: form.reorderQuantity ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await moveStock(trx, { itemId: id, kind: 'opening', quantity: form.quantity, actorId: actor.id }, 'any');
  await ctx.activity.record(about(actor, id), say.itemAdded(actor.full_name, { ...form, description: form.description ?? null }), trx);
  return id;
}

/**
 * Edit Item: every field at once. Quantity is the stock on hand (docs/decisions/stock-and-approval.md): what the office counts on
 * the shelf. Past requests keep the name and category they borrowed (their lines hold their own copy).
 */
export async function updateItem(ctx: Ctx, actor: Account, id: number, body: ItemBody): Promise<ItemDto> {
  const form = checked(body);
  await ctx.db.transaction().execute((trx) => rewriteItem(ctx, trx, actor, id, form));
  return reload(ctx, id);
}

/**
 * Writes every field of a checked item in the caller's transaction (Edit Item, the CSV import), and the change
 * to the feed. Answers whether anything changed; with `skipUnchanged` (the import) an unchanged item writes nothing.
 */
export async function rewriteItem(
  ctx: Ctx,
  trx: Db,
  actor: Account,
  id: number,
  form: ItemForm,
  opts: { skipUnchanged?: boolean; reason?: string } = {},
): Promise<boolean> {
  const before = await lockItem(trx, id);
  if (before.tracking === 'tracked' && form.quantity !== before.quantity) {
    throw badRequest(UNIT_MSG.quantityComputed(before.name), 'quantity_computed');
  }
  if (form.kind === 'supply' && before.tracking === 'tracked') throw badRequest(SUPPLY_MSG.trackedSupply, 'tracked_supply');
  await assertNameFree(trx, form, id);
  const after = {
    ...form,
    description: form.description ?? null,
    kind: form.kind ?? kindOf(before),
    reorderLevel: form.reorderLevel === undefined ? before.reorder_level : form.reorderLevel,
    reorderQuantity: form.reorderQuantity ?? before.reorder_quantity,
  };
  const changes = say.itemChanges(factsOf(before), after);
  if (!changes.length && opts.skipUnchanged) return false;
  await trx
    .updateTable('items')
    .set({
      name: form.name,
      description: form.description ?? null,
      category: form.category,
      min_stock: form.minStock,
      item_status: form.itemStatus,
      updated_at: now(),
      supply: after.kind === 'supply' ? 1 : 0,
      reorder_level: after.reorderLevel,
      reorder_quantity: after.reorderQuantity,
      // A crossing is remembered only while the stock stays at or below the level (docs/decisions/reorder.md).
      ...(atReorderLevel(form.quantity, after.reorderLevel) ? {} : { reorder_flagged_at: null }),
    })
    .where('id', '=', id)
    .execute();
  if (form.quantity !== before.quantity) {
    const reason = opts.reason ?? form.quantityReason?.trim();
    if (!reason) throw badRequest(STOCK_MSG.adjustReasonRequired, 'reason_required');
    await moveStock(trx, { itemId: id, kind: 'adjusted', quantity: form.quantity - before.quantity, actorId: actor.id, reason }, 'any');
  }
  await ctx.activity.record(about(actor, id), say.itemUpdated(actor.full_name, form.name, changes), trx);
  return changes.length > 0;
}

/** The Item Status dropdown: any status to any (docs/product.md). Only available items can be requested or approved. */
export async function setItemStatus(ctx: Ctx, actor: Account, id: number, body: { itemStatus?: string }): Promise<ItemDto> {
  const problem = firstError(itemStatusForm, body);
  if (problem) throw badRequest(problem);
  const to = body.itemStatus!;
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockItem(trx, id);
    if (before.item_status === to) return;
    await trx.updateTable('items').set({ item_status: to, updated_at: now() }).where('id', '=', id).execute();
    await ctx.activity.record(about(actor, id), say.itemStatusChanged(actor.full_name, before.name, before.item_status, to), trx);
  });
  return reload(ctx, id);
}

/**
 * Delete Item: refused (409) while any of it is out on loan, saying how many units; otherwise the item goes,
 * and requests that named it keep the name, category and quantities they recorded.
 */
export async function deleteItem(ctx: Ctx, actor: Account, id: number): Promise<void> {
  const photo = await ctx.db.transaction().execute(async (trx) => {
    const item = await lockItem(trx, id);
    const onLoan = await unitsOutOf(ctx, trx, id);
    if (onLoan > 0) throw conflict(MSG.itemOnLoan(item.name, onLoan), 'item_on_loan');
    await trx.deleteFrom('items').where('id', '=', id).execute();
    await ctx.activity.record(about(actor, id), say.itemDeleted(actor.full_name, item.name, item.category), trx);
    return item.photo_path;
  });
  await ctx.files.remove(photo);
}

/** Whether the item is there, before an upload is read (404 otherwise). */
export async function assertItemExists(ctx: Ctx, id: number): Promise<void> {
  const row = await ctx.db.selectFrom('items').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.itemNotFound);
}

/** An item's photo: an image by its bytes (JPEG, PNG or GIF, at most 5 MB), re-encoded like every upload. */
export async function setItemPhoto(ctx: Ctx, actor: Account, id: number, file: ReadFile | null): Promise<ItemDto> {
  if (!file || file.buffer.length === 0) throw badRequest(MSG.itemPhotoRequired);
  if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.itemPhotoType, 'invalid_file_type');
  const path = await ctx.files.save('items', { buffer: file.buffer, kind: file.kind as FileKind });
  let old: string | null = null;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const item = await lockItem(trx, id);
      old = item.photo_path;
      await trx.updateTable('items').set({ photo_path: path, updated_at: now() }).where('id', '=', id).execute();
      await ctx.activity.record(about(actor, id), say.itemPhotoChanged(actor.full_name, item.name, false), trx);
    });
  } catch (err) {
    await ctx.files.remove(path);
    throw err;
  }
  await ctx.files.remove(old);
  return reload(ctx, id);
}

export async function removeItemPhoto(ctx: Ctx, actor: Account, id: number): Promise<ItemDto> {
  const old = await ctx.db.transaction().execute(async (trx) => {
    const item = await lockItem(trx, id);
    if (!item.photo_path) return null;
    await trx.updateTable('items').set({ photo_path: null, updated_at: now() }).where('id', '=', id).execute();
    await ctx.activity.record(about(actor, id), say.itemPhotoChanged(actor.full_name, item.name, true), trx);
    return item.photo_path;
  });
  await ctx.files.remove(old);
  return reload(ctx, id);
}

// ---- stock moves (borrowing) ----

/**
 * Takes `quantity` units out of stock, only while the item can be lent: the availability rule (core
 * availabilityOf) as the UPDATE's guard, so concurrent approvals cannot drive stock below zero. Answers
 * whether it was taken.
 */
export async function takeFromStock(trx: Db, itemId: number, quantity: number, note: StockNote & { kind?: StockKind }): Promise<boolean> {
  return (await moveStock(trx, { ...note, itemId, kind: note.kind ?? 'lent', quantity: -quantity }, 'lendable')) !== null;
}

/** Puts units back on the shelf (a completed loan, one staff marked returned, a repaired quantity). */
export async function returnToStock(trx: Db, itemId: number, quantity: number, note: StockNote & { kind?: StockKind }): Promise<void> {
  await moveStock(trx, { ...note, itemId, kind: note.kind ?? 'returned', quantity }, 'any');
}
