/** The site's API contract: open or under maintenance, the office's details, the landing page's figures. */
import { z } from 'zod';
import { count, text } from '../common/schemas';

export const health = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Ready for traffic: the database answers and every migration of this version has run. */
export const readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['current', 'pending', 'unknown']),
  /** The file store (the upload folder or the object store) answers. */
  files: z.enum(['ok', 'unreachable', 'unknown']),
});

const officeSchema = z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string(), hours: z.string() });

/** The office's details as typed; the service checks them in the form's order (core/site/forms.ts). */
export const officeBody = z.object({
  name: text().max(1000),
  address: text().max(1000),
  phone: text().max(1000),
  email: text().max(1000),
  hours: text().max(1000),
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
  office: officeSchema,
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
  items: z.array(z.object({ id: z.number().int(), to_address: z.string(), subject: z.string(), body: z.string(), created_at: z.string() })),
});
