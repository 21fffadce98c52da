import type { Generated, Selectable } from 'kysely';
import type { EntityType } from '../../core/activity/schemas';
import type { AccountStatus, JobType, Role } from '../../core/roles';

/** Times are ISO-8601 UTC strings; calendar dates are YYYY-MM-DD (campus time zone). Flags are 0/1. */
export interface AccountsTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  username: string | null;
  contact_number: string;
  role: Role;
  status: AccountStatus;
  email_verified: number;
  job_type: JobType | null;
  password_hash: string;
  id_file: string | null;
  id_file_mime: string | null;
  created_at: string;
  /** When the account was deactivated; null while it is active. */
  deactivated_at: string | null;
  /** While borrowing is on hold: the administrator's reason (docs/decisions/borrow-holds.md); null otherwise. */
  borrow_hold_reason: string | null;
  borrow_held_at: string | null;
  /** The campus identity provider's issuer and subject of a linked account (docs/decisions/campus-sign-in.md); null otherwise. */
  campus_subject: string | null;
  /** The last sign-in, by password or campus account; null before the first since migration 037. */
  last_signed_in_at: string | null;
}

/** A campus sign-in under way (docs/decisions/campus-sign-in.md): spent by the provider's answer. */
export interface CampusLoginsTable {
  state_hash: string;
  binding_hash: string;
  nonce: string;
  code_verifier: string;
  portal: string;
  remember: number;
  expires_at: string;
}

export interface SessionsTable {
  id: string; // sha256 of the cookie token
  account_id: number;
  persistent: number;
  expires_at: string;
  created_at: string;
}

export interface VerificationCodesTable {
  account_id: number;
  code_hash: string;
  expires_at: string;
  attempts_left: number;
  remember: number;
  ticket_hash: string | null;
  sent_at: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  account_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface OfficeBellTable {
  account_id: number;
  seen_at: string | null;
  email_office_events: Generated<number>;
}

/** Windowed counters shared by every process (rate limits, sign-in throttle); reset_at in epoch ms. */
export interface CountersTable {
  key: string;
  hits: number;
  reset_at: number | string;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
  /** JSON: [{ filename, contentType, content (base64) }] (migration 039); null: none. */
  attachments: string | null;
}

/** A number the database raises with every change to a list's table (migration 011). */
/** A change to what a request's or a repair report's row in a list shows (migration 043), written by triggers. */
export interface RowChangesTable {
  seq: Generated<number>;
  list: string;
  row_id: number;
}

export interface ListVersionsTable {
  name: string;
  version: number;
}

/** One row per daily job and campus day: the claim that makes a run happen once (migration 010). */
export interface JobRunsTable {
  job: string;
  run_on: string;
  started_at: string;
  /** JSON: what the run did. */
  summary: string;
}

/** A scheduled job's claim and record (server/lib/scheduler.ts, migration 045). */
export interface ScheduledJobsTable {
  job: string;
  /** The last period claimed (a day, an hour, a slice of minutes), as text that sorts in time order. */
  period: string | null;
  started_at: string | null;
  succeeded_at: string | null;
  failed_at: string | null;
  /** The last failure's message, until a run succeeds. */
  error: string | null;
  /** Failed runs since the job was first scheduled. */
  failures: Generated<number>;
}

export interface ActivityTable {
  id: Generated<number>;
  actor_id: number | null;
  subject_id: number | null;
  /** What the entry is about (migration 004): 'borrow_request' and its id, say; null for none. */
  entity_type: EntityType | null;
  entity_id: number | null;
  action_type: string;
  description: string;
  created_at: string;
  /** 1 for an entry an automatic job wrote (migration 045): named as the system's, never "Deleted user". */
  automatic: Generated<number>;
}

export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  message: string;
  entity_type: EntityType | null;
  entity_id: number | null;
  read_at: string | null;
  created_at: string;
}

export interface ItemsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  min_stock: number;
  item_status: string;
  created_at: string;
  /** An optional photo under the upload dir (migration 012). */
  photo_path: string | null;
  /** Last change by the office (migration 012); null until changed. */
  updated_at: string | null;
  /** 'counted' (quantity typed) or 'tracked' (quantity = its units available, migration 025). */
  tracking: Generated<string>;
}

/** A tracked item's unit (migration 025): tag in capitals, unique; condition and status as core/inventory/units.ts says. */
export interface ItemUnitsTable {
  id: Generated<number>;
  item_id: number;
  tag: string;
  serial_number: string | null;
  condition: string;
  status: string;
  home_room_id: number | null;
  created_at: string;
  updated_at: string;
}

/** What happened to a unit (migration 025): created, condition, status, moved, serial, retired. */
export interface UnitEventsTable {
  id: Generated<number>;
  unit_id: number;
  kind: string;
  from_value: string | null;
  to_value: string | null;
  note: string | null;
  actor_id: number | null;
  created_at: string;
}

/** The units that went out on a borrow request's line (migration 025), the tag copied; returned_at once checked back in. */
export interface BorrowLineUnitsTable {
  id: Generated<number>;
  line_id: number;
  unit_id: number | null;
  tag: string;
  returned_at: string | null;
  /** The return batch that handed it back (migration 031); null while out, or when that batch was refused. */
  batch_id: number | null;
}

export interface BorrowRequestsTable {
  id: Generated<number>;
  account_id: number | null;
  purpose: string;
  date_needed: string;
  date_expected_return: string;
  status: string;
  proof_path: string | null;
  reject_reason: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
  returned_at: string | null;
  completed_at: string | null;
  reminded_at: string | null;
  /** Campus day of the last automatic reminder (migration 010). */
  auto_reminded_on: string | null;
  /** "requester name\npurpose\nitem names", for substring search (migration 003). */
  search_text: string;
  /** Booked ahead: holds its items on its dates only, until handed out (migration 034, docs/decisions/reservations.md). */
  book_ahead: Generated<number>;
  handed_out_at: string | null;
  /** The recurring booking a request is a date of: its first request's id (migration 034). */
  series_id: number | null;
  /** A booking's pick-up and return times (HH:MM, campus time); null for whole days (migration 042). */
  time_from: string | null;
  time_to: string | null;
}

/** Rows per status, kept exact by triggers (borrow_status_counts, repair_status_counts). */
export interface StatusCountsTable {
  status: string;
  n: number;
}

export interface BorrowRequestItemsTable {
  id: Generated<number>;
  request_id: number;
  item_id: number | null;
  item_name: string;
  category: string;
  quantity_requested: number;
  quantity_approved: number;
  /** Handed back in return batches not refused, and checked in by the office (migration 031). */
  quantity_back: Generated<number>;
  quantity_verified: Generated<number>;
  /** A reservation's approved quantity, held on its dates until handed out (migration 034). */
  quantity_reserved: Generated<number>;
}

/** One hand-back of some of a request's things (migration 031): the borrower's with a proof, or at the counter. */
export interface ReturnBatchesTable {
  id: Generated<number>;
  request_id: number;
  proof_path: string | null;
  at_counter: number;
  created_by: number | null;
  created_at: string;
  verified_at: string | null;
  verified_by: number | null;
  refused_at: string | null;
}

/** How many of a line came back in a batch (migration 031). */
export interface ReturnBatchLinesTable {
  id: Generated<number>;
  batch_id: number;
  line_id: number;
  quantity: number;
}

/** What the office found when it verified a return (migration 029): per unit, or per quantity of a counted line. */
export interface ReturnConditionsTable {
  id: Generated<number>;
  request_id: number;
  line_id: number;
  item_id: number | null;
  unit_id: number | null;
  tag: string | null;
  quantity: number;
  condition: string;
  note: string | null;
  photo_path: string | null;
  verified_by: number | null;
  created_at: string;
  /** The repair it opened (damaged, missing parts), and when that repair ended: restored or retired, once. */
  repair_id: number | null;
  settled_at: string | null;
  outcome: string | null;
}

/** A problem the borrower reported during a loan (migration 033): broken or missing, per unit or per quantity of a counted line. */
/** A recurring preventive maintenance plan (migration 035): a room or unit, a checklist, a person or trade, how it repeats. */
export interface MaintenancePlansTable {
  id: Generated<number>;
  title: string;
  checklist: string;
  room_id: number | null;
  unit_id: number | null;
  personnel_id: number | null;
  trade: Generated<string>;
  frequency: string;
  interval: number;
  rule: string | null;
  start_date: string;
  start_time: string;
  end_time: string;
  priority: string;
  /** The building, room and target in words when the plan was made or edited (the inspection's place). */
  building: string;
  room: string;
  target: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  ended_at: string | null;
}

/** One job of a plan (migration 035): open until done with the checklist; at most one open per plan. */
export interface MaintenanceJobsTable {
  id: Generated<number>;
  plan_id: number;
  planned_date: string;
  due_date: string;
  status: string;
  schedule_entry_id: number | null;
  done_on: string | null;
  done_by: number | null;
  inspection_id: number | null;
  created_at: string;
}

/** A saved report (migration 039, docs/decisions/reports.md): filters and recipients as JSON; due at next_run_at. */
export interface SavedReportsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  filters: string;
  schedule: string;
  recipients: string;
  next_run_at: string | null;
  last_sent_at: string | null;
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

export interface LoanProblemsTable {
  id: Generated<number>;
  request_id: number;
  line_id: number;
  unit_id: number | null;
  tag: string | null;
  quantity: number;
  kind: string;
  description: string;
  photo_path: string | null;
  reported_by: number | null;
  created_at: string;
  /** When the office's verification of the return took it up, by whom, and the finding it became. */
  resolved_at: string | null;
  resolved_by: number | null;
  condition_id: number | null;
}

export interface ReturnProofsTable {
  id: Generated<number>;
  request_id: number;
  path: string;
  created_at: string;
  rejected_at: string | null;
}

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

/** A campus building (migration 023): code in capitals, unique; name unique in any case. */
export interface BuildingsTable {
  id: Generated<number>;
  code: string;
  name: string;
  notes: string | null;
  created_at: string;
}

/** A room of a building (migration 023): code unique; name unique (any case) in its building; floor free text. */
export interface RoomsTable {
  id: Generated<number>;
  building_id: number;
  code: string;
  name: string;
  floor: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  /** 1 while the room is only suggested by a repair report's typed place (migration 024), 0 once on the list. */
  suggested: Generated<number>;
}

/** A closure of the office calendar (migration 027): a holiday or break, first and last dates included. */
export interface OfficeClosuresTable {
  id: Generated<number>;
  name: string;
  starts_on: string;
  ends_on: string;
  created_at: string;
}

/** A faculty member following a repair report (migration 026): told its updates; one row per pair. */
export interface RepairFollowersTable {
  report_id: number;
  account_id: number;
  created_at: string;
}

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

/** A saved preventive-maintenance inspection (migration 020): the checklist's particulars as JSON, the repair reports it made. */
export interface InspectionsTable {
  id: Generated<number>;
  campus: Generated<string>;
  building: string;
  designation: Generated<string>;
  room: string;
  month_year: string;
  priority: string;
  particulars: string;
  repair_report_ids: Generated<string>;
  created_by: number | null;
  created_at: string;
}

export interface DB {
  accounts: AccountsTable;
  sessions: SessionsTable;
  campus_logins: CampusLoginsTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
  counters: CountersTable;
  office_bell: OfficeBellTable;
  job_runs: JobRunsTable;
  scheduled_jobs: ScheduledJobsTable;
  list_versions: ListVersionsTable;
  row_changes: RowChangesTable;
  settings: SettingsTable;
  outbox: OutboxTable;
  activity: ActivityTable;
  notifications: NotificationsTable;
  items: ItemsTable;
  borrow_requests: BorrowRequestsTable;
  borrow_request_items: BorrowRequestItemsTable;
  return_proofs: ReturnProofsTable;
  return_conditions: ReturnConditionsTable;
  loan_problems: LoanProblemsTable;
  maintenance_plans: MaintenancePlansTable;
  maintenance_jobs: MaintenanceJobsTable;
  calendar_feeds: CalendarFeedsTable;
  saved_reports: SavedReportsTable;
  borrow_status_counts: StatusCountsTable;
  repair_reports: RepairReportsTable;
  repair_status_counts: StatusCountsTable;
  schedule_entries: ScheduleEntriesTable;
  designations: DesignationsTable;
  inspections: InspectionsTable;
  repair_followers: RepairFollowersTable;
  buildings: BuildingsTable;
  rooms: RoomsTable;
  office_closures: OfficeClosuresTable;
  item_units: ItemUnitsTable;
  unit_events: UnitEventsTable;
  borrow_line_units: BorrowLineUnitsTable;
  return_batches: ReturnBatchesTable;
  return_batch_lines: ReturnBatchLinesTable;
}

export type Account = Selectable<AccountsTable>;
export type Item = Selectable<ItemsTable>;
export type BorrowRequest = Selectable<BorrowRequestsTable>;
export type RepairReport = Selectable<RepairReportsTable>;
export type Building = Selectable<BuildingsTable>;
export type Room = Selectable<RoomsTable>;
export type ItemUnit = Selectable<ItemUnitsTable>;
