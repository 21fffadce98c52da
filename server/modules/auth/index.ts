/** The auth module's face: what server/app.ts may use. The rest of the folder is its own. */
export { authRoutes } from './routes';
export { tokenRoutes } from './tokenRoutes';
