/** Repair reports and their followers (the repairs module). */
import type { Generated, Selectable } from 'kysely';
import type { StatusCountsTable } from './infrastructure';

/** A repair report (migration 013): costs in centavos, day a weekday name, times HH:MM. */
export interface RepairReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  building: string;
  room: string;
  issue_description: string;
  priority: string;
  status: string;
  /** The reporter's preferred day and times. */
  day: string | null;
  time_start: string | null;
  time_end: string | null;
  /** The slot the office scheduled the work in (migration 046), apart from the preference; null until chosen. */
  scheduled_day: Generated<string | null>;
  scheduled_time_start: Generated<string | null>;
  scheduled_time_end: Generated<string | null>;
  assigned_to: number | null;
  admin_notes: Generated<string>;
  personnel_notes: Generated<string>;
  work_description: Generated<string>;
  estimated_cost_cents: number | null;
  actual_cost_cents: number | null;
  start_proof_path: string | null;
  proof_path: string | null;
  created_at: string;
  updated_at: string;
  assigned_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  date_completed: string | null;
  rating: number | null;
  rating_comment: string | null;
  rated_at: string | null;
  /** Reporter name, building, room and issue, written by the database (migration 021) for the word index. */
  search_text: Generated<string>;
  /** The room the report is about (migration 023), beside the free text it was written with; null when not known. */
  room_id: number | null;
  /** The response and fix deadlines and when each becomes due soon, ISO instants (migration 030); null: none. */
  respond_by: string | null;
  respond_soon: string | null;
  fix_by: string | null;
  fix_soon: string | null;
  /** When the report was put on hold and why (migration 030); null while the work goes on. */
  held_at: string | null;
  hold_reason: string | null;
  /** The running deadline the escalation last told about as due soon, and as overdue (migration 030). */
  soon_told: string | null;
  overdue_told: string | null;
  /** Equipment damage found at a return (migration 029): the loan, item, unit, borrower, quantity and photo; null otherwise. */
  damage_request_id: Generated<number | null>;
  damage_item_id: Generated<number | null>;
  damage_item_name: Generated<string | null>;
  damage_unit_id: Generated<number | null>;
  damage_tag: Generated<string | null>;
  damage_quantity: Generated<number | null>;
  damage_borrower_id: Generated<number | null>;
  damage_photo_path: Generated<string | null>;
  /** The trade administrators set for the item's category (core/roles.ts JOB_TYPES). */
  suggested_trade: Generated<string | null>;
  /** How a damage repair ended: repaired (back in stock) or retired (beyond repair); null until then. */
  damage_outcome: Generated<string | null>;
  /** The reporter's photo of the problem (migration 045); null: none. */
  issue_photo_path: Generated<string | null>;
}

/** A faculty member following a repair report (migration 026): told its updates; one row per pair. */
export interface RepairFollowersTable {
  report_id: number;
  account_id: number;
  created_at: string;
}

export interface RepairTables {
  repair_reports: RepairReportsTable;
  repair_followers: RepairFollowersTable;
  repair_status_counts: StatusCountsTable;
}

export type RepairReport = Selectable<RepairReportsTable>;
