import type { Schedule } from '../../../core/reports/rules';

/** How a saved report's schedule reads, in its list and in the dialog that saves it. */
export const SCHEDULE_LABELS: Record<Schedule, string> = {
  none: 'Not scheduled',
  weekly: 'Weekly (Mondays, 7:00 AM)',
  monthly: 'Monthly (the 1st, 7:00 AM)',
};
