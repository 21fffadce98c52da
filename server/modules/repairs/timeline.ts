/**
 * A report's timeline (docs/decisions/repair-deadlines.md): its activity entries as steps, with the photos taken,
 * and the work description on the Completed step (what was done, beside the photo of it).
 */
import { MSG } from '../../../core/messages';
import type { RepairTimelineDto } from '../../../core/repairs/schemas';
import { isTimelineStep, TIMELINE_STEPS } from '../../../core/repairs/timeline';
import type { Db } from '../../db/database';
import { entriesAbout } from '../activity';

export async function repairTimeline(
  db: Db,
  id: number,
  report: { proof_path: string | null; start_proof_path: string | null; work_description: string },
): Promise<RepairTimelineDto['items']> {
  const entries = await entriesAbout(db, { type: 'repair_report', id });
  return entries
    .filter((e) => isTimelineStep(e.action_type))
    .map((e) => {
      const completed = e.action_type === 'maintenance_completed';
      return {
        id: e.id,
        step: TIMELINE_STEPS[e.action_type]!,
        at: e.created_at,
        who: e.actor_id === null ? null : (e.actor_name ?? MSG.deletedUser),
        text: e.description,
        photoUrl:
          e.action_type === 'task_started' && report.start_proof_path
            ? `/api/repairs/${id}/start-proof`
            : completed && report.proof_path
              ? `/api/repairs/${id}/proof`
              : null,
        workDescription: completed && report.work_description.trim() ? report.work_description : null,
      };
    });
}
