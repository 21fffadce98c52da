/**
 * What a webhook delivery carries (docs/decisions/webhooks.md, docs/api.md): `{ type, timestamp, data }`, the data
 * being the public fields of the record the event is about and its page in the app (`url`, null where the app has
 * no page for it). Every payload is written through these schemas, so a field not listed here never leaves.
 */
import { z } from 'zod';
import { REQUEST_STATUSES } from '../borrowing/rules';
import { REPAIR_STATUSES } from '../repairs/rules';
import { ACCOUNT_STATUSES, ROLES } from '../roles';
import { UNIT_STATUSES } from '../inventory/units';

const url = z.string().nullable();

export const requestData = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requesterId: z.number().int().nullable(),
  requesterName: z.string(),
  departmentId: z.number().int().nullable(),
  purpose: z.string(),
  dateRequested: z.string(),
  dateNeeded: z.string(),
  dateExpectedReturn: z.string(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  bookAhead: z.boolean(),
  decidedAt: z.string().nullable(),
  handedOutAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  overdueDays: z.number().int(),
  itemsOut: z.number().int(),
  items: z.array(
    z.object({
      itemId: z.number().int().nullable(),
      name: z.string(),
      category: z.string(),
      quantityRequested: z.number().int(),
      quantityApproved: z.number().int(),
      units: z.array(z.string()),
    }),
  ),
  url,
});

export const repairData = z.object({
  id: z.number().int(),
  code: z.string(),
  status: z.enum(REPAIR_STATUSES),
  priority: z.string(),
  building: z.string(),
  room: z.string(),
  roomId: z.number().int().nullable(),
  issueDescription: z.string(),
  reporterId: z.number().int().nullable(),
  reporterName: z.string(),
  dateReported: z.string(),
  assignedTo: z.number().int().nullable(),
  assignedName: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  onHold: z.object({ since: z.string(), reason: z.string() }).nullable(),
  respondBy: z.string().nullable(),
  fixBy: z.string().nullable(),
  url,
});

export const accountData = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ACCOUNT_STATUSES),
  departmentId: z.number().int().nullable(),
  deactivatedAt: z.string().nullable(),
  url,
});

export const unitData = z.object({
  id: z.number().int(),
  tag: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  category: z.string(),
  serialNumber: z.string().nullable(),
  propertyNumber: z.string().nullable(),
  condition: z.string(),
  status: z.enum(UNIT_STATUSES),
  url,
});

export const itemData = z.object({
  id: z.number().int(),
  name: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  reorderLevel: z.number().int().nullable(),
  reorderQuantity: z.number().int(),
  url,
});

export const countData = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  status: z.string(),
  startedAt: z.string(),
  closedAt: z.string().nullable(),
  figures: z.object({
    expected: z.number().int(),
    found: z.number().int(),
    foundElsewhere: z.number().int(),
    notFound: z.number().int(),
    unexpected: z.number().int(),
    unknownTags: z.number().int(),
  }),
  url,
});

export const testData = z.object({ webhookId: z.number().int(), message: z.string() });

/** The body of every delivery. */
export interface WebhookPayload {
  type: string;
  /** When the event happened, ISO-8601 UTC. */
  timestamp: string;
  data: Record<string, unknown>;
}
