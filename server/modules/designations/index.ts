/** The designations module's face: what other modules, the demo seed and server/app.ts may use. The rest of the folder is its own. */
export { designationList } from './queries';
export { designationRoutes } from './routes';
export { addDesignation } from './service';
