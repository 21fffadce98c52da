/** The site's API contract: open or under maintenance, the office's details, the landing page's figures. */
import { z } from 'zod';
import { count, line, text } from '../common/schemas';
import { CATEGORIES, type Category } from '../inventory/rules';
import type { DamageTrades } from '../repairs/damage';
import { JOB_TYPES, type JobType } from '../roles';
import { SUPPLY_REQUESTER_ROLES, type SupplyRequesters } from '../inventory/supplies';

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Ready for traffic: the database answers and every migration of this version has run. */
export const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  /** The file store (the upload folder or the object store) answers. */
  files: z.enum(['ok', 'unreachable', 'unknown']),
});

/** The office's details; `hours` is written from the office calendar's week (core/site/calendar.ts). */
const officeSchema = z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), hours: z.string() });

/** The office's details as typed; the service checks them in the form's order (core/site/forms.ts). */
export const officeBody = z.object({
  name: line().max(1000),
  address: text().max(1000),
  phone: text().max(1000),
  email: text().max(1000),
});
export type OfficeInput = z.input<typeof officeBody>;
export const officeResult = z.object({ message: z.string(), office: officeSchema });
export const campusMapResult = z.object({ message: z.string(), campusMapUrl: z.string() });

export const siteStatus = z.object({
  available: z.boolean(),
  /** MAINTENANCE_MODE is set: the admin switch has no effect. */
  maintenanceForced: z.boolean(),
  /** The campus time zone: "today" for date pickers. */
  timeZone: z.string(),
  /** The campus map image: one an administrator uploaded, else the file set by CAMPUS_MAP_FILE, else the shipped one. */
  campusMapUrl: z.string(),
  /** The origin of APP_URL, which printed labels' QR codes hold (the scanner accepts it besides the page's own). */
  appOrigin: z.string(),
  office: officeSchema,
  /** Campus sign-in (docs/decisions/campus-sign-in.md): the button's name when it is set up, else null. Nothing else of it. */
  campusSignIn: z.object({ name: z.string() }).nullable(),
});
export type SiteStatus = z.infer<typeof siteStatus>;

export const maintenanceBody = z.object({ enabled: z.boolean() });
export const maintenanceResult = z.object({ available: z.boolean(), enabled: z.boolean(), maintenanceForced: z.boolean() });
export type MaintenanceResult = z.infer<typeof maintenanceResult>;

/** Live figures for the landing page (docs/decisions/real-figures.md). */
export const siteStats = z.object({
  requestsHandled: count,
  itemsAvailable: count,
  peopleServed: count,
  repairsCompleted: count,
  averageResponseHours: z.number().nullable(),
});
export type SiteStats = z.infer<typeof siteStats>;

export const notFoundReport = z.object({ path: text().max(2000) });

export const outboxQuery = z.object({ to: text().max(200).optional() });
export const outbox = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      to_address: z.string(),
      subject: z.string(),
      body: z.string(),
      created_at: z.string(),
      /** JSON [{ filename, contentType, content (base64) }] of a mail with attachments; null otherwise. */
      attachments: z.string().nullable(),
    }),
  ),
});

// ---- the office calendar (docs/decisions/office-calendar.md) ----

const dayHours = z.object({ open: text().max(5), close: text().max(5) }).nullable();
/** Each weekday's hours, or null when the office stays closed that day; checked by weekHoursForm. */
export const weekHoursBody = z.object({
  Monday: dayHours,
  Tuesday: dayHours,
  Wednesday: dayHours,
  Thursday: dayHours,
  Friday: dayHours,
  Saturday: dayHours,
  Sunday: dayHours,
});
export const closureSchema = z.object({ id: z.number().int(), name: z.string(), from: z.string(), to: z.string() });
export const officeCalendar = z.object({
  week: weekHoursBody,
  /** The week in words, as the landing page writes it. */
  hours: z.string(),
  /** The closures that have not ended, earliest first. */
  closures: z.array(closureSchema),
});
export type OfficeCalendarDto = z.infer<typeof officeCalendar>;
/** A closure as an administrator adds it; checked by closureForm (core/site/calendar.ts). */
export const closureBody = z.object({ name: line().max(1000), from: text().max(20), to: text().max(20) });
export const weekHoursResult = z.object({ message: z.string(), calendar: officeCalendar });
export const closureResult = z.object({ message: z.string(), closure: closureSchema });

/** The trade suggested per item category for a damage repair (docs/decisions/return-conditions.md). */
export const damageTradesSchema = z.object(
  Object.fromEntries(CATEGORIES.map((c) => [c, z.enum(JOB_TYPES)])) as Record<Category, z.ZodEnum<{ [K in JobType]: K }>>,
) satisfies z.ZodType<DamageTrades>;
export const damageTradesBody = z.object({ trades: damageTradesSchema });
export const damageTradesResult = z.object({ trades: damageTradesSchema });

/** Who may request each category's supplies (docs/decisions/supplies.md). */
export const supplyRequestersSchema = z.object(
  Object.fromEntries(CATEGORIES.map((c) => [c, z.array(z.enum(SUPPLY_REQUESTER_ROLES)).max(4)])) as Record<
    Category,
    z.ZodArray<z.ZodEnum<{ [K in (typeof SUPPLY_REQUESTER_ROLES)[number]]: K }>>
  >,
) satisfies z.ZodType<SupplyRequesters>;
export const supplyRequestersBody = z.object({ requesters: supplyRequestersSchema });
export const supplyRequestersResult = z.object({ requesters: supplyRequestersSchema });

/** The app's scheduled jobs as administrators see them: when each last ran, succeeded or failed, and runs next. */
export const scheduledJobs = z.object({
  jobs: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      every: z.string(),
      lastRunAt: z.string().nullable(),
      lastSuccessAt: z.string().nullable(),
      lastFailureAt: z.string().nullable(),
      lastError: z.string().nullable(),
      failures: z.number().int(),
      nextRunAt: z.string(),
      /** Its period has come and it has not run yet: it runs within the minute. */
      due: z.boolean(),
    }),
  ),
});
export type ScheduledJobs = z.infer<typeof scheduledJobs>;
/** Development only: a scheduled job run at once, outside its period (the journeys' way to reach the morning's jobs). */
export const jobNameParams = z.object({ name: z.string().min(1).max(60) });
export const jobRun = z.object({ ran: z.string() });
