/**
 * The borrowing module's face: what the rest of the server may use. The app registers its routes and hands its
 * holds and its repair-end hook to the modules below (server/app.ts); the job list runs its two campus-day jobs
 * (server/jobs.ts); the modules above read its requests and figures; the demo data and the bench write the
 * request's search text the way a filed request does.
 */
export { borrowingRoutes } from './routes';
export { borrowingHold, borrowingItemHold } from './holds';
export { returnConditionsRepairEnd } from './returnConditions';
export { departmentLoanFigures, departmentSupplyFigures } from './departmentFigures';
export { returnReminders } from './reminderJob';
export { overdueEvents } from './overdueEvents';
// The demo's supply requests are filed and issued as the office does it (server/seed/supplies.ts).
export { createRequest } from './submit';
export { approveRequest } from './approve';
export { reservationRelease } from './releaseJob';
export {
  damageByCategory,
  findRequest,
  handlingFigures,
  lendingFigures,
  loanLinesIn,
  loansForCalendar,
  myFigures,
  myRequests,
  overdueFigures,
  overdueLoansNow,
  requestFigures,
  requestsPerWeekByStatus,
  requestsPerWeekOf,
  searchTextOf,
  statusCounts,
  stockFigures,
  unreturnedItems,
  utilizationFigures,
  type LoanLine,
} from './queries';
