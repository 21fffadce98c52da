/** The stock card, suppliers, deliveries and the asset register: the API contract (docs/decisions/stock-card.md). */
import { z } from 'zod';
import { calendarDate, count, countsOf, id, isoTime, line, messageResult, pagingQuery, prose } from '../common/schemas';
import { STOCK_KINDS } from './stock';

// ---- the stock card ----

export const stockCardQuery = z.object({ page: pagingQuery.page, pageSize: pagingQuery.pageSize });

export const stockEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(STOCK_KINDS),
  quantity: z.number().int(),
  balanceAfter: z.number().int(),
  unitCost: z.number().nullable().meta({ description: 'pesos, where known' }),
  actorName: z.string().nullable(),
  requestId: z.number().int().nullable(),
  deliveryId: z.number().int().nullable(),
  deliveryReference: z.string().nullable(),
  repairId: z.number().int().nullable(),
  countId: z.number().int().nullable(),
  unitTag: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: isoTime,
});
export type StockEntryDto = z.infer<typeof stockEntrySchema>;

export const stockCard = z.object({
  item: z.object({ id: z.number().int(), name: z.string(), category: z.string(), tracking: z.string(), quantity: z.number().int() }),
  averageUnitCost: z.number().nullable().meta({ description: 'pesos: the weighted average over what was received, net of reversals' }),
  items: z.array(stockEntrySchema),
  total: count,
});
export type StockCardDto = z.infer<typeof stockCard>;

// ---- suppliers ----

export const supplierSchema = z.object({ id: z.number().int(), name: z.string(), contact: z.string().nullable() });
export type SupplierDto = z.infer<typeof supplierSchema>;
export const supplierList = z.object({ items: z.array(supplierSchema) });
export const supplierQuery = z.object({ search: pagingQuery.search });
export const supplierBody = z.object({ name: line().max(20_000).default(''), contact: line().max(20_000).nullable().optional() });
export const supplierResult = messageResult.extend({ supplier: supplierSchema });

// ---- deliveries ----

export const DELIVERY_TABS = ['received', 'reversed'] as const;
export const deliveryListQuery = z.object({ ...pagingQuery, status: z.enum(['all', ...DELIVERY_TABS]).default('all') });

export const deliveryRow = z.object({
  id: z.number().int(),
  supplierName: z.string(),
  reference: z.string(),
  receivedOn: calendarDate,
  total: z.number().meta({ description: 'pesos' }),
  lineCount: count,
  reversed: z.boolean(),
});
export const deliveryList = z.object({ items: z.array(deliveryRow), total: count, counts: countsOf(['all', ...DELIVERY_TABS]) });
export type DeliveryRowDto = z.infer<typeof deliveryRow>;

export const deliveryLineSchema = z.object({
  id: z.number().int(),
  itemId: z.number().int().nullable(),
  itemName: z.string(),
  quantity: z.number().int(),
  unitCost: z.number(),
  lineTotal: z.number(),
  tags: z.array(z.string()),
});
export const deliverySchema = deliveryRow.extend({
  supplierId: z.number().int(),
  supplierContact: z.string().nullable(),
  note: z.string().nullable(),
  receivedBy: z.string().nullable(),
  createdAt: isoTime,
  reversedAt: isoTime.nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
  lines: z.array(deliveryLineSchema),
});
export type DeliveryDto = z.infer<typeof deliverySchema>;
export const deliveryResult = messageResult.extend({ delivery: deliverySchema });

const deliveryLineBody = z.object({
  itemId: id.nullable().optional(),
  quantity: z.number().nullable().optional(),
  unitCost: z.number().nullable().optional(),
  tagPrefix: line().max(1000).nullable().optional(),
  warrantyEnd: line().max(100).nullable().optional(),
});
export const deliveryBody = z.object({
  supplierId: id.nullable().optional(),
  newSupplier: supplierBody.nullable().optional(),
  reference: line().max(20_000).default(''),
  receivedOn: line().max(100).default(''),
  note: prose().max(20_000).nullable().optional(),
  lines: z.array(deliveryLineBody).max(1000).default([]),
});
export type DeliveryBody = z.input<typeof deliveryBody>;
export const reverseBody = z.object({ reason: prose().max(20_000).default('') });

// ---- the asset register ----

export const warrantyQuery = z.object({
  days: z.coerce.number().int().min(0).max(3650).default(90),
  page: pagingQuery.page,
  pageSize: pagingQuery.pageSize,
});
export const warrantyRow = z.object({
  unitId: z.number().int(),
  tag: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  propertyNumber: z.string().nullable(),
  supplierName: z.string().nullable(),
  warrantyEnd: calendarDate,
  status: z.string(),
});
export const warrantyList = z.object({ items: z.array(warrantyRow), total: count });
export type WarrantyRowDto = z.infer<typeof warrantyRow>;
