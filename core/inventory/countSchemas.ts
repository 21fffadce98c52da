/** The yearly count: the API contract (docs/decisions/counts.md). */
import { z } from 'zod';
import { count, countsOf, id, idParam, isoTime, line, messageResult, pagingQuery, text } from '../common/schemas';
import {
  COUNT_NAME_MAX,
  COUNT_PLACE_GROUPS,
  COUNT_QUANTITY_MAX,
  COUNT_REFERENCE_MAX,
  COUNT_STATUSES,
  COUNT_UNIT_GROUPS,
  SCAN_BATCH_MAX,
  SCAN_RESULTS,
  SCAN_TEXT_MAX,
} from './counts';

// ---- starting a count ----

export const startCountBody = z.object({
  reference: line().max(COUNT_REFERENCE_MAX * 10),
  name: line().max(COUNT_NAME_MAX * 10),
  buildingIds: z.array(id).max(1000).optional().meta({ description: 'the buildings counted; none or absent: the whole campus' }),
  categories: z.array(line().max(200)).max(200).optional().meta({ description: 'only these categories; none or absent: all' }),
});
export type StartCountBody = z.infer<typeof startCountBody>;

export const countFigures = z.object({
  expected: count,
  found: count,
  foundElsewhere: count,
  notFound: count,
  unexpected: count.meta({ description: 'units found here that the count did not expect (their home is outside it)' }),
  unknownTags: count,
});
export type CountFiguresDto = z.infer<typeof countFigures>;

export const countSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  name: z.string(),
  status: z.enum(COUNT_STATUSES),
  wholeCampus: z.boolean(),
  buildings: z.array(z.object({ id: z.number().int(), name: z.string() })),
  categories: z.array(z.string()),
  startedBy: z.string().nullable(),
  startedAt: isoTime,
  closedBy: z.string().nullable(),
  closedAt: isoTime.nullable(),
  figures: countFigures,
  items: z.object({ expected: count, counted: count, differing: count }),
  lost: count,
});
export type CountDto = z.infer<typeof countSchema>;

export const countResult = messageResult.extend({ count: countSchema });

export const countListQuery = z.object({ ...pagingQuery, status: z.enum(['all', ...COUNT_STATUSES]).default('all') });
export const countRow = countSchema
  .pick({
    id: true,
    reference: true,
    name: true,
    status: true,
    wholeCampus: true,
    categories: true,
    startedAt: true,
    closedAt: true,
    figures: true,
  })
  .extend({ buildings: z.array(z.string()).meta({ description: 'the buildings counted, by name; none for the whole campus' }) });
export type CountRowDto = z.infer<typeof countRow>;
export const countList = z.object({ items: z.array(countRow), total: count, counts: countsOf(['all', ...COUNT_STATUSES]) });

// ---- progress ----

export const placeFigures = countFigures.extend({
  id: z.number().int().nullable().meta({ description: 'null: the units with no home room (no building)' }),
  name: z.string(),
  code: z.string().nullable(),
});
export const buildingProgress = z.object({
  items: z.array(
    placeFigures.extend({
      group: z.enum(COUNT_PLACE_GROUPS).meta({
        description: 'building; no_room: the units with no home room; custodians: the units expected with a person, found wherever scanned',
      }),
    }),
  ),
});
export const roomProgressQuery = z.object({
  page: pagingQuery.page,
  pageSize: pagingQuery.pageSize,
  buildingId: idParam.optional(),
});
export const roomProgress = z.object({ items: z.array(placeFigures.extend({ buildingName: z.string().nullable() })), total: count });

export const openRoomQuery = z
  .object({
    code: text().max(SCAN_TEXT_MAX).optional().meta({ description: "the room's label code, or its label's address (/r/CODE)" }),
    roomId: idParam.optional(),
  })
  .refine((q) => (q.code === undefined) !== (q.roomId === undefined), 'give the room code or the room id');

export const countRoom = z.object({
  room: z.object({ id: z.number().int(), code: z.string(), name: z.string(), buildingName: z.string() }),
  figures: countFigures,
});

// ---- scans ----

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const scanBody = z.object({
  id: z
    .string()
    .regex(UUID, 'must be a UUID made by the phone')
    .meta({ description: 'the scan, made by the client: a replay answers the first result' }),
  roomId: id,
  tag: text().max(SCAN_TEXT_MAX).optional().meta({ description: 'a tag as typed, pasted or scanned (its /u/TAG address)' }),
  itemId: id.optional(),
  quantity: z.number().int().min(0).max(COUNT_QUANTITY_MAX).optional(),
});
export type ScanBody = z.infer<typeof scanBody>;

export const scanAnswer = z.object({
  id: z.string(),
  result: z.enum(SCAN_RESULTS),
  message: z.string(),
  tag: z.string().nullable(),
  unitId: z.number().int().nullable(),
  itemId: z.number().int().nullable(),
  itemName: z.string().nullable(),
  homeRoomCode: z.string().nullable(),
  foundRoomCode: z.string().nullable(),
  quantity: z.number().int().nullable(),
  scannedBy: z.string().nullable(),
  scannedAt: isoTime,
  custodian: z.string().nullable().meta({ description: 'the person or room the unit was in the custody of at the start' }),
});
export type ScanAnswerDto = z.infer<typeof scanAnswer>;

export const scanBatchBody = z.object({ scans: z.array(scanBody).min(1).max(SCAN_BATCH_MAX) });
export const scanBatchAnswer = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      scan: scanAnswer.nullable(),
      error: z.object({ status: z.number().int(), code: z.string(), message: z.string() }).nullable(),
    }),
  ),
});

// ---- lists ----

export const countUnitsQuery = z.object({
  page: pagingQuery.page,
  pageSize: pagingQuery.pageSize,
  group: z.enum(COUNT_UNIT_GROUPS).default('expected'),
  buildingId: idParam.optional(),
  roomId: idParam.optional(),
  place: z
    .enum(['no_room', 'custodians'])
    .optional()
    .meta({ description: 'only the units with no home room, or only those expected with a person' }),
});
export const countUnitRow = z.object({
  unitId: z.number().int(),
  tag: z.string(),
  itemId: z.number().int(),
  itemName: z.string(),
  homeRoom: z.string().nullable().meta({
    description: 'the code of the room the count expects it in (its home room, or the room holding it in custody); null: no room',
  }),
  foundRoom: z.string().nullable(),
  foundBy: z.string().nullable(),
  foundAt: isoTime.nullable(),
  purchaseCost: z.number().nullable().meta({ description: 'pesos' }),
  movedAt: isoTime.nullable(),
  lostAt: isoTime.nullable(),
  custodian: z
    .string()
    .nullable()
    .meta({ description: "its custodian at the start (a person's or a room's name); a person's unit has no home room" }),
});
export type CountUnitRowDto = z.infer<typeof countUnitRow>;
export const countUnitList = z.object({ items: z.array(countUnitRow), total: count });

export const unknownTagsQuery = z.object({ page: pagingQuery.page, pageSize: pagingQuery.pageSize, roomId: idParam.optional() });
export const unknownTagList = z.object({
  items: z.array(z.object({ tag: z.string(), roomCode: z.string().nullable(), scannedBy: z.string().nullable(), scannedAt: isoTime })),
  total: count,
});

export const countItemsQuery = z.object({ page: pagingQuery.page, pageSize: pagingQuery.pageSize });
export const countItemRow = z.object({
  itemId: z.number().int(),
  itemName: z.string(),
  category: z.string(),
  expected: count,
  counted: count.nullable().meta({ description: 'null: not counted in any room yet' }),
  difference: z.number().int().nullable(),
  rooms: count.meta({ description: 'rooms where it was counted' }),
});
export const countItemList = z.object({ items: z.array(countItemRow), total: count });

// ---- reconciling ----

export const moveUnitParams = z.object({ id: idParam, unitId: idParam });
export const confirmLossesBody = z
  .object({ unitIds: z.array(id).min(1).max(5000).optional(), all: z.literal(true).optional() })
  .refine((b) => (b.unitIds === undefined) !== (b.all === undefined), 'give the units to mark lost, or all: true');
export const lossesResult = messageResult.extend({
  marked: z.array(z.string()).meta({ description: 'the tags marked lost' }),
  skipped: z.array(z.object({ tag: z.string(), reason: z.string() })),
});

// ---- not seen ----

export const notSeenQuery = z.object({ page: pagingQuery.page, pageSize: pagingQuery.pageSize });
export const notSeenList = z.object({
  items: z.array(
    z.object({
      unitId: z.number().int(),
      tag: z.string(),
      itemName: z.string(),
      homeRoom: z.string().nullable(),
      status: z.string(),
      lastCountedAt: isoTime.nullable(),
    }),
  ),
  total: count,
});
