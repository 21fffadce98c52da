/** The forms module's face: what other modules and server/app.ts may use. The rest of the folder is its own. */
export { formRoutes } from './routes';
export { insertInspection } from './service';
