/**
 * A unit's asset record (docs/decisions/stock-card.md, the asset register): purchase date, purchase cost, supplier,
 * warranty end and property number. Set by the delivery that made the unit; Edit asset record corrects them. The
 * form's checks in field order, the same in the dialog and on the server.
 */
import * as z from 'zod/mini';
import { isCalendarDate } from '../time';
import { DELIVERY_MSG, isPesos, PROPERTY_NUMBER_MAX } from './deliveries';

export const ASSET_WORDS = {
  editAsset: 'Edit Asset Record',
  assetRecord: 'Asset record',
  purchaseDate: 'Purchase date',
  purchaseCost: 'Purchase cost',
  supplier: 'Supplier',
  warrantyEnd: 'Warranty ends',
  propertyNumber: 'Property number',
  saved: 'Asset record saved',
  warrantyBeforePurchase: 'The warranty cannot end before the purchase date.',
} as const;

export type UnitAssetInput = {
  purchaseDate?: string | null;
  purchaseCost?: number | null;
  supplierId?: number | null;
  warrantyEnd?: string | null;
  propertyNumber?: string | null;
};

const optionalDate = (message: string, today?: string) =>
  z.optional(
    z.nullable(z.string().check(z.refine((s) => s === '' || (isCalendarDate(s) && (today === undefined || s <= today)), message))),
  );

/**
 * Edit asset record's rule: each field optional (empty clears it); the purchase date a campus date not after today,
 * the cost pesos from 0 with at most two decimals, the warranty end a date not before the purchase date, the
 * property number at most 60 characters. Whether the supplier is on the list and the property number free are the
 * server's to say.
 */
export const unitAssetForm = (today: string) =>
  z
    .object({
      purchaseDate: optionalDate(DELIVERY_MSG.purchaseDateInvalid, today),
      purchaseCost: z.optional(z.nullable(z.number().check(z.refine(isPesos, DELIVERY_MSG.purchaseCostInvalid)))),
      supplierId: z.optional(z.nullable(z.number().check(z.refine((n) => Number.isInteger(n) && n > 0, DELIVERY_MSG.supplierNotFound)))),
      warrantyEnd: optionalDate(DELIVERY_MSG.warrantyEndInvalid),
      propertyNumber: z.optional(
        z.nullable(z.string().check(z.refine((s) => s.trim().length <= PROPERTY_NUMBER_MAX, DELIVERY_MSG.propertyNumberTooLong))),
      ),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (
          v.purchaseDate &&
          v.warrantyEnd &&
          isCalendarDate(v.purchaseDate) &&
          isCalendarDate(v.warrantyEnd) &&
          v.warrantyEnd < v.purchaseDate
        )
          ctx.addIssue({ code: 'custom', message: ASSET_WORDS.warrantyBeforePurchase, path: ['warrantyEnd'], input: v });
      }),
    );
