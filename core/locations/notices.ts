/** The words of the locations' activity entries (docs/decisions/locations.md): location_update, with who did it. */
import type { ActivityText } from '../activity/notices';

const LOCATION_UPDATE = 'location_update';
const say = (description: string): ActivityText => ({ actionType: LOCATION_UPDATE, description });

export const buildingAdded = (actor: string, code: string, name: string) => say(`${actor} added the building ${name} (${code})`);
export const buildingUpdated = (actor: string, code: string, name: string) => say(`${actor} updated the building ${name} (${code})`);
export const buildingDeleted = (actor: string, code: string, name: string) => say(`${actor} deleted the building ${name} (${code})`);
export const roomAdded = (actor: string, code: string, name: string, building: string) =>
  say(`${actor} added the room ${name} (${code}) in ${building}`);
export const roomUpdated = (actor: string, code: string, name: string, building: string) =>
  say(`${actor} updated the room ${name} (${code}) in ${building}`);
export const roomDeleted = (actor: string, code: string, name: string, building: string) =>
  say(`${actor} deleted the room ${name} (${code}) in ${building}`);
export const roomConfirmed = (actor: string, code: string, name: string, building: string) =>
  say(`${actor} confirmed the suggested room ${name} (${code}) in ${building}`);
export const roomSuggested = (actor: string, code: string, name: string, building: string) =>
  say(`${actor} suggested the room ${name} (${code}) in ${building} with a repair report`);
