/**
 * Locations (docs/decisions/locations.md): the campus's buildings and their rooms. Field limits, the two forms'
 * checks in field order (for firstError), and the codes made from names (the migration's backfill, the demo data).
 */
import * as z from 'zod/mini';
import { MSG } from '../messages';

export const BUILDING_CODE_MAX = 10;
export const ROOM_CODE_MAX = 30;
export const LOCATION_NAME_MAX = 100;
/** The floor is free text ("Ground", "2nd", "B1", "Rooftop"): campuses name floors, they do not only number them. */
export const FLOOR_MAX = 20;
export const LOCATION_NOTES_MAX = 500;

const CODE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

const code = (max: number, required: string, invalid: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, invalid), z.regex(CODE, invalid));
const name = (required: string, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(LOCATION_NAME_MAX, tooLong));
const notes = z.optional(z.nullable(z.string().check(z.maxLength(LOCATION_NOTES_MAX, MSG.locationNotesTooLong(LOCATION_NOTES_MAX)))));

/** Add Building and Edit Building: code, name, notes. */
export const buildingForm = z.object({
  code: code(BUILDING_CODE_MAX, MSG.buildingCodeRequired, MSG.buildingCodeInvalid(BUILDING_CODE_MAX)),
  name: name(MSG.buildingNameRequired, MSG.buildingNameTooLong(LOCATION_NAME_MAX)),
  notes,
});
export type BuildingForm = z.infer<typeof buildingForm>;

/** Add Room and Edit Room: building, code, name, floor, notes. */
export const roomForm = z.object({
  buildingId: z
    .number({ error: MSG.roomBuildingRequired })
    .check(z.refine((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647, MSG.roomBuildingRequired)),
  code: code(ROOM_CODE_MAX, MSG.roomCodeRequired, MSG.roomCodeInvalid(ROOM_CODE_MAX)),
  name: name(MSG.roomNameRequired, MSG.roomNameTooLong(LOCATION_NAME_MAX)),
  floor: z.optional(z.nullable(z.string().check(z.maxLength(FLOOR_MAX, MSG.floorTooLong(FLOOR_MAX))))),
  notes,
});
export type RoomForm = z.infer<typeof roomForm>;

/** A text as stored: trimmed, inner runs of spaces made one, and none rather than blank. */
export const cleanText = (s: string | null | undefined): string | null => {
  const t = tidyName(s ?? '');
  return t ? t : null;
};
/** A name as stored and compared: trimmed, inner runs of white space made one space. */
export const tidyName = (s: string) => s.trim().replace(/\s+/g, ' ');
/** Codes are kept in capitals, so "sci" and "SCI" are one code. */
export const tidyCode = (s: string) => s.trim().toUpperCase();

/**
 * A building's code made from its name (the backfill of free-text places, docs/decisions/locations.md): the
 * initials of its words ("Science Building" → SB); a one-word name gives its first three letters ("Library" →
 * LIB). At most BUILDING_CODE_MAX characters; "BLDG" when the name has no letter or digit.
 */
export function buildingCodeOf(name: string): string {
  const words = tidyName(name)
    .split(' ')
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  const initials = words.map((w) => w[0]).join('');
  const base = (words.length > 1 ? initials : (words[0] ?? '').slice(0, 3)).toUpperCase().slice(0, BUILDING_CODE_MAX);
  return base || 'BLDG';
}

/** A room's code made from its building's code and its name: "SB" and "Chem Lab 2" → SB-CHEM-LAB-2. */
export function roomCodeOf(buildingCode: string, roomName: string): string {
  const part = tidyName(roomName)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${buildingCode}-${part || 'ROOM'}`.slice(0, ROOM_CODE_MAX - 3).replace(/-+$/, '');
}

/** The code, or the code with -2, -3, ... (a building code gets 2, 3, ...) until it is not taken. */
export function uniqueCode(base: string, taken: (code: string) => boolean, dash = true): string {
  if (!taken(base)) return base;
  for (let n = 2; ; n++) {
    const next = `${base}${dash ? '-' : ''}${n}`;
    if (!taken(next)) return next;
  }
}
