/** The schedule module's face: what other modules, the demo seed and server/app.ts may use. The rest of the folder is its own. */
export { tasksOf, weekSchedule } from './queries';
export { scheduleRoutes } from './routes';
export {
  addEntry,
  addPlannedEntry,
  completePlannedEntry,
  entriesScheduledFor,
  movePlannedEntry,
  removePlannedEntry,
  type PlannedEntry,
} from './service';
