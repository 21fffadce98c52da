/** A room's history from its reports (docs/decisions/rooms-and-followers.md), which the forms module shows on a room's page. */
import { sql } from 'kysely';
import { whenText } from '../../../core/repairs/notices';
import type { Db } from '../../db/database';
import { reportsTable } from './reportRows';
import { SLOT_COLUMNS } from './slot';

/**
 * One event of a room's history from its reports (docs/decisions/rooms-and-followers.md). Events at the same
 * instant go by their step (completed before started, scheduled, reported), then the report's id, highest first.
 */
export interface RoomReportEvent {
  rank: number;
  kind: 'reported' | 'scheduled' | 'started' | 'completed';
  at: string;
  reportId: number;
  summary: string;
  who: string | null;
  when: string;
}

/**
 * The newest `limit` events of a room's reports: each report filed, scheduled (assigned, with its day and times:
 * its place on the weekly schedule), started and completed; with how many there are in all.
 */
export async function roomReportEvents(db: Db, roomId: number, limit: number): Promise<{ items: RoomReportEvent[]; total: number }> {
  const mine = reportsTable(db).where('rr.room_id', '=', roomId);
  const cols = ['rr.id', 'rr.issue_description', ...SLOT_COLUMNS] as const;
  const filed = mine.select([
    ...cols,
    sql<string>`'reported'`.as('kind'),
    sql<number>`0`.as('rank'),
    sql<string>`rr.created_at`.as('at'),
    'rep.full_name as who',
  ]);
  const scheduled = mine
    .where('rr.assigned_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'scheduled'`.as('kind'),
      sql<number>`1`.as('rank'),
      sql<string>`rr.assigned_at`.as('at'),
      'asg.full_name as who',
    ]);
  const started = mine
    .where('rr.started_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'started'`.as('kind'),
      sql<number>`2`.as('rank'),
      sql<string>`rr.started_at`.as('at'),
      'asg.full_name as who',
    ]);
  const completed = mine
    .where('rr.completed_at', 'is not', null)
    .select([
      ...cols,
      sql<string>`'completed'`.as('kind'),
      sql<number>`3`.as('rank'),
      sql<string>`rr.completed_at`.as('at'),
      'asg.full_name as who',
    ]);
  const all = filed.unionAll(scheduled).unionAll(started).unionAll(completed);
  const [rows, counted] = await Promise.all([
    db.selectFrom(all.as('e')).selectAll().orderBy('e.at', 'desc').orderBy('e.rank', 'desc').orderBy('e.id', 'desc').limit(limit).execute(),
    db
      .selectFrom('repair_reports')
      .select([
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.count<number>('assigned_at').as('a'),
        (eb) => eb.fn.count<number>('started_at').as('s'),
        (eb) => eb.fn.count<number>('completed_at').as('c'),
      ])
      .where('room_id', '=', roomId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(counted.n) + Number(counted.a) + Number(counted.s) + Number(counted.c),
    items: rows.map((r) => ({
      kind: r.kind as RoomReportEvent['kind'],
      rank: Number(r.rank),
      at: r.at!,
      reportId: r.id,
      summary: r.issue_description,
      who: r.who ?? null,
      when: r.kind === 'scheduled' ? whenText(r.day, r.time_start, r.time_end) : '',
    })),
  };
}
