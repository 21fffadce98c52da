/**
 * Custody of tracked units (docs/decisions/custody.md): a unit issued for long-term use to a person or a room,
 * acknowledged by the person, transferred, returned. Who may hold, the words, and the form's rule in field order.
 */
import * as z from 'zod/mini';
import type { Role } from '../roles';

/** The people who may hold the office's property: faculty, staff and personnel (never students). */
export const CUSTODIAN_ROLES: readonly Role[] = ['faculty', 'staff', 'personnel'];
/** The most units one receipt or one transfer slip lists. */
export const CUSTODY_UNITS_MAX = 100;

/** A holding as its holder reads it: awaiting acknowledgement, acknowledged, being transferred away, or offered to them. */
export const HOLDING_STATES = ['awaiting', 'acknowledged', 'transferring', 'incoming'] as const;
export type HoldingState = (typeof HOLDING_STATES)[number];
export const HOLDING_STATE_LABELS: Record<HoldingState, string> = {
  awaiting: 'Awaiting acknowledgement',
  acknowledged: 'Acknowledged',
  transferring: 'Transfer awaiting confirmation',
  incoming: 'Transfer to you: confirm receipt',
};

export const SLIP_KINDS = ['receipt', 'transfer'] as const;
export type SlipKind = (typeof SLIP_KINDS)[number];
export const SLIP_TITLES: Record<SlipKind, string> = { receipt: 'Acknowledgement Receipt', transfer: 'Transfer Slip' };
/** AR-12 for a receipt, TS-12 for a transfer slip. */
export const slipCode = (kind: SlipKind, id: number) => `${kind === 'receipt' ? 'AR' : 'TS'}-${id}`;

/** The lines of a unit's history a custody change writes (unit_events kind 'custody', this as its to_value). */
export const CUSTODY_STEPS = [
  'issued',
  'acknowledged',
  'transfer_started',
  'transfer_confirmed',
  'transfer_withdrawn',
  'returned',
  'lost',
] as const;
export type CustodyStep = (typeof CUSTODY_STEPS)[number];
/** A line's words from its holder and, for a loss, the count that confirmed it (the line's from_value). */
export const CUSTODY_STEP_TEXT: Record<CustodyStep, (holder: string, reference?: string | null) => string> = {
  issued: (h) => `Issued to ${h}`,
  acknowledged: (h) => `Receipt acknowledged by ${h}`,
  transfer_started: (h) => `Transfer to ${h} started`,
  transfer_confirmed: (h) => `Transfer confirmed: now held by ${h}`,
  transfer_withdrawn: (h) => `Transfer to ${h} withdrawn`,
  returned: (h) => `Returned to the office by ${h}`,
  lost: (h, ref) => `Custody of ${h} ended: marked lost${ref ? ` (${ref})` : ''}`,
};

export const CUSTODY_MSG = {
  issueToCustodian: 'Issue to Custodian',
  lostTitle: 'Property marked lost',
  lostNotice: (tag: string, reference: string) =>
    `${tag} was not found in count ${reference} and is now marked lost; you are no longer accountable for it.`,
  transfer: 'Transfer',
  returnToOffice: 'Return to Office',
  printReceipt: 'Print receipt',
  printTransferSlip: 'Print transfer slip',
  acknowledge: 'Acknowledge',
  myAccountabilities: 'My accountabilities',
  unitsRequired: 'Choose at least one unit.',
  tooManyUnits: `One receipt lists at most ${CUSTODY_UNITS_MAX} units.`,
  tagInvalid: 'Each unit is named by its asset tag.',
  tagTwice: (tag: string) => `${tag} is listed twice.`,
  unitNotFound: (tag: string) => `No unit has the asset tag ${tag}.`,
  holderKindRequired: 'Choose whether a person or a room will hold it.',
  personRequired: 'Choose the person who will hold it.',
  roomRequired: 'Choose the room that will hold it.',
  personNotFound: 'That person has no account here.',
  notCustodian: 'Only faculty, staff and personnel can hold the office’s property; students and administrators cannot.',
  personInactive: 'This account is deactivated; choose someone active.',
  roomNotFound: 'That room is not on the list of rooms.',
  unitOnLoan: (tag: string) => `${tag} is out on loan; it can be issued once it is back.`,
  unitRetired: (tag: string) => `${tag} is retired and cannot be issued.`,
  unitLost: (tag: string) => `${tag} is marked lost and cannot be issued.`,
  unitInRepair: (tag: string) => `${tag} is in repair; it can be issued once it is repaired.`,
  unitInCustody: (tag: string, holder: string) => `${tag} is already in the custody of ${holder}; transfer it instead.`,
  notInCustody: (tag: string) => `${tag} is not in anyone's custody.`,
  transferPending: (tag: string, holder: string) =>
    `${tag} already has a transfer to ${holder} awaiting confirmation; it must be confirmed or withdrawn first.`,
  noTransfer: (tag: string) => `${tag} has no transfer awaiting confirmation.`,
  sameHolder: (tag: string, holder: string) => `${tag} is already held by ${holder}.`,
  nothingToAcknowledge: 'Nothing of this unit awaits your acknowledgement.',
  slipNotFound: 'No such receipt or transfer slip.',
  issued: (n: number, code: string) => `${n} ${n === 1 ? 'unit' : 'units'} issued (${code})`,
  transferred: (n: number, code: string) => `Transfer started (${code}); it awaits the receiver's confirmation`,
  transferredRoom: (n: number, code: string) => `${n} ${n === 1 ? 'unit' : 'units'} transferred (${code})`,
  acknowledged: 'Receipt acknowledged',
  transferConfirmed: 'Transfer confirmed',
  returned: 'Returned to the office',
  withdrawn: 'Transfer withdrawn',
  custodianHolds: (n: number) =>
    `it is accountable for ${n} ${n === 1 ? 'unit' : 'units'} of the office’s property; transfer or return ${n === 1 ? 'it' : 'them'} first`,
} as const;

const positiveId = (message: string) =>
  z.optional(z.nullable(z.number({ error: message }).check(z.refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, message))));

/**
 * Issue to Custodian and Transfer: the units (asset tags), then a person or a room. The server runs it on the
 * body and then checks the units, the person and the room themselves.
 */
export const custodyForm = z
  .object({
    tags: z
      .array(z.string({ error: CUSTODY_MSG.tagInvalid }), { error: CUSTODY_MSG.unitsRequired })
      .check(z.minLength(1, CUSTODY_MSG.unitsRequired), z.maxLength(CUSTODY_UNITS_MAX, CUSTODY_MSG.tooManyUnits)),
    holder: z.enum(['person', 'room'], { error: CUSTODY_MSG.holderKindRequired }),
    accountId: positiveId(CUSTODY_MSG.personNotFound),
    roomId: positiveId(CUSTODY_MSG.roomNotFound),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.holder === 'person' && !v.accountId)
        ctx.addIssue({ code: 'custom', message: CUSTODY_MSG.personRequired, path: ['accountId'], input: v });
      if (v.holder === 'room' && !v.roomId) ctx.addIssue({ code: 'custom', message: CUSTODY_MSG.roomRequired, path: ['roomId'], input: v });
    }),
  );
export type CustodyForm = z.infer<typeof custodyForm>;
