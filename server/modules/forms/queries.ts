/** Reads of saved inspections: the history per building and room, newest first, paged by the database. */
import { MSG } from '../../../core/messages';
import { inspectionCode, type InspectionDto, type InspectionList } from '../../../core/inspections/schemas';
import type { Particular } from '../../../core/forms/schemas';
import { type Priority, repairCode } from '../../../core/repairs/rules';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { type Selectable, sql } from 'kysely';
import type { InspectionsTable } from '../../db/schema';
import { offsetOf } from '../../lib/paging';
import type { RoomDto } from '../../../core/locations/schemas';
import type { RoomEventDto, RoomHistory } from '../../../core/locations/history';
import { roomReportEvents } from '../repairs';

type Row = Selectable<InspectionsTable> & { saved_by: string | null };

const withSaver = (db: Db) =>
  db.selectFrom('inspections as i').leftJoin('accounts as a', 'a.id', 'i.created_by').selectAll('i').select('a.full_name as saved_by');

function toInspectionDto(row: Row): InspectionDto {
  const particulars = JSON.parse(row.particulars) as Record<string, Particular>;
  return {
    id: row.id,
    code: inspectionCode(row.id),
    campus: row.campus,
    building: row.building,
    designation: row.designation,
    roomOffice: row.room,
    monthYear: row.month_year,
    priority: row.priority as Priority,
    particulars,
    problems: Object.values(particulars).filter((p) => p.status === 'x').length,
    repairReportIds: JSON.parse(row.repair_report_ids) as number[],
    savedBy: row.saved_by ?? MSG.deletedUser,
    createdAt: row.created_at,
  };
}

export async function findInspection(db: Db, id: number): Promise<InspectionDto | null> {
  const row = await withSaver(db).where('i.id', '=', id).executeTakeFirst();
  return row ? toInspectionDto(row) : null;
}

/** The history: every inspection, or those of one building (and room), newest first. */
export async function listInspections(
  ctx: Ctx,
  q: { page: number; pageSize: number; building?: string; room?: string },
): Promise<InspectionList> {
  let base = ctx.db.selectFrom('inspections as i');
  if (q.building) base = base.where('i.building', '=', q.building);
  if (q.room) base = base.where('i.room', '=', q.room);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('accounts as a', 'a.id', 'i.created_by')
      .selectAll('i')
      .select('a.full_name as saved_by')
      .orderBy('i.id', 'desc')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  return { items: rows.map(toInspectionDto), total: Number(total.n) };
}

/**
 * The inspections made in a room: an inspection records its building and room as typed on the checklist, so
 * they are matched to the room by name or code, in any case, trimmed (docs/decisions/rooms-and-followers.md).
 */
function inspectionsIn(db: Db, room: RoomDto) {
  const lower = (v: string) => v.trim().toLowerCase();
  return db
    .selectFrom('inspections as i')
    .where(sql<string>`lower(trim(i.building))`, 'in', [lower(room.buildingName), lower(room.buildingCode)])
    .where(sql<string>`lower(trim(i.room))`, 'in', [lower(room.name), lower(room.code)]);
}

/**
 * A room's history, newest first (docs/decisions/rooms-and-followers.md): its reports' events (through the repairs
 * module) and its inspections, merged. A page needs at most the newest (page x size) of each, so each source is
 * read that far and the two are merged.
 */
export async function roomHistory(ctx: Ctx, room: RoomDto, q: { page: number; pageSize: number }): Promise<RoomHistory> {
  const upTo = offsetOf(q) + q.pageSize;
  const base = inspectionsIn(ctx.db, room);
  const [reports, inspected, counted] = await Promise.all([
    roomReportEvents(ctx.db, room.id, upTo),
    base
      .leftJoin('accounts as a', 'a.id', 'i.created_by')
      .selectAll('i')
      .select('a.full_name as saved_by')
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(upTo)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The order the repairs module reads its events in (newest, then the later step, then the higher id); an
  // inspection is before every report event at the same instant.
  const events: (RoomEventDto & { rank: number; id: number })[] = [
    ...reports.items.map((e) => ({
      rank: e.rank,
      id: e.reportId,
      key: `${e.kind}-${e.reportId}`,
      kind: e.kind,
      at: e.at,
      code: repairCode(e.reportId),
      reportId: e.reportId,
      inspectionId: null,
      summary: e.summary,
      who: e.who,
      when: e.when,
    })),
    ...inspected.map((row) => {
      const i = toInspectionDto(row);
      return {
        rank: 4,
        id: i.id,
        key: `inspected-${i.id}`,
        kind: 'inspected' as const,
        at: i.createdAt,
        code: i.code,
        reportId: null,
        inspectionId: i.id,
        summary: `${i.monthYear}: ${i.problems === 1 ? '1 problem' : `${i.problems} problems`} found`,
        who: i.savedBy,
        when: '',
      };
    }),
  ];
  events.sort((a, b) => b.at.localeCompare(a.at) || b.rank - a.rank || b.id - a.id);
  return {
    items: events.slice(offsetOf(q), upTo).map(({ rank: _rank, id: _id, ...e }) => e),
    total: reports.total + Number(counted.n),
  };
}
