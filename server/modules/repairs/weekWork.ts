import type { Db } from '../../db/database';
import { reportsTable } from './reportRows';
import { SLOT_COLUMNS, SLOT_SQL } from './slot';

/**
 * Repair work for the weekly schedule (docs/decisions/weekly-schedule.md): reports with a slot that are scheduled, in progress or
 * completed, placed in the week in which they were assigned (`from` to `to`, UTC instants). With `carryOver`
 * (the current week), scheduled and in-progress work assigned in an earlier week shows too: it is still to do.
 */
export function repairWorkForWeek(db: Db, range: { from: string; to: string; carryOver: boolean }) {
  return reportsTable(db)
    .select([
      'rr.id',
      ...SLOT_COLUMNS,
      'rr.building',
      'rr.room',
      'rr.issue_description',
      'rr.priority',
      'rr.status',
      'rr.assigned_to',
      'asg.full_name as assigned_name',
      'asg.job_type as assigned_job_type',
      'rr.room_id',
      'rm.code as room_code',
      'rm.name as room_name',
      'rr.fix_by',
    ])
    .where(SLOT_SQL.day, 'is not', null)
    .where('rr.status', 'in', ['scheduled', 'in-progress', 'completed'])
    .where((eb) => {
      const at = eb.fn.coalesce('rr.assigned_at', 'rr.created_at');
      const inWeek = eb.and([eb(at, '>=', range.from), eb(at, '<', range.to)]);
      return range.carryOver
        ? eb.or([inWeek, eb.and([eb(at, '<', range.from), eb('rr.status', 'in', ['scheduled', 'in-progress'])])])
        : inWeek;
    })
    .orderBy('rr.id')
    .execute();
}
