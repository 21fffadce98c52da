import { todayIn } from '../../../core/time';
import { useSiteStatus } from './api';

/** Today's date (YYYY-MM-DD) on campus, for date pickers and form checks. Apart from api.ts, so the time-zone library stays out of the pages that only read the site's status. */
export function useCampusToday(): string {
  const zone = useSiteStatus().data?.timeZone;
  return todayIn(zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
}
