/**
 * The one place a repair report's row is written: pending, with no one assigned and nothing done yet, its
 * deadlines counted from now for its priority (docs/decisions/repair-deadlines.md). A report filed by a faculty
 * member or an inspection (report.ts) and one opened by damage found at a return (damage.ts) differ only in what
 * they say about the report.
 */
import type { Insertable } from 'kysely';
import type { Priority } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { RepairReportsTable } from '../../db/schema';
import { deadlineColumns } from './deadlines';
import { now } from './move';

/** What the one filing a report says: who and where, the issue, its priority, and (for damage) what was damaged. */
export type NewReportFields = Pick<
  Insertable<RepairReportsTable>,
  | 'reporter_id'
  | 'building'
  | 'room'
  | 'room_id'
  | 'issue_description'
  | 'day'
  | 'time_start'
  | 'time_end'
  | 'damage_request_id'
  | 'damage_item_id'
  | 'damage_item_name'
  | 'damage_unit_id'
  | 'damage_tag'
  | 'damage_quantity'
  | 'damage_borrower_id'
  | 'damage_photo_path'
  | 'suggested_trade'
> & { priority: Priority };

/** Writes a new pending report in the caller's transaction; answers its id. */
export async function insertReport(ctx: Ctx, trx: Db, fields: NewReportFields): Promise<number> {
  const at = now();
  const { id } = await trx
    .insertInto('repair_reports')
    .values({
      ...fields,
      status: 'pending',
      assigned_to: null,
      estimated_cost_cents: null,
      actual_cost_cents: null,
      start_proof_path: null,
      proof_path: null,
      created_at: at,
      updated_at: at,
      assigned_at: null,
      started_at: null,
      completed_at: null,
      date_completed: null,
      rating: null,
      rating_comment: null,
      rated_at: null,
      ...(await deadlineColumns(ctx, trx, at, fields.priority)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
