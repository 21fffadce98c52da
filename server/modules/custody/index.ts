/** The custody module's face (docs/decisions/custody.md): what server/app.ts may use. The rest of the folder is its own. */
export { custodyHold, custodyItemHold } from './holds';
export { custodyRoutes } from './routes';
