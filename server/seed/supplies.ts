/**
 * The demo's supplies (docs/decisions/supplies.md, reorder.md): a few items issued, not lent, with reorder levels;
 * suppliers and deliveries received through the inventory's service, so their stock cards open with received
 * entries at a cost; supply requests filed and issued (some in part) through the borrowing services. One item ends
 * at or below its reorder level, so To Reorder has something to show.
 */
import { closedReason } from '../../core/site/calendar';
import { addDays, todayIn } from '../../core/time';
import type { Ctx } from '../context';
import { approveRequest, createRequest } from '../modules/borrowing';
import { itemsNamed, openStockCards, recordDelivery } from '../modules/inventory';
import { STOCK_MSG } from '../../core/inventory/stock';

type Supply = [name: string, category: string, minStock: number, reorderLevel: number, reorderQuantity: number, description: string];
const SUPPLIES: Supply[] = [
  ['Bond Paper A4 (ream)', 'Janitorial', 10, 20, 50, '70 gsm, 500 sheets'],
  ['All-purpose Cleaning Agent (1 L)', 'Janitorial', 5, 8, 24, 'Concentrate, dilute 1:10'],
  ['LED Bulb (9 W)', 'Electrical', 5, 10, 30, 'E27, daylight'],
  ['PVC Elbow Fitting (1/2 in)', 'Plumbing', 5, 6, 20, '90 degrees'],
];

export async function seedSupplies(ctx: Ctx): Promise<void> {
  const account = (email: string) => ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const [staff, faculty, tan] = await Promise.all([
    account('staff@campus.test'),
    account('faculty@campus.test'),
    account('mtan@campus.test'),
  ]);
  const at = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('items')
      .values(
        SUPPLIES.map(([name, category, min_stock, reorder_level, reorder_quantity, description]) => ({
          name,
          category,
          description,
          quantity: 0,
          min_stock,
          item_status: 'available',
          supply: 1,
          reorder_level,
          reorder_quantity,
          created_at: at,
        })),
      )
      .execute();
    await openStockCards(trx, STOCK_MSG.openingReason);
  });
  const ids = new Map(
    (
      await itemsNamed(
        ctx.db,
        SUPPLIES.map(([name]) => name),
      )
    ).map((i) => [i.name, i.id]),
  );
  const id = (name: string) => ids.get(name)!;
  const today = todayIn(ctx.config.campusTimeZone);

  // Two deliveries received today: the stock cards' received entries, at a cost.
  await recordDelivery(ctx, staff, {
    newSupplier: { name: 'Northpoint Office Supply', contact: '0917 555 0123' },
    reference: 'NOS-2041',
    receivedOn: today,
    lines: [
      { itemId: id('Bond Paper A4 (ream)'), quantity: 60, unitCost: 215.5 },
      { itemId: id('All-purpose Cleaning Agent (1 L)'), quantity: 24, unitCost: 89.75 },
    ],
  });
  await recordDelivery(ctx, staff, {
    newSupplier: { name: 'Bayside Hardware and Electrical', contact: 'sales@bayside.test' },
    reference: 'BHE-7715',
    receivedOn: today,
    lines: [
      { itemId: id('LED Bulb (9 W)'), quantity: 24, unitCost: 145 },
      { itemId: id('PVC Elbow Fitting (1/2 in)'), quantity: 30, unitCost: 18.5 },
    ],
  });

  // Supply requests issued: one in full, one in part (8 of 10), one that takes the bulbs below their level.
  // Needed on the first day the office is open, from today.
  const calendar = await ctx.settings.calendar();
  let needed = today;
  for (let i = 0; i < 30 && closedReason(needed, calendar); i++) needed = addDays(needed, 1);
  const issue = async (who: typeof faculty, purpose: string, lines: [string, number, number][]) => {
    const request = await createRequest(ctx, who, {
      purpose,
      dateNeeded: needed,
      dateExpectedReturn: needed,
      items: lines.map(([name, quantity]) => ({ itemId: id(name), quantity })),
    });
    const itemIds = lines.map(([name]) => id(name));
    await approveRequest(
      ctx,
      staff,
      request.id,
      itemIds,
      [],
      false,
      lines.map(([name, , issued]) => ({ itemId: id(name), quantity: issued })),
    );
  };
  await issue(faculty, 'Printing of midterm examinations', [['Bond Paper A4 (ream)', 10, 8]]);
  await issue(tan, 'Replacing the corridor lights of the science building', [['LED Bulb (9 W)', 16, 16]]);
  await issue(faculty, 'Cleaning the faculty room after the renovation', [['All-purpose Cleaning Agent (1 L)', 4, 4]]);
}
