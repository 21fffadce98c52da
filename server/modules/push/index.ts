/** The push module's face: what server/app.ts may use. The rest of the folder is its own (docs/decisions/push.md). */
export { pushRoutes } from './routes';
export { createPush } from './send';
export { pushHold } from './subscriptions';
