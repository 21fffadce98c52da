/**
 * Tracked units (docs/decisions/units.md): an item is counted (a quantity typed by the office) or tracked one by
 * one. A unit has an asset tag (kept in capitals, unique), an optional serial number, a condition, a status and
 * an optional home room. The tracked item's quantity is the number of its units available, never typed.
 */
import * as z from 'zod/mini';

export const TRACKINGS = ['counted', 'tracked'] as const;
export type Tracking = (typeof TRACKINGS)[number];

export const UNIT_CONDITIONS = ['good', 'fair', 'damaged'] as const;
export type UnitCondition = (typeof UNIT_CONDITIONS)[number];
/** `issued`: in a person's or a room's custody (docs/decisions/custody.md), out of the stock like a loan. */
export const UNIT_STATUSES = ['available', 'on_loan', 'issued', 'in_repair', 'retired', 'lost'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];
/** The statuses the office may set by hand (corrections); on loan comes with approvals, retired with Retire. */
export const UNIT_EDIT_STATUSES = ['available', 'in_repair', 'lost'] as const;

export const UNIT_CONDITION_LABELS: Record<UnitCondition, string> = { good: 'Good', fair: 'Fair', damaged: 'Damaged' };
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  available: 'Available',
  on_loan: 'On loan',
  issued: 'Issued',
  in_repair: 'In repair',
  retired: 'Retired',
  lost: 'Lost',
};

export const UNIT_TAG_MAX = 40;
export const UNIT_PREFIX_MAX = 30;
export const UNIT_SERIAL_MAX = 100;
export const UNIT_REASON_MAX = 500;
/** The most units one bulk add or one conversion makes. */
export const UNIT_BULK_MAX = 500;

/** Tags are letters, digits, dashes, dots and underscores, starting with a letter or digit; kept in capitals. */
const TAG = /^[A-Z0-9][A-Z0-9._-]*$/;
/** A tag as stored and looked up: trimmed and in capitals, so "lab-1" and "LAB-1" are one tag. */
export const tidyTag = (s: string) => s.trim().toUpperCase();
export const isTag = (s: string) => s.length > 0 && s.length <= UNIT_TAG_MAX && TAG.test(s);

export const UNIT_MSG = {
  tagRequired: 'Asset tag is required',
  tagInvalid: `Asset tag: letters, digits, dashes, dots or underscores, at most ${UNIT_TAG_MAX} characters`,
  tagTaken: (tag: string) => `Asset tag ${tag} is already on another unit. Each tag is printed on one unit only.`,
  prefixInvalid: `Tag prefix: letters, digits, dashes, dots or underscores, at most ${UNIT_PREFIX_MAX} characters`,
  countInvalid: `How many: a whole number from 1 to ${UNIT_BULK_MAX}`,
  serialTooLong: `Serial number must be at most ${UNIT_SERIAL_MAX} characters long`,
  conditionInvalid: 'Condition must be good, fair or damaged',
  statusInvalid: 'Status can be set to available, in repair or lost; a unit goes on loan by approval and leaves by Retire',
  reasonRequired: 'Please say why the unit is retired',
  reasonTooLong: `Reason must be at most ${UNIT_REASON_MAX} characters long`,
  roomNotFound: 'That room is not on the list of rooms.',
  unitNotFound: 'No unit has this asset tag.',
  notTracked: 'This item is counted, not tracked: track its units first.',
  alreadyTracked: 'This item is already tracked unit by unit.',
  quantityComputed: (name: string) =>
    `The quantity of ${name} is counted from its units (the ones available); add, retire or edit units instead of typing it.`,
  convertTooMany: (n: number) =>
    `Tracking makes one unit per item on hand or on loan; at most ${UNIT_BULK_MAX} at once (this item has ${n}).`,
  unitOnLoan: (tag: string) => `${tag} is out on loan; it changes status when it comes back.`,
  unitRetired: (tag: string) => `${tag} is retired; it can no longer be changed.`,
  unitIssued: (tag: string) => `${tag} is in someone's custody; return it to the office first.`,
  unitAdded: 'Unit added',
  unitsAdded: (n: number) => `${n} ${n === 1 ? 'unit' : 'units'} added`,
  unitUpdated: 'Unit updated',
  unitRetiredDone: 'Unit retired',
  itemTracked: (n: number) => `Item now tracked unit by unit: ${n} ${n === 1 ? 'unit' : 'units'} made`,
} as const;

const tag = z.string({ error: UNIT_MSG.tagRequired }).check(
  z.trim(),
  z.minLength(1, UNIT_MSG.tagRequired),
  z.refine((s) => isTag(tidyTag(s)), UNIT_MSG.tagInvalid),
);
const prefix = z.string({ error: UNIT_MSG.prefixInvalid }).check(
  z.trim(),
  z.refine((s) => tidyTag(s).length <= UNIT_PREFIX_MAX && isTag(tidyTag(s)), UNIT_MSG.prefixInvalid),
);
const serial = z.optional(z.nullable(z.string().check(z.maxLength(UNIT_SERIAL_MAX, UNIT_MSG.serialTooLong))));
const condition = z.enum(UNIT_CONDITIONS, { error: UNIT_MSG.conditionInvalid });
const homeRoomId = z.optional(
  z.nullable(z.number().check(z.refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, UNIT_MSG.roomNotFound))),
);

/** Add Unit: tag, serial number, condition, home room. */
export const unitForm = z.object({ tag, serialNumber: serial, condition, homeRoomId });
export type UnitForm = z.infer<typeof unitForm>;

/** Add Units in bulk: how many, the tag prefix (PREFIX-0001, ...), condition and home room for all. */
export const bulkUnitsForm = z.object({
  count: z
    .number({ error: UNIT_MSG.countInvalid })
    .check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= UNIT_BULK_MAX, UNIT_MSG.countInvalid)),
  prefix,
  condition,
  homeRoomId,
});
export type BulkUnitsForm = z.infer<typeof bulkUnitsForm>;

/** Edit Unit: serial number, condition, home room, and status among the office's corrections. */
export const unitEditForm = z.object({
  serialNumber: serial,
  condition,
  homeRoomId,
  status: z.enum(UNIT_EDIT_STATUSES, { error: UNIT_MSG.statusInvalid }),
});
export type UnitEditForm = z.infer<typeof unitEditForm>;

/** Retire Unit: why. */
export const retireUnitForm = z.object({
  reason: z
    .string({ error: UNIT_MSG.reasonRequired })
    .check(z.trim(), z.minLength(1, UNIT_MSG.reasonRequired), z.maxLength(UNIT_REASON_MAX, UNIT_MSG.reasonTooLong)),
});

/** Track Units (convert a counted item): the tag prefix its units get. */
export const trackItemForm = z.object({ prefix, condition });

/** The n-th tag of a prefix: PREFIX-0001 (four digits at least). */
export const tagOf = (prefix: string, n: number) => `${tidyTag(prefix)}-${String(n).padStart(4, '0')}`;

/**
 * The next `count` free tags of a prefix, from PREFIX-0001 on, skipping the taken ones. Every tag is at most
 * UNIT_TAG_MAX characters (the prefix is shorter by more than the number).
 */
export function freeTags(prefix: string, count: number, taken: (tag: string) => boolean): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count; n++) {
    const t = tagOf(prefix, n);
    if (!taken(t)) out.push(t);
  }
  return out;
}
