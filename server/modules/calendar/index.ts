/** The calendar module's face: what server/app.ts may use. The rest of the folder is its own. */
export { calendarRoutes } from './routes';
export { calendarFeedHold } from './service';
