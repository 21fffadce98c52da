/** Save Report's rule (docs/decisions/reports.md), checked in the form's order by the dialog and the server alike. */
import * as z from 'zod/mini';
import { always } from '../common/forms';
import { SCHEDULES } from './rules';

export const SAVED_REPORT_NAME_MAX = 80;

/** A name, and someone to send it to when it is sent on a schedule. */
export const savedReportForm = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Name the report.'), z.maxLength(SAVED_REPORT_NAME_MAX)),
    schedule: z.enum(SCHEDULES),
    recipientIds: z.array(z.number()),
  })
  .check(
    z.refine((b) => b.schedule === 'none' || b.recipientIds.length > 0, {
      message: 'Choose who receives the report.',
      path: ['recipientIds'],
      ...always,
    }),
  );
