/** The locations API contract: buildings and their rooms (docs/decisions/locations.md). */
import { z } from 'zod';
import { LABEL_LAYOUTS } from '../common/labels';
import { count, id, idList, idParam, line, messageResult, pageOf, pagingQuery, prose, text } from '../common/schemas';

const buildingSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    notes: z.string().nullable(),
    /** How many rooms it has (a building with rooms cannot be deleted). */
    roomCount: count,
    createdAt: z.string(),
  })
  .meta({ id: 'Building' });
export type BuildingDto = z.infer<typeof buildingSchema>;

export const buildingList = z.object({ items: z.array(buildingSchema) });
export type BuildingList = z.infer<typeof buildingList>;

const roomSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    floor: z.string().nullable(),
    notes: z.string().nullable(),
    buildingId: z.number().int(),
    buildingCode: z.string(),
    buildingName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Made from a place a repair report typed, not yet confirmed by the office (docs/decisions/locations.md). */
    suggested: z.boolean(),
  })
  .meta({ id: 'Room' });
export type RoomDto = z.infer<typeof roomSchema>;

/** The rooms list: search by room name or code or building name or code, and one building (or all). */
export const roomListQuery = z.object({
  ...pagingQuery,
  building: idParam.optional(),
  /** Only the rooms repair reports suggested, not yet confirmed (docs/decisions/locations.md, Suggested rooms). */
  show: z.enum(['suggested']).optional(),
});
export type RoomListQuery = z.input<typeof roomListQuery>;
export type RoomListParams = z.infer<typeof roomListQuery>;

export const roomList = pageOf(roomSchema).extend({
  /**
   * Rooms under the search in all buildings ('all'), in the chosen one ('building'; equal to all without one), and
   * the suggested ones of those ('suggested').
   */
  counts: z.object({ all: count, building: count, suggested: count }),
});
export type RoomList = z.infer<typeof roomList>;

/**
 * Print labels (docs/decisions/labels-and-scanning.md): the rooms the list's search, building and show choose, or,
 * with ?ids=1,2,3, those rooms among them; in a layout, a sheet of 3 x 8 or one label per page.
 */
export const roomLabelsQuery = z.object({
  search: text().trim().max(200).optional(),
  building: idParam.optional(),
  show: z.enum(['suggested']).optional(),
  ids: idList('room').optional(),
  layout: z.enum(LABEL_LAYOUTS).default('sheet'),
});
export type RoomLabelsQuery = z.input<typeof roomLabelsQuery>;

/** Add Building and Edit Building. The form rule (core buildingForm) answers each wrong field; this only bounds the body. */
export const buildingBody = z.object({
  code: line().max(1000).default(''),
  name: line().max(1000).default(''),
  notes: prose().max(5000).nullable().optional(),
});
export type BuildingBody = z.input<typeof buildingBody>;

/** Add Room and Edit Room. */
export const roomBody = z.object({
  buildingId: id.optional(),
  code: line().max(1000).default(''),
  name: line().max(1000).default(''),
  floor: text().max(1000).nullable().optional(),
  notes: prose().max(5000).nullable().optional(),
});
export type RoomBody = z.input<typeof roomBody>;

export const buildingResult = messageResult.extend({ building: buildingSchema });
export const roomResult = messageResult.extend({ room: roomSchema });
export { roomSchema };

/** A room's code in an address (/r/CODE): compared in capitals; anything longer than a code is simply not found. */
export const roomCodeParams = z.object({ code: line().trim().min(1).max(100) });
