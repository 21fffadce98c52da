/**
 * The locations' face: what other modules, the demo seed and server/app.ts may use. Everything else in this
 * folder is the module's own.
 */
export { placeRoom } from './places';
export { allPlaces, findRoom, findRoomByCode, roomIdsIn, roomsMatching } from './queries';
export { locationRoutes } from './routes';
