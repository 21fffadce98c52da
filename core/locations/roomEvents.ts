/** What a room's history tells (docs/decisions/rooms-and-followers.md): the kinds of event, and their names on screen. */

export const ROOM_EVENT_KINDS = ['reported', 'scheduled', 'started', 'completed', 'inspected'] as const;
export type RoomEventKind = (typeof ROOM_EVENT_KINDS)[number];

export const ROOM_EVENT_LABELS: Record<RoomEventKind, string> = {
  reported: 'Reported',
  scheduled: 'Scheduled',
  started: 'Work started',
  completed: 'Completed',
  inspected: 'Inspected',
};
