/** What other features may use of the site: its status and office calendar, campus time, the campus map. */
export { useOfficeCalendar, useSiteStatus } from './api';
export { useCampusTime } from './useCampusTime';
export { useCampusToday } from './useCampusToday';
export { CampusMapButton } from './CampusMapButton';
