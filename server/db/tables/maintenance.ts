/** Preventive maintenance: the plans, their jobs and the inspections (the maintenance and forms modules). */
import type { Generated } from 'kysely';

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

export interface MaintenanceTables {
  maintenance_plans: MaintenancePlansTable;
  maintenance_jobs: MaintenanceJobsTable;
  inspections: InspectionsTable;
}
