import { DEFAULT_CAMPUS_TZ, formatDateTimeIn, formatDayIn } from '../../../core/time';
import { useSiteStatus } from './api';

/**
 * Instants as the campus reads them, on every screen and printout (docs/decisions/calendar-dates.md): in the
 * campus time zone the server reports, never the browser's zone or locale, in the product's one date style.
 * `ready` once the zone is known, for pages that print by themselves.
 */
export function useCampusTime() {
  const status = useSiteStatus();
  const zone = status.data?.timeZone ?? DEFAULT_CAMPUS_TZ;
  return {
    zone,
    ready: !status.isPending,
    /** "Nov 25, 2026": the campus day of an instant. */
    day: (iso: string) => formatDayIn(iso, zone),
    /** "Nov 25, 2026, 12:57 AM". */
    dateTime: (iso: string) => formatDateTimeIn(iso, zone),
  };
}
