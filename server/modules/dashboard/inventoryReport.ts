/**
 * The inventory report: every item by item status (the inventory module's items) and the loans not yet back (the
 * borrowing module's), composed here, above both.
 */
import type { InventoryReport, ReportItem, StockFigures } from '../../../core/inventory/report';
import { stockLevel } from '../../../core/inventory/rules';
import type { UnreturnedItemDto } from '../../../core/borrowing/schemas';
import type { Ctx } from '../../context';
import { stockFigures, unreturnedItems } from '../borrowing';
import { averageCostsCents, heldUnitCosts, reportItems } from '../inventory';

const PAGE = 500;

/**
 * The loan lines out on approved loans that the borrower has not returned yet, through the borrowing module's
 * own list, page by page. That list also holds loans returned and awaiting the office's check; the report
 * leaves those out, since the borrower has handed them back.
 */
async function allUnreturned(ctx: Ctx): Promise<{ items: UnreturnedItemDto[]; units: number }> {
  const items: UnreturnedItemDto[] = [];
  for (let page = 1, seen = 0; ; page++) {
    const list = await unreturnedItems(ctx, { page, pageSize: PAGE });
    seen += list.items.length;
    items.push(...list.items.filter((i) => i.status === 'approved'));
    if (seen >= list.total || list.items.length === 0) return { items, units: items.reduce((n, i) => n + i.quantityApproved, 0) };
  }
}

export async function inventoryReport(ctx: Ctx): Promise<InventoryReport> {
  const [rows, unreturned, figures, unitCosts, averages] = await Promise.all([
    reportItems(ctx.db),
    allUnreturned(ctx),
    stockFigures(ctx.db),
    heldUnitCosts(ctx.db),
    averageCostsCents(ctx.db),
  ]);
  let totalCents = 0;
  /**
   * Value on hand in centavos (docs/decisions/value-on-hand.md): a tracked item's held units at their purchase
   * costs; a counted item's average unit cost times what the office holds of it (on the shelf, on loan, in repair).
   */
  const valueOf = (tracked: boolean, id: number, f: StockFigures): number | null => {
    if (tracked) {
      const units = unitCosts.get(id);
      return units && units.cents > 0 ? units.cents : null;
    }
    const average = averages.get(id);
    return average === undefined ? null : average * (f.available + f.onLoan + f.inRepair);
  };
  const group = (status: string): ReportItem[] =>
    rows
      .filter((r) => r.item_status === status)
      .map((r) => {
        const f = figures.get(r.id) ?? { available: Math.max(0, r.quantity), onLoan: 0, issued: 0, inRepair: 0, lost: 0 };
        const cents = valueOf(r.tracking === 'tracked', r.id, f);
        totalCents += cents ?? 0;
        return {
          id: r.id,
          name: r.name,
          description: r.description,
          category: r.category,
          quantity: r.quantity,
          minStock: r.min_stock,
          stockLevel: stockLevel(r.quantity, r.min_stock),
          figures: f,
          valueOnHand: cents === null ? null : cents / 100,
        };
      });
  const available = group('available');
  const damaged = group('damaged');
  const unavailable = group('unavailable');
  return {
    generatedAt: new Date().toISOString(),
    counts: {
      available: available.length,
      damaged: damaged.length,
      unavailable: unavailable.length,
      unreturned: new Set(unreturned.items.map((i) => i.requestId)).size,
      total: rows.length,
    },
    available,
    damaged,
    unavailable,
    unreturned: unreturned.items,
    unreturnedUnits: unreturned.units,
    totalValue: totalCents / 100,
  };
}
