/**
 * The repairs module's face: what other modules, the demo seed, server/app.ts, server/jobs.ts and the scripts may
 * use. Everything else in this folder is the module's own.
 */
export { repairRoutes } from './routes';
export { repairEscalation } from './escalation';
export { repairsHold, repairsRoomHold } from './removalHolds';

// The lifecycle, for the demo data and the browser journeys' data.
export { createReport, createReportFromInspection } from './report';
export { assignReport } from './assign';
export { startWork } from './start';
export { completeWork } from './complete';
export { updateWork } from './work';
export { rateReport } from './rating';
export { stampDeadlines } from './deadlines';
export { linkReportsToRooms } from './linkRooms';

// Equipment damage found at a return (borrowing).
export { createDamageReport } from './damage';
export { openRepairOfUnit } from './unitRepair';

// Reads for the assistant, the schedule, a room's page, the reports, the dashboards and the landing page.
export { findRepair } from './reportRows';
export { assignedRepairs, myRepairs } from './lists';
export { repairWorkForWeek } from './weekWork';
export { roomReportEvents } from './roomHistory';
export { ratingFigures, repairFigures } from './reportFigures';
export { repairsCompleted, repairStatusCounts } from './statusCounts';
export {
  fixHoursByPriority,
  jobsPerWeekOf,
  ratingsByTrade,
  repairsClosedPerWeek,
  repairsOpenedPerWeek,
  reportsPerWeekOf,
} from './chartFigures';
