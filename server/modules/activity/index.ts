/**
 * The activity module's face: what other modules and server/app.ts may use. Everything else in this folder is the
 * module's own.
 */
export { activityRoutes } from './routes';
export { BY_THE_SYSTEM, createActivity } from './service';
export { entriesAbout } from './queries';
