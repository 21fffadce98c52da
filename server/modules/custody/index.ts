/** The custody module's face (docs/decisions/custody.md): what server/app.ts and the demo seed may use. The rest of the folder is its own. */
export { custodians } from './custodians';
export { custodyHold, custodyItemHold } from './holds';
export { custodyRoutes } from './routes';
export { acknowledge, issueToCustodian, transferCustody } from './service';
