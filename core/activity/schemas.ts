/** The activity feed and the header bell: entries and notices that point at the thing they are about. */
import { z } from 'zod';
import { count, isoTime, pageNumber, pageOf, text } from '../common/schemas';
import { isCalendarDate } from '../time';
import { UNREAD_MAX } from './notices';

/** What an activity entry or a notice can be about; with its id it makes the link (core/activity/links.ts). */
const ENTITY_TYPES = [
  'borrow_request',
  'account',
  'repair_report',
  'item',
  'schedule_entry',
  'designation',
  'building',
  'room',
  'custody',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export interface Entity {
  type: EntityType;
  id: number;
}

const entityFields = {
  entityType: z.enum(ENTITY_TYPES).nullable(),
  entityId: z.number().int().nullable(),
  /** The screen of the reader's portal that shows it, narrowed to it (REQ-n, RPR-n, the week); null when none does. */
  link: z.string().nullable(),
};

export const activityQuery = z.object({
  page: pageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(5),
});

const activityEntrySchema = z.object({
  id: z.number().int(),
  actionType: z.string(),
  description: z.string(),
  ...entityFields,
  /** "Deleted user" when the account is gone; the system's name (MSG.systemActor) for an automatic job's entry. */
  actorName: z.string(),
  createdAt: isoTime,
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityFeed = pageOf(activityEntrySchema);
export type ActivityFeed = z.infer<typeof activityFeed>;

const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  ...entityFields,
  read: z.boolean(),
  createdAt: isoTime,
});
export type NotificationDto = z.infer<typeof notificationSchema>;
export const notificationList = z.object({
  items: z.array(notificationSchema),
  unread: count.meta({ description: `how many are unread; ${UNREAD_MAX + 1} stands for more than ${UNREAD_MAX}` }),
});
export type NotificationList = z.infer<typeof notificationList>;
export const unreadCount = z.object({ unread: count });

/** An office member's bell settings: mail when a request is filed or a return awaits verification. */
export const officeBellPreferences = z.object({ emailOfficeEvents: z.boolean() });
export type OfficeBellPreferences = z.infer<typeof officeBellPreferences>;

const day = text()
  .refine((s) => isCalendarDate(s), 'must be a date, YYYY-MM-DD')
  .meta({ description: 'a campus calendar date, YYYY-MM-DD' });

/** The audit view: the whole log, filtered by person (name contains), action type and campus days. */
const auditFilters = {
  person: text().trim().max(200).optional(),
  type: text().trim().max(60).optional(),
  from: day.optional(),
  to: day.optional(),
};
export const auditQuery = z.object({
  page: pageNumber.default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  ...auditFilters,
});
export type AuditParams = z.infer<typeof auditQuery>;
export const auditCsvQuery = z.object(auditFilters);
export const auditLog = activityFeed.extend({
  /** Every action type in the log, for the filter. */
  actionTypes: z.array(z.string()),
});
export type AuditLog = z.infer<typeof auditLog>;
/** The CSV export's limit: an export larger than this is cut, and says so in its last line. */
export const AUDIT_CSV_MAX_ROWS = 20_000;
