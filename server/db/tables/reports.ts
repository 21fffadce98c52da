/** The administrators' saved reports (the reports module). */
import type { Generated } from 'kysely';

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

export interface ReportTables {
  saved_reports: SavedReportsTable;
}
