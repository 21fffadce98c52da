/**
 * The count's figures kept as it goes (docs/decisions/counts.md; measured in docs/performance.md#the-yearly-count):
 * one `count_tallies` row per room where something is expected or was counted, one per building counted (the sum
 * of its rooms), one for the units with no home room and one for those with a person. A scan adds one to its
 * place's row and its building's in its own transaction, so the progress reads a few rows instead of adding up every
 * unit of the count at each request. The units' own rows (count_units) stay what the lists and the report read.
 */
import { sql } from 'kysely';
import type { CountFiguresDto } from '../../../../core/inventory/countSchemas';
import type { Db } from '../../../db/database';
import type { CountTalliesTable } from '../../../db/tables/counts';

export const NO_ROOM = 'no_room';
export const CUSTODIANS = 'custodians';
const roomPlace = (id: number) => `room:${id}`;
const buildingPlace = (id: number) => `building:${id}`;

type Column = 'found' | 'found_elsewhere' | 'unexpected' | 'unknown_tags';
type Figures = Pick<CountTalliesTable, 'count_id'> & Record<'expected' | Column, number | string | bigint | null>;

const n = (v: unknown) => Number(v ?? 0);
export const NO_FIGURES: CountFiguresDto = { expected: 0, found: 0, foundElsewhere: 0, notFound: 0, unexpected: 0, unknownTags: 0 };

export const figuresOfRow = (r: Omit<Figures, 'count_id'> | undefined): CountFiguresDto =>
  r
    ? {
        expected: n(r.expected),
        found: n(r.found),
        foundElsewhere: n(r.found_elsewhere),
        notFound: n(r.expected) - n(r.found) - n(r.found_elsewhere),
        unexpected: n(r.unexpected),
        unknownTags: n(r.unknown_tags),
      }
    : { ...NO_FIGURES };

const plus = (a: CountFiguresDto, b: CountFiguresDto): CountFiguresDto => ({
  expected: a.expected + b.expected,
  found: a.found + b.found,
  foundElsewhere: a.foundElsewhere + b.foundElsewhere,
  notFound: a.notFound + b.notFound,
  unexpected: a.unexpected + b.unexpected,
  unknownTags: a.unknownTags + b.unknownTags,
});

/**
 * At the start, once count_units holds what the count expects: a row for each building counted, each room where
 * units are expected, the units with no home room (always, for the whole campus) and those with a person.
 */
export async function startTallies(trx: Db, countId: number, buildings: { id: number; name: string }[], wholeCampus: boolean) {
  const groups = await trx
    .selectFrom('count_units as c')
    .leftJoin('rooms as r', 'r.id', 'c.home_room_id')
    .select((eb) => ['c.home_building_id as b', 'c.home_room_id as room', 'r.code', 'c.custodian_kind', eb.fn.countAll<number>().as('n')])
    .where('c.count_id', '=', countId)
    .groupBy(['c.home_building_id', 'c.home_room_id', 'r.code', 'c.custodian_kind'])
    .execute();
  const names = new Map(buildings.map((b) => [b.id, b.name]));
  type Row = Omit<CountTalliesTable, Column | 'expected'> & { expected: number };
  const rows = new Map<string, Row>();
  const row = (place: string, b: number | null, r: number | null, code: string | null): Row => {
    let x = rows.get(place);
    if (!x) {
      const building_name = b === null ? null : (names.get(b) ?? null);
      x = { count_id: countId, place, building_id: b, room_id: r, building_name, room_code: code, expected: 0 };
      rows.set(place, x);
    }
    return x;
  };
  for (const b of buildings) row(buildingPlace(b.id), b.id, null, null);
  if (wholeCampus) row(NO_ROOM, null, null, null);
  for (const g of groups) {
    if (g.room === null) {
      row(g.custodian_kind === 'person' ? CUSTODIANS : NO_ROOM, null, null, null).expected += n(g.n);
      continue;
    }
    row(roomPlace(g.room), g.b, g.room, g.code ?? null).expected += n(g.n);
    if (g.b !== null) row(buildingPlace(g.b), g.b, null, null).expected += n(g.n);
  }
  const all = [...rows.values()];
  for (let i = 0; i < all.length; i += 200)
    await trx
      .insertInto('count_tallies')
      .values(all.slice(i, i + 200))
      .execute();
}

/** Where a scan is tallied: a room of the count (its building's row too), or the units with no room or with a person. */
export type TallyPlace = { roomId: number; buildingId: number; roomCode: string } | { group: typeof NO_ROOM | typeof CUSTODIANS };

/**
 * One more in a column of a place's row and its building's, in the scan's transaction and in one statement: the
 * building's row first, then the room's, in every scan, so two scans never wait on each other's rows crosswise. A
 * room's row is made at its first unexpected unit or unknown tag (a building's always is, at the start).
 */
export async function tally(trx: Db, countId: number, at: TallyPlace, column: Column): Promise<void> {
  const more = { [column]: sql<number>`count_tallies.${sql.ref(column)} + 1` };
  if ('group' in at) {
    await trx
      .insertInto('count_tallies')
      .values({ count_id: countId, place: at.group, [column]: 1 })
      .onConflict((oc) => oc.columns(['count_id', 'place']).doUpdateSet(more))
      .execute();
    return;
  }
  const buildingName = trx
    .selectFrom('count_buildings')
    .select('building_name')
    .where('count_id', '=', countId)
    .where('building_id', '=', at.buildingId);
  const row = { count_id: countId, building_id: at.buildingId, building_name: buildingName, [column]: 1 };
  await trx
    .insertInto('count_tallies')
    .values([
      { ...row, place: buildingPlace(at.buildingId), room_id: null, room_code: null },
      { ...row, place: roomPlace(at.roomId), room_id: at.roomId, room_code: at.roomCode },
    ])
    .onConflict((oc) => oc.columns(['count_id', 'place']).doUpdateSet(more))
    .execute();
}

/** The rows of the buildings counted, the units with no room and those with a person (no room rows). */
export const topTallies = (db: Db, countId: number) =>
  db.selectFrom('count_tallies').selectAll().where('count_id', '=', countId).where('room_id', 'is', null).execute();

/** The whole count's figures: the sum of its top rows. */
export async function countFigures(db: Db, countId: number): Promise<CountFiguresDto> {
  return (await topTallies(db, countId)).map(figuresOfRow).reduce(plus, { ...NO_FIGURES });
}

/** One room's figures in the count (none yet: zeros). */
export async function roomFigures(db: Db, countId: number, roomId: number): Promise<CountFiguresDto> {
  const row = await db
    .selectFrom('count_tallies')
    .selectAll()
    .where('count_id', '=', countId)
    .where('place', '=', roomPlace(roomId))
    .executeTakeFirst();
  return figuresOfRow(row);
}

/** The figures of several counts at once (a page of the counts list): one grouped statement over their top rows. */
export async function figuresByCount(db: Db, ids: number[]): Promise<Map<number, CountFiguresDto>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('count_tallies')
    .select((eb) => [
      'count_id',
      eb.fn.sum<number>('expected').as('expected'),
      eb.fn.sum<number>('found').as('found'),
      eb.fn.sum<number>('found_elsewhere').as('found_elsewhere'),
      eb.fn.sum<number>('unexpected').as('unexpected'),
      eb.fn.sum<number>('unknown_tags').as('unknown_tags'),
    ])
    .where('count_id', 'in', ids)
    .where('room_id', 'is', null)
    .groupBy('count_id')
    .execute();
  return new Map(rows.map((r) => [r.count_id, figuresOfRow(r)]));
}

/** A page of the rooms' rows, by building and code (the copies kept in the rows), with their total. */
export async function roomTallies(db: Db, countId: number, q: { page: number; pageSize: number; buildingId?: number }) {
  const base = db
    .selectFrom('count_tallies as t')
    .where('t.count_id', '=', countId)
    .where('t.room_id', 'is not', null)
    .$if(q.buildingId !== undefined, (w) => w.where('t.building_id', '=', q.buildingId!));
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .leftJoin('rooms as r', 'r.id', 't.room_id')
      .selectAll('t')
      .select(['r.code', 'r.name'])
      .$if(q.buildingId === undefined, (w) => w.orderBy('t.building_name'))
      .orderBy('t.room_code')
      .orderBy('t.room_id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  return { rows, total: n(total?.n) };
}
