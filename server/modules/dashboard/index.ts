/** The dashboard module's face: what server/app.ts may use. The rest of the folder is its own. */
export { dashboardRoutes } from './routes';
