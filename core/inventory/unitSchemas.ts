/** The tracked units' API contract (docs/decisions/units.md). */
import { z } from 'zod';
import { count, countsOf, id, idList, isoTime, line, messageResult, pageOf, pagingQuery, text } from '../common/schemas';
import { LABEL_LAYOUTS } from '../common/labels';
import { UNIT_STATUSES } from './units';

export const unitSchema = z
  .object({
    id: z.number().int(),
    tag: z.string(),
    itemId: z.number().int(),
    itemName: z.string(),
    category: z.string(),
    serialNumber: z.string().nullable(),
    condition: z.string(),
    status: z.enum(UNIT_STATUSES),
    homeRoom: z.object({ id: z.number().int(), code: z.string(), name: z.string(), buildingName: z.string() }).nullable(),
    createdAt: isoTime,
    updatedAt: isoTime,
    /** The asset record (core/inventory/unitAsset.ts): dates YYYY-MM-DD, the cost in pesos. */
    purchaseDate: z.string().nullable(),
    purchaseCost: z.number().nullable(),
    supplierId: z.number().int().nullable(),
    supplierName: z.string().nullable(),
    warrantyEnd: z.string().nullable(),
    propertyNumber: z.string().nullable(),
    deliveryId: z.number().int().nullable(),
    /** When a closed count last found it (docs/decisions/counts.md); null: never counted. */
    lastCountedAt: isoTime.nullable(),
  })
  .meta({ id: 'Unit' });
export type UnitDto = z.infer<typeof unitSchema>;

export const unitListQuery = z.object({
  ...pagingQuery,
  status: z.enum(['all', ...UNIT_STATUSES]).default('all'),
});
export type UnitListQuery = z.input<typeof unitListQuery>;

/** Print labels of an item's units: those the Units list shows (retired ones never), or those of ?ids= among them. */
export const unitLabelsQuery = z.object({
  search: text().trim().max(200).optional(),
  status: z.enum(['all', ...UNIT_STATUSES]).default('all'),
  ids: idList('unit').optional(),
  layout: z.enum(LABEL_LAYOUTS).default('sheet'),
});
export type UnitLabelsQuery = z.input<typeof unitLabelsQuery>;
export type UnitListParams = z.infer<typeof unitListQuery>;

export const unitList = pageOf(unitSchema).extend({
  /** Units per status under the search, and 'all'. */
  counts: countsOf(['all', ...UNIT_STATUSES]),
  item: z.object({ id: z.number().int(), name: z.string(), tracking: z.string(), quantity: count }),
});
export type UnitList = z.infer<typeof unitList>;

const roomId = id.nullable().optional();
const serial = text().max(20_000).nullable().optional();

export const unitBody = z.object({
  tag: text().max(1000).default(''),
  serialNumber: serial,
  condition: text().max(100).default('good'),
  homeRoomId: roomId,
});
export const bulkUnitsBody = z.object({
  count: z.number().optional(),
  prefix: line().max(1000).default(''),
  condition: text().max(100).default('good'),
  homeRoomId: roomId,
});
export const unitEditBody = z.object({
  serialNumber: serial,
  condition: text().max(100).default(''),
  homeRoomId: roomId,
  status: text().max(100).default(''),
});
/** Edit Asset Record: every field optional, empty or null clearing it (the rule: unitAssetForm). */
export const unitAssetBody = z.object({
  purchaseDate: text().max(100).nullable().optional(),
  purchaseCost: z.number().nullable().optional(),
  supplierId: id.nullable().optional(),
  warrantyEnd: text().max(100).nullable().optional(),
  propertyNumber: text().max(1000).nullable().optional(),
});
export type UnitAssetBody = z.input<typeof unitAssetBody>;
export const retireUnitBody = z.object({ reason: line().max(20_000).default('') });
export const trackItemBody = z.object({ prefix: line().max(1000).default(''), condition: text().max(100).default('good') });
export type UnitBody = z.input<typeof unitBody>;
export type BulkUnitsBody = z.input<typeof bulkUnitsBody>;
export type UnitEditBody = z.input<typeof unitEditBody>;
export type TrackItemBody = z.input<typeof trackItemBody>;

export const tagParams = z.object({ tag: text().trim().min(1).max(200) });

export const unitResult = messageResult.extend({ unit: unitSchema });
export const unitsResult = messageResult.extend({ units: z.array(unitSchema) });

/** One line of a unit's history, newest first: a loan (borrowing) or a change made to the unit (inventory). */
export const unitHistoryEntry = z.object({
  kind: z.enum(['loan', 'created', 'condition', 'status', 'moved', 'serial', 'asset', 'retired', 'custody']),
  at: isoTime,
  /** Who did it (the office member), or the borrower for a loan; null when the account is gone. */
  by: z.string().nullable(),
  /** The change or the loan in words. */
  text: z.string(),
  /** The borrow request of a loan. */
  requestId: z.number().int().nullable(),
  /** The photo of what the office found when the loan came back not good (docs/decisions/return-conditions.md). */
  photoUrl: z.string().nullable(),
});
export type UnitHistoryEntry = z.infer<typeof unitHistoryEntry>;

export const unitPage = z.object({
  unit: unitSchema,
  history: z.array(unitHistoryEntry),
  /** The repair the unit is in (opened at a return), until it ends; its page links to it. */
  repair: z.object({ id: z.number().int(), code: z.string(), status: z.string() }).nullable(),
});
export type UnitPage = z.infer<typeof unitPage>;

/** A unit found by its tag: its item for everyone (Borrow Items shows it); the unit itself for the office only. */
export const unitLookup = z.object({ itemId: z.number().int(), itemName: z.string(), unit: unitSchema.nullable() });
export type UnitLookup = z.infer<typeof unitLookup>;
