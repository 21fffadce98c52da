/** The reports module's face: what the demo seed, server/app.ts and server/jobs.ts may use. The rest of the folder is its own. */
export { reportRoutes } from './routes';
export { saveReport, sendDueReports } from './service';
