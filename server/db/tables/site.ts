/** The site's settings and the office calendar's closures (the site module). */
import type { Generated } from 'kysely';

export interface SettingsTable {
  key: string;
  value: string;
}

/** A closure of the office calendar (migration 027): a holiday or break, first and last dates included. */
export interface OfficeClosuresTable {
  id: Generated<number>;
  name: string;
  starts_on: string;
  ends_on: string;
  created_at: string;
}

export interface SiteTables {
  settings: SettingsTable;
  office_closures: OfficeClosuresTable;
}
