/** The assistant module's face: what server/app.ts may use. The rest of the folder is its own. */
export { assistantRoutes } from './routes';
