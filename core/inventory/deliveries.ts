/**
 * Deliveries and suppliers (docs/decisions/stock-card.md): the form's checks in field order, the same in the
 * browser and on the server, and their words. Money is in pesos with two decimals (₱).
 */
import * as z from 'zod/mini';
import { isCalendarDate } from '../time';
import { MAX_STOCK } from './rules';
import { STOCK_REASON_MAX } from './stock';
import { UNIT_PREFIX_MAX } from './units';

export const SUPPLIER_NAME_MAX = 120;
export const SUPPLIER_CONTACT_MAX = 200;
export const DELIVERY_REFERENCE_MAX = 60;
export const DELIVERY_NOTE_MAX = 1000;
export const DELIVERY_LINES_MAX = 100;
/** The most a unit may cost: well inside both databases' integers in centavos. */
export const UNIT_COST_MAX = 10_000_000;
/** Units a delivery may make for one tracked line, as the bulk add allows. */
export const DELIVERY_UNITS_MAX = 500;
export const WARRANTY_DAYS_DEFAULT = 90;
export const PROPERTY_NUMBER_MAX = 60;

export const DELIVERY_WORDS = {
  deliveries: 'Deliveries',
  recordDelivery: 'Record delivery',
  suppliers: 'Suppliers',
  addSupplier: 'Add supplier',
  reverseDelivery: 'Reverse delivery',
  deliveryReceipt: 'Delivery receipt',
  warrantyEnding: 'Warranty ending',
  reversed: 'Reversed',
  received: 'Received',
} as const;

export const DELIVERY_MSG = {
  supplierRequired: 'Choose a supplier or add a new one.',
  supplierNameRequired: "Enter the supplier's name.",
  supplierNameTooLong: `The supplier's name can be at most ${SUPPLIER_NAME_MAX} characters.`,
  supplierContactTooLong: `The contact can be at most ${SUPPLIER_CONTACT_MAX} characters.`,
  supplierTaken: (name: string) => `A supplier named ${name} is already on the list. Choose it instead.`,
  supplierNotFound: 'That supplier is no longer on the list.',
  referenceRequired: "Enter the delivery's reference number (the supplier's receipt or invoice number).",
  referenceTooLong: `The reference number can be at most ${DELIVERY_REFERENCE_MAX} characters.`,
  dateRequired: 'Enter the date the delivery was received.',
  dateInFuture: 'The date received cannot be in the future.',
  noteTooLong: `The note can be at most ${DELIVERY_NOTE_MAX} characters.`,
  linesRequired: 'Add at least one line: an item, its quantity and its unit cost.',
  tooManyLines: `A delivery can have at most ${DELIVERY_LINES_MAX} lines.`,
  lineItemRequired: (n: number) => `Line ${n}: choose the item.`,
  lineQuantityInvalid: (n: number) => `Line ${n}: the quantity must be a whole number above 0.`,
  lineTooManyUnits: (n: number) => `Line ${n}: a delivery can make at most ${DELIVERY_UNITS_MAX} units of an item at once.`,
  lineCostInvalid: (n: number) => `Line ${n}: the unit cost must be an amount in pesos from ₱0.00, with at most two decimals.`,
  linePrefixRequired: (n: number, item: string) => `Line ${n}: ${item} is tracked by unit; enter the tag prefix for its new units.`,
  lineWarrantyInvalid: (n: number) => `Line ${n}: the warranty end must be a date (YYYY-MM-DD).`,
  itemNotFound: (n: number) => `Line ${n}: that item is no longer in the inventory.`,
  itemTwice: (name: string) => `${name} is on two lines; put its whole quantity on one.`,
  deliveryNotFound: 'Delivery not found.',
  alreadyReversed: 'This delivery was already reversed.',
  reverseReasonRequired: 'Say why the delivery is reversed (the stock card keeps the reason).',
  reverseReasonTooLong: `The reason can be at most ${STOCK_REASON_MAX} characters.`,
  reverseShort: (item: string, onHand: number, received: number) =>
    `Cannot reverse: only ${onHand} of ${item} ${onHand === 1 ? 'is' : 'are'} in stock, and reversing takes away the ${received} received. Record what happened to the stock first.`,
  reverseUnitsMoved: (tags: string) =>
    `Cannot reverse: units of this delivery have moved since (${tags}). Only a delivery whose units are all still on the shelf can be reversed.`,
  received: (reference: string) => `Delivery ${reference} received.`,
  reversedDone: (reference: string) => `Delivery ${reference} reversed.`,
  propertyNumberTaken: (n: string) => `Property number ${n} is already on another unit.`,
  propertyNumberTooLong: `The property number can be at most ${PROPERTY_NUMBER_MAX} characters.`,
  purchaseCostInvalid: 'The purchase cost must be an amount in pesos from ₱0.00, with at most two decimals.',
  purchaseDateInvalid: 'The purchase date must be a date (YYYY-MM-DD), not in the future.',
  warrantyEndInvalid: 'The warranty end must be a date (YYYY-MM-DD).',
} as const;

export const isPesos = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= UNIT_COST_MAX && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
export const toCentavos = (pesos: number) => Math.round(pesos * 100);
export const toPesos = (centavos: number) => centavos / 100;

export type DeliveryLineInput = {
  itemId?: number | null;
  quantity?: number | null;
  unitCost?: number | null;
  tagPrefix?: string | null;
  warrantyEnd?: string | null;
};
export type DeliveryInput = {
  supplierId?: number | null;
  newSupplier?: { name?: string | null; contact?: string | null } | null;
  reference?: string | null;
  receivedOn?: string | null;
  note?: string | null;
  lines?: DeliveryLineInput[] | null;
};

/** A supplier's name and contact: the first thing wrong, or null. */
export function supplierProblem(s: { name?: string | null; contact?: string | null }): string | null {
  const name = s.name?.trim() ?? '';
  if (!name) return DELIVERY_MSG.supplierNameRequired;
  if (name.length > SUPPLIER_NAME_MAX) return DELIVERY_MSG.supplierNameTooLong;
  if ((s.contact?.trim() ?? '').length > SUPPLIER_CONTACT_MAX) return DELIVERY_MSG.supplierContactTooLong;
  return null;
}

/**
 * Record delivery's checks in the form's order: the first thing wrong, or null. `trackedName` answers a tracked
 * item's name (its lines need a tag prefix), or null for counted items and items not known.
 */
export function deliveryProblem(
  d: DeliveryInput,
  today: string,
  trackedName: (itemId: number) => string | null = () => null,
): string | null {
  if (!d.supplierId && !d.newSupplier) return DELIVERY_MSG.supplierRequired;
  if (!d.supplierId && d.newSupplier) {
    const p = supplierProblem(d.newSupplier);
    if (p) return p;
  }
  const reference = d.reference?.trim() ?? '';
  if (!reference) return DELIVERY_MSG.referenceRequired;
  if (reference.length > DELIVERY_REFERENCE_MAX) return DELIVERY_MSG.referenceTooLong;
  if (!d.receivedOn) return DELIVERY_MSG.dateRequired;
  if (!isCalendarDate(d.receivedOn)) return DELIVERY_MSG.dateRequired;
  if (d.receivedOn > today) return DELIVERY_MSG.dateInFuture;
  if ((d.note?.trim() ?? '').length > DELIVERY_NOTE_MAX) return DELIVERY_MSG.noteTooLong;
  const lines = d.lines ?? [];
  if (!lines.length) return DELIVERY_MSG.linesRequired;
  if (lines.length > DELIVERY_LINES_MAX) return DELIVERY_MSG.tooManyLines;
  for (const [i, l] of lines.entries()) {
    const n = i + 1;
    if (!l.itemId) return DELIVERY_MSG.lineItemRequired(n);
    if (typeof l.quantity !== 'number' || !Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > MAX_STOCK)
      return DELIVERY_MSG.lineQuantityInvalid(n);
    if (!isPesos(l.unitCost)) return DELIVERY_MSG.lineCostInvalid(n);
    const tracked = trackedName(l.itemId);
    if (tracked !== null) {
      if (l.quantity > DELIVERY_UNITS_MAX) return DELIVERY_MSG.lineTooManyUnits(n);
      const prefix = l.tagPrefix?.trim() ?? '';
      if (!prefix || prefix.length > UNIT_PREFIX_MAX) return DELIVERY_MSG.linePrefixRequired(n, tracked);
    }
    if (l.warrantyEnd && !isCalendarDate(l.warrantyEnd)) return DELIVERY_MSG.lineWarrantyInvalid(n);
  }
  return null;
}

/**
 * Record delivery's form rule for the browser (useSchemaForm): deliveryProblem as one check, so the dialog shows
 * the same first failure, in the same words, as the server would answer.
 */
export const deliveryForm = (today: string, trackedName: (itemId: number) => string | null = () => null) =>
  z.custom<DeliveryInput>().check(
    z.superRefine((d, ctx) => {
      const problem = deliveryProblem(d, today, trackedName);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: d });
    }),
  );

/** Reverse delivery's form rule: reverseProblem as one check. */
export const reverseForm = z.custom<{ reason?: string | null }>().check(
  z.superRefine((b, ctx) => {
    const problem = reverseProblem(b.reason);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: b });
  }),
);

/** Reverse delivery's reason: the first thing wrong, or null. */
export function reverseProblem(reason: string | null | undefined): string | null {
  const r = reason?.trim() ?? '';
  if (!r) return DELIVERY_MSG.reverseReasonRequired;
  if (r.length > STOCK_REASON_MAX) return DELIVERY_MSG.reverseReasonTooLong;
  return null;
}
