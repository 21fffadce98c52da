/** The site module's face: what server/app.ts and server/context.ts may use. The rest of the folder is its own. */
export { siteRoutes } from './routes';
export { createSettings, type SettingsService } from './service';
