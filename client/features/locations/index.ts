/** What other features may use of the buildings and rooms: the rooms list and the building and room filter. */
export { useRooms } from './api';
export { PlaceFilter } from './PlaceFilter';
