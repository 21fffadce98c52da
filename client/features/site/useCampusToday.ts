import { todayIn } from '../../../core/time';
import { useCampusTime } from './useCampusTime';

/** Today's date (YYYY-MM-DD) on campus, for date pickers and form checks. Apart from api.ts, so the time-zone library stays out of the pages that only read the site's status. */
export function useCampusToday(): string {
  return todayIn(useCampusTime().zone);
}
