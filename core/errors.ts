/**
 * Every error the API answers is `{ error: { code, message } }` (plus the extras below for a few codes), with
 * one of these codes. Screens branch on the code, never on the message; the message is for people.
 */
import { z } from 'zod';

export const ERROR_CODES = [
  // any operation
  'invalid_input',
  'bad_request',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'too_many_requests',
  'maintenance',
  'server_error',
  // sign-in and email verification
  'invalid_credentials',
  'wrong_portal',
  'pending_approval',
  'account_rejected',
  'account_deactivated',
  'email_not_verified',
  'password_sign_in_off',
  'campus_unavailable',
  'campus_off',
  'no_pending_verification',
  'no_attempts_left',
  'code_expired',
  'wrong_code',
  'too_many_attempts',
  'too_many_codes',
  'resend_too_soon',
  // registration and accounts
  'email_taken',
  'registrations_closed',
  'already_decided',
  'account_in_use',
  'wrong_password',
  'invalid_reset_link',
  // borrowing
  'wrong_state',
  // borrowing holds (docs/decisions/borrow-holds.md)
  'borrow_hold',
  'not_borrower',
  // repairs on hold (docs/decisions/repair-deadlines.md)
  'on_hold',
  'not_on_hold',
  'proof_required',
  'invalid_file_type',
  'item_not_found',
  'item_not_available',
  'access_restricted',
  'short_stock',
  'no_items_selected',
  'item_not_in_request',
  // supplies (docs/decisions/supplies.md)
  'supply_not_allowed',
  'supplies_only',
  'tracked_supply',
  'issue_quantity_invalid',
  'nothing_issued',
  // the office calendar (docs/decisions/office-calendar.md)
  'office_closed',
  // availability by date and reservations (docs/decisions/reservations.md)
  'dates_unavailable',
  'not_handed_out',
  'times_invalid',
  // inventory
  'item_on_loan',
  // tracked units (docs/decisions/units.md)
  'quantity_computed',
  'reason_required',
  'delivery_reversed',
  'reversal_refused',
  'supplier_taken',
  'room_not_found',
  'not_tracked',
  'already_tracked',
  'tag_taken',
  'unit_on_loan',
  'unit_retired',
  'property_number_taken',
  'unit_not_available',
  // custody (docs/decisions/custody.md)
  'unit_issued',
  'unit_in_custody',
  'not_in_custody',
  'transfer_pending',
  'not_custodian',
  'unit_not_found',
  'units_required',
  'too_many_units',
  // condition at verification (docs/decisions/return-conditions.md)
  'conditions_mismatch',
  'unit_not_on_loan',
  'quantity_over_line',
  'photo_required',
  'not_damage_repair',
  // problems reported during a loan (docs/decisions/loan-problems.md)
  'problem_already_reported',
  'problem_mismatch',
  'line_not_lent',
  'unit_required',
  // partial returns (docs/decisions/partial-returns.md)
  'line_not_in_request',
  'line_tracked',
  'more_than_out',
  'unit_already_returned',
  'nothing_to_return',
  'items_out',
  'already_verified',
  'return_refused',
  // locations (docs/decisions/locations.md)
  'room_in_use',
  'building_has_rooms',
  // the weekly schedule
  'schedule_clash',
  // user management and designations
  'last_administrator',
  'cannot_delete_self',
  'already_done',
  // assistant and AI writing help
  'nothing_to_improve',
  'assistant_unavailable',
  // inventory reports and CSV
  'invalid_csv',
  // the yearly count (docs/decisions/counts.md)
  'count_reference_taken',
  'count_overlap',
  'count_closed',
  'count_open',
  'room_not_in_count',
  'item_not_in_count',
  'not_found_elsewhere',
  'not_missing',
  // webhooks (docs/decisions/webhooks.md)
  'address_not_allowed',
  'webhook_paused',
  'delivery_in_flight',
  // accounts from the registrar (docs/decisions/registrar-accounts.md)
  'rows_invalid',
  'too_many_rows',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What some errors carry besides the message, for the screen that shows them. */
const EXTRAS = {
  /** A wrong verification code: how many tries are left before a new code is needed. */
  wrong_code: z.object({ attemptsLeft: z.number().int() }),
  /** The code's tries are spent: a new code is needed. */
  no_attempts_left: z.object({ attemptsLeft: z.number().int() }),
  /** Sign-in refused for this account and address, or this address, until the window ends. */
  too_many_attempts: z.object({ retryAfterMinutes: z.number().int() }),
  /** Codes tried or mailed too often: how long until the account may again. */
  too_many_codes: z.object({ retryAfterSeconds: z.number().int() }),
  /** A new code was asked for too soon after the last. */
  resend_too_soon: z.object({ retryAfterSeconds: z.number().int() }),
  /** A sign-in that needs the email verified first: where the code went and for how long it is valid. */
  email_not_verified: z.object({
    email: z.string(),
    expiresIn: z.number().int().meta({ description: 'minutes the code is valid' }),
    code: z.string().optional().meta({ description: 'development mode only: the code itself' }),
  }),
  /** The person is already scheduled at that time: the clashing items (docs/decisions/schedule-clashes.md). */
  schedule_clash: z.object({
    clashes: z.array(
      z.object({
        key: z.string(),
        workType: z.string(),
        date: z.string(),
        startTime: z.string().nullable(),
        endTime: z.string().nullable(),
        building: z.string(),
        location: z.string(),
      }),
    ),
  }),
  /** The days a request's dates cannot cover, per item, with what is free on each (docs/decisions/reservations.md). */
  dates_unavailable: z.object({
    conflicts: z.array(
      z.object({
        itemId: z.number().int(),
        itemName: z.string(),
        wanted: z.number().int(),
        days: z.array(z.object({ date: z.string(), free: z.number().int() })),
        /** A booking's hours when it names them ("between 13:00 and 16:00"). */
        hours: z.string().optional(),
      }),
    ),
  }),
  /** Accounts from the registrar: every row with something wrong, by its place in the list (1-based). */
  rows_invalid: z.object({
    rows: z.array(z.object({ row: z.number().int(), email: z.string().nullable(), errors: z.array(z.string()) })),
  }),
} satisfies Partial<Record<ErrorCode, z.ZodObject>>;

export type ErrorExtras = { [C in keyof typeof EXTRAS]: z.infer<(typeof EXTRAS)[C]> };
/** The extras of one code; none for most. */
export type ExtrasOf<C extends ErrorCode> = C extends keyof ErrorExtras ? ErrorExtras[C] : Record<never, never>;
/** Codes that carry no extras. */
export type PlainErrorCode = Exclude<ErrorCode, keyof ErrorExtras>;

export type ErrorBody<C extends ErrorCode = ErrorCode> = { error: { code: C; message: string } } & ExtrasOf<C>;

/** The error body of every operation, as OpenAPI shows it; the extras are present only with their codes. */
export const errorBody = z
  .object({
    error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }),
    ...EXTRAS.wrong_code.partial().shape,
    ...EXTRAS.too_many_attempts.partial().shape,
    ...EXTRAS.resend_too_soon.partial().shape,
    ...EXTRAS.email_not_verified.partial().shape,
    ...EXTRAS.schedule_clash.partial().shape,
    ...EXTRAS.dates_unavailable.partial().shape,
    ...EXTRAS.rows_invalid.partial().shape,
  })
  .meta({ id: 'Error', description: 'The error, with its code from the shared list and a message a person can act on' });

export const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);
