/** The office's details as an administrator edits them in Settings, checked in this order on both sides. */
import * as z from 'zod/mini';
import { EMAIL_RE, filledIn } from '../auth/rules';

export const OFFICE_LIMITS = { name: 120, address: 200, phone: 40, email: 200 } as const;

const field = (label: string, max: number) =>
  filledIn(`${label} is required`).check(z.maxLength(max, `${label} must be at most ${max} characters`));

export const officeForm = z.object({
  name: field('Office name', OFFICE_LIMITS.name),
  address: field('Address', OFFICE_LIMITS.address),
  phone: field('Phone', OFFICE_LIMITS.phone),
  email: field('Email', OFFICE_LIMITS.email).check(z.regex(EMAIL_RE, 'Please enter a valid email address')),
});
export type OfficeInput = z.input<typeof officeForm>;
