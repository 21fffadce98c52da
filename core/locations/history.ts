/**
 * A room's history (docs/decisions/rooms-and-followers.md): what happened in it, newest first: repair reports
 * filed, scheduled, started and completed, and the inspections made there.
 */
import { z } from 'zod';
import { count, isoTime, pageOf, pagingQuery } from '../common/schemas';
import { ROOM_EVENT_KINDS } from './roomEvents';

export const roomEventSchema = z
  .object({
    /** Unique in the history: the kind and the record's id. */
    key: z.string(),
    kind: z.enum(ROOM_EVENT_KINDS),
    at: isoTime,
    /** RPR-12 or INS-3. */
    code: z.string(),
    reportId: z.number().int().nullable(),
    inspectionId: z.number().int().nullable(),
    /** The report's issue, or the inspection's month and how many problems it found. */
    summary: z.string(),
    /** Who: the reporter, the person assigned, or who saved the inspection; null when no one is named. */
    who: z.string().nullable(),
    /** A scheduled report's day and times ("Monday 09:00-11:00"); empty otherwise. */
    when: z.string(),
  })
  .meta({ id: 'RoomEvent' });
export type RoomEventDto = z.infer<typeof roomEventSchema>;

export const roomHistoryQuery = z.object({ page: pagingQuery.page, pageSize: pagingQuery.pageSize });
export const roomHistory = pageOf(roomEventSchema).extend({ total: count });
export type RoomHistory = z.infer<typeof roomHistory>;
