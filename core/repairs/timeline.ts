/**
 * A report's story (docs/decisions/repair-deadlines.md, The timeline): its activity entries as steps a reporter,
 * the person assigned and the office read alike, each with when and who. Follows are left out: who follows a
 * report is not the reporter's business.
 */
export const TIMELINE_STEPS: Record<string, string> = {
  repair_report_created: 'Reported',
  repair_report_updated: 'Edited',
  task_assigned: 'Assigned',
  schedule_updated: 'Updated by the office',
  task_started: 'Started',
  task_updated: 'Notes updated',
  repair_on_hold: 'On hold',
  repair_resumed: 'Resumed',
  maintenance_completed: 'Completed',
  repair_rated: 'Rated',
};

/** Whether an entry is a step of the timeline. */
export const isTimelineStep = (actionType: string) => actionType in TIMELINE_STEPS;
