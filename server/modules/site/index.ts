/** The site module's face: what server/app.ts may use. The rest of the folder is its own. */
export { siteRoutes } from './routes';
export { createSettings } from './service';
