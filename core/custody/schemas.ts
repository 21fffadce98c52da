/** Custody's API contract (docs/decisions/custody.md). */
import { z } from 'zod';
import { id, idParams, isoTime, line, messageResult, text } from '../common/schemas';
import { HOLDING_STATES, SLIP_KINDS } from './rules';

/** Issue to Custodian and Transfer: the units by asset tag, and a person or a room (the rule: custodyForm). */
export const custodyBody = z.object({
  tags: z.array(line().max(200)).max(1000).default([]),
  holder: text().max(20).default(''),
  accountId: id.nullable().optional(),
  roomId: id.nullable().optional(),
});
export type CustodyBody = z.input<typeof custodyBody>;

const holder = z.object({
  kind: z.enum(['person', 'room']),
  accountId: z.number().int().nullable(),
  roomId: z.number().int().nullable(),
  name: z.string(),
});
export type CustodyHolder = z.infer<typeof holder>;

const slipRef = z.object({ id: z.number().int(), kind: z.enum(SLIP_KINDS), code: z.string() });

/** A unit's custody now: who is accountable (null: the office has it), since when, and a transfer awaiting confirmation. */
export const unitCustody = z.object({
  unitId: z.number().int(),
  holder: holder.nullable(),
  since: isoTime.nullable(),
  acknowledgedAt: isoTime.nullable(),
  slip: slipRef.nullable(),
  transfer: z.object({ to: holder, since: isoTime, slip: slipRef }).nullable(),
});
export type UnitCustodyDto = z.infer<typeof unitCustody>;

export const slipResult = messageResult.extend({ slip: slipRef });
export const custodyResult = messageResult.extend({ custody: unitCustody });

/** One line of My accountabilities. */
export const holdingLine = z.object({
  unitId: z.number().int(),
  tag: z.string(),
  itemName: z.string(),
  propertyNumber: z.string().nullable(),
  since: isoTime,
  /** The purchase cost in pesos, null when the asset record has none. */
  value: z.number().nullable(),
  state: z.enum(HOLDING_STATES),
  slip: slipRef,
  /** Where a transfer is under way: the other side (the receiver, or the giver of one offered to you). */
  other: z.string().nullable(),
});
export type HoldingLine = z.infer<typeof holdingLine>;

export const myHoldings = z.object({
  lines: z.array(holdingLine),
  /** What the person is accountable for (offers to them not yet confirmed aside), in pesos. */
  totalValue: z.number(),
  count: z.number().int(),
});
export type MyHoldings = z.infer<typeof myHoldings>;

/** The people the office may issue to: active faculty, staff and personnel. */
export const custodianChoices = z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() }));
export type CustodianChoice = z.infer<typeof custodianChoices>[number];

export { idParams };
