/** Borrow requests, their lines, units, returns and problems (the borrowing module). */
import type { Generated, Selectable } from 'kysely';
import type { StatusCountsTable } from './infrastructure';

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
  /** The requester's department when it was submitted, kept if they move (migration 056); null: none. */
  department_id: Generated<number | null>;
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
  /** 1: a supply line (migration 058): issued at approval, settled at once, never returned. */
  supply: Generated<number>;
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

export interface ReturnProofsTable {
  id: Generated<number>;
  request_id: number;
  path: string;
  created_at: string;
  rejected_at: string | null;
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

export interface BorrowingTables {
  borrow_requests: BorrowRequestsTable;
  borrow_request_items: BorrowRequestItemsTable;
  borrow_line_units: BorrowLineUnitsTable;
  return_proofs: ReturnProofsTable;
  return_batches: ReturnBatchesTable;
  return_batch_lines: ReturnBatchLinesTable;
  return_conditions: ReturnConditionsTable;
  loan_problems: LoanProblemsTable;
  borrow_status_counts: StatusCountsTable;
}

export type BorrowRequest = Selectable<BorrowRequestsTable>;
