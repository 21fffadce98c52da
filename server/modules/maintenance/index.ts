/** The maintenance module's face: what the demo seed and server/app.ts may use. The rest of the folder is its own. */
export { maintenanceRoutes } from './routes';
export { createPlan } from './service';
