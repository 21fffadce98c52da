/** The weekly schedule's entries, the personnel's designations and the personal calendar feeds (the schedule, designations and calendar modules). */
import type { Generated } from 'kysely';

/** A manual entry of the weekly schedule (migration 016): a calendar date, HH:MM times, tied to a personnel account. */
export interface ScheduleEntriesTable {
  id: Generated<number>;
  date: string;
  start_time: string;
  end_time: string;
  work_type: string;
  personnel_id: number | null;
  location: string;
  building: string;
  status: string;
  priority: string;
  issue_description: Generated<string>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A personnel member's designation (migration 019): a short text an admin keeps for them. */
export interface DesignationsTable {
  id: Generated<number>;
  personnel_id: number;
  designation: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A person's private calendar feed (migration 035): only the SHA-256 of its token. */
export interface CalendarFeedsTable {
  id: Generated<number>;
  account_id: number;
  token_hash: string;
  created_at: string;
}

export interface ScheduleTables {
  schedule_entries: ScheduleEntriesTable;
  designations: DesignationsTable;
  calendar_feeds: CalendarFeedsTable;
}
