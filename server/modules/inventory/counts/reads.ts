/**
 * A count's reads (docs/decisions/counts.md): the counts, and each count's figures per building and per room,
 * counted and paged by the database over the count's indexes. Its lists of units, tags and items are in lists.ts.
 */
import { sql } from 'kysely';
import type { CountStatus } from '../../../../core/inventory/counts';
import type { CountDto, CountFiguresDto } from '../../../../core/inventory/countSchemas';
import type { Db } from '../../../db/database';
import { countOf, type CountRow } from './shared';

const n = (v: unknown) => Number(v ?? 0);

// Found where expected (a unit with no home room: found anywhere), found in another room, not found.
const FOUND = sql<number>`sum(case when found_room_id is not null and (home_room_id is null or found_room_id = home_room_id) then 1 else 0 end)`;
const ELSEWHERE = sql<number>`sum(case when found_room_id is not null and home_room_id is not null and found_room_id <> home_room_id then 1 else 0 end)`;
const MISSING = sql<number>`sum(case when found_room_id is null then 1 else 0 end)`;

type Place = { building?: number | null; room?: number };

/** The figures of the whole count, a building (null: the units with no home room) or a room. */
export async function figuresOf(db: Db, countId: number, at: Place = {}): Promise<CountFiguresDto> {
  let expected = db
    .selectFrom('count_units')
    .select((eb) => [eb.fn.countAll<number>().as('expected'), FOUND.as('found'), ELSEWHERE.as('elsewhere'), MISSING.as('missing')])
    .where('count_id', '=', countId)
    .where('expected', '=', 1);
  let unexpected = db
    .selectFrom('count_units')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('count_id', '=', countId)
    .where('expected', '=', 0);
  let unknown = db
    .selectFrom('count_unknown_tags')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('count_id', '=', countId);
  if (at.building !== undefined) {
    expected = expected.where('home_building_id', at.building === null ? 'is' : '=', at.building);
    unexpected = unexpected.where('found_building_id', at.building === null ? 'is' : '=', at.building);
    unknown = unknown.where('building_id', at.building === null ? 'is' : '=', at.building);
  }
  if (at.room !== undefined) {
    expected = expected.where('home_room_id', '=', at.room);
    unexpected = unexpected.where('found_room_id', '=', at.room);
    unknown = unknown.where('room_id', '=', at.room);
  }
  const [e, u, k] = await Promise.all([expected.executeTakeFirst(), unexpected.executeTakeFirst(), unknown.executeTakeFirst()]);
  return {
    expected: n(e?.expected),
    found: n(e?.found),
    foundElsewhere: n(e?.elsewhere),
    notFound: n(e?.missing),
    unexpected: n(u?.n),
    unknownTags: n(k?.n),
  };
}

export async function countDto(db: Db, id: number): Promise<CountDto> {
  const c = await countOf(db, id);
  const [buildings, figures, items, lost, people] = await Promise.all([
    db.selectFrom('count_buildings').select(['building_id', 'building_name']).where('count_id', '=', id).orderBy('building_name').execute(),
    figuresOf(db, id),
    itemFigures(db, id),
    db
      .selectFrom('count_units')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('count_id', '=', id)
      .where('lost_at', 'is not', null)
      .executeTakeFirst(),
    namesOf(db, id),
  ]);
  return {
    ...rowDto(c),
    buildings: c.whole_campus ? [] : buildings.map((b) => ({ id: b.building_id, name: b.building_name })),
    categories: c.categories ? (JSON.parse(c.categories) as string[]) : [],
    startedBy: people?.started ?? null,
    closedBy: people?.closed ?? null,
    figures,
    items,
    lost: n(lost?.n),
  };
}

/** A count's row and its figures, without its lists (a webhook's payload, docs/decisions/webhooks.md); null when gone. */
export async function countSummary(db: Db, id: number) {
  const c = await db.selectFrom('counts').selectAll().where('id', '=', id).executeTakeFirst();
  return c ? { ...rowDto(c), figures: await figuresOf(db, id) } : null;
}

const rowDto = (c: CountRow) => ({
  id: c.id,
  reference: c.reference,
  name: c.name,
  status: c.status as CountStatus,
  wholeCampus: c.whole_campus === 1,
  startedAt: c.started_at,
  closedAt: c.closed_at,
});

/** Who started and closed a count, by name (a read-only join for display). */
async function namesOf(db: Db, countId: number) {
  return db
    .selectFrom('counts as k')
    .leftJoin('accounts as s', 's.id', 'k.started_by')
    .leftJoin('accounts as c', 'c.id', 'k.closed_by')
    .select(['s.full_name as started', 'c.full_name as closed'])
    .where('k.id', '=', countId)
    .executeTakeFirst();
}

/** The items counted by quantity: how many, how many counted in some room, how many differ from the stock at the start. */
async function itemFigures(db: Db, countId: number) {
  const row = await db
    .selectFrom('count_items as ci')
    .leftJoin(countedSums(db, countId).as('s'), 's.item_id', 'ci.item_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('expected'),
      sql<number>`sum(case when s.item_id is not null then 1 else 0 end)`.as('counted'),
      sql<number>`sum(case when s.item_id is not null and s.counted <> ci.expected then 1 else 0 end)`.as('differing'),
    ])
    .where('ci.count_id', '=', countId)
    .executeTakeFirst();
  return { expected: n(row?.expected), counted: n(row?.counted), differing: n(row?.differing) };
}

/** Each item's counted quantity: the sum over the rooms it was counted in. */
export const countedSums = (db: Db, countId: number) =>
  db
    .selectFrom('count_item_rooms')
    .select((eb) => ['item_id', eb.fn.sum<number>('quantity').as('counted'), eb.fn.countAll<number>().as('rooms')])
    .where('count_id', '=', countId)
    .groupBy('item_id');

export async function listCounts(db: Db, q: { page: number; pageSize: number; search?: string; status: 'all' | CountStatus }) {
  let base = db.selectFrom('counts');
  if (q.search) {
    const like = `%${q.search.toLowerCase()}%`;
    base = base.where((eb) => eb.or([eb(sql`lower(reference)`, 'like', like), eb(sql`lower(name)`, 'like', like)]));
  }
  const [tabs, rows] = await Promise.all([
    base
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute(),
    (q.status === 'all' ? base : base.where('status', '=', q.status))
      .selectAll()
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  const counts = { all: 0, open: 0, closed: 0 };
  for (const t of tabs) {
    counts[t.status as CountStatus] = n(t.n);
    counts.all += n(t.n);
  }
  const ids = rows.map((r) => r.id);
  const [figures, buildings] = await Promise.all([figuresByCount(db, ids), buildingNames(db, ids)]);
  const none: CountFiguresDto = { expected: 0, found: 0, foundElsewhere: 0, notFound: 0, unexpected: 0, unknownTags: 0 };
  return {
    items: rows.map((c) => ({
      ...rowDto(c),
      categories: c.categories ? (JSON.parse(c.categories) as string[]) : [],
      buildings: c.whole_campus ? [] : (buildings.get(c.id) ?? []),
      figures: figures.get(c.id) ?? none,
    })),
    total: counts[q.status],
    counts,
  };
}

/** The figures of a page of counts, three grouped statements for the whole page. */
async function figuresByCount(db: Db, ids: number[]): Promise<Map<number, CountFiguresDto>> {
  if (!ids.length) return new Map();
  const [expected, unexpected, unknown] = await Promise.all([
    db
      .selectFrom('count_units')
      .select((eb) => [
        'count_id',
        eb.fn.countAll<number>().as('expected'),
        FOUND.as('found'),
        ELSEWHERE.as('elsewhere'),
        MISSING.as('missing'),
      ])
      .where('count_id', 'in', ids)
      .where('expected', '=', 1)
      .groupBy('count_id')
      .execute(),
    db
      .selectFrom('count_units')
      .select((eb) => ['count_id', eb.fn.countAll<number>().as('n')])
      .where('count_id', 'in', ids)
      .where('expected', '=', 0)
      .groupBy('count_id')
      .execute(),
    db
      .selectFrom('count_unknown_tags')
      .select((eb) => ['count_id', eb.fn.countAll<number>().as('n')])
      .where('count_id', 'in', ids)
      .groupBy('count_id')
      .execute(),
  ]);
  const e = new Map(expected.map((x) => [x.count_id, x]));
  const u = new Map(unexpected.map((x) => [x.count_id, n(x.n)]));
  const k = new Map(unknown.map((x) => [x.count_id, n(x.n)]));
  return new Map(
    ids.map((id) => [
      id,
      {
        expected: n(e.get(id)?.expected),
        found: n(e.get(id)?.found),
        foundElsewhere: n(e.get(id)?.elsewhere),
        notFound: n(e.get(id)?.missing),
        unexpected: u.get(id) ?? 0,
        unknownTags: k.get(id) ?? 0,
      },
    ]),
  );
}

/** The names of the buildings each count of a page covers, as kept at its start. */
async function buildingNames(db: Db, ids: number[]): Promise<Map<number, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('count_buildings')
    .select(['count_id', 'building_name'])
    .where('count_id', 'in', ids)
    .orderBy('building_name')
    .execute();
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.count_id, [...(out.get(r.count_id) ?? []), r.building_name]);
  return out;
}

/** Progress per building in the count, and the units with no home room apart (id null, "No room"). */
export async function buildingProgress(db: Db, countId: number) {
  const c = await countOf(db, countId);
  const [buildings, expected, unexpected, unknown] = await Promise.all([
    db
      .selectFrom('count_buildings')
      .select(['building_id', 'building_name'])
      .where('count_id', '=', countId)
      .orderBy('building_name')
      .execute(),
    db
      .selectFrom('count_units')
      .select((eb) => [
        'home_building_id as b',
        eb.fn.countAll<number>().as('expected'),
        FOUND.as('found'),
        ELSEWHERE.as('elsewhere'),
        MISSING.as('missing'),
      ])
      .where('count_id', '=', countId)
      .where('expected', '=', 1)
      .groupBy('home_building_id')
      .execute(),
    db
      .selectFrom('count_units')
      .select((eb) => ['found_building_id as b', eb.fn.countAll<number>().as('n')])
      .where('count_id', '=', countId)
      .where('expected', '=', 0)
      .groupBy('found_building_id')
      .execute(),
    db
      .selectFrom('count_unknown_tags')
      .select((eb) => ['building_id as b', eb.fn.countAll<number>().as('n')])
      .where('count_id', '=', countId)
      .groupBy('building_id')
      .execute(),
  ]);
  const byId = <T extends { b: number | null }>(rows: T[]) => new Map(rows.map((r) => [r.b, r]));
  const [e, u, k] = [byId(expected), byId(unexpected), byId(unknown)];
  const figures = (b: number | null): CountFiguresDto => ({
    expected: n(e.get(b)?.expected),
    found: n(e.get(b)?.found),
    foundElsewhere: n(e.get(b)?.elsewhere),
    notFound: n(e.get(b)?.missing),
    unexpected: n(u.get(b)?.n),
    unknownTags: n(k.get(b)?.n),
  });
  const items: ({ id: number | null; name: string; code: string | null } & CountFiguresDto)[] = buildings.map((b) => ({
    id: b.building_id,
    name: b.building_name,
    code: null,
    ...figures(b.building_id),
  }));
  if (c.whole_campus === 1 || e.has(null)) items.push({ id: null, name: 'No room', code: null, ...figures(null) });
  return { items };
}

/** Progress per room: the rooms where the count expects units, found unexpected ones or kept unknown tags, by building and code, paged. */
export async function roomProgress(db: Db, countId: number, q: { page: number; pageSize: number; buildingId?: number }) {
  await countOf(db, countId);
  const ids = db
    .selectFrom('count_units')
    .select('home_room_id as room_id')
    .where('count_id', '=', countId)
    .where('expected', '=', 1)
    .where('home_room_id', 'is not', null)
    .$if(q.buildingId !== undefined, (w) => w.where('home_building_id', '=', q.buildingId!))
    .union(
      db
        .selectFrom('count_units')
        .select('found_room_id as room_id')
        .where('count_id', '=', countId)
        // Units expected elsewhere are counted in their home room's row; only the unexpected add a room.
        .where('expected', '=', 0)
        .where('found_room_id', 'is not', null)
        .$if(q.buildingId !== undefined, (w) => w.where('found_building_id', '=', q.buildingId!)),
    )
    .union(
      db
        .selectFrom('count_unknown_tags')
        .select('room_id')
        .where('count_id', '=', countId)
        .$if(q.buildingId !== undefined, (w) => w.where('building_id', '=', q.buildingId!)),
    );
  const rooms = db
    .selectFrom(ids.as('x'))
    .innerJoin('rooms as r', 'r.id', 'x.room_id')
    .innerJoin('buildings as b', 'b.id', 'r.building_id');
  const [total, page] = await Promise.all([
    rooms.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    rooms
      .select(['r.id', 'r.code', 'r.name', 'b.name as building_name'])
      .orderBy('b.name')
      .orderBy('r.code')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
  ]);
  const roomIds = page.map((r) => r.id);
  if (!roomIds.length) return { items: [], total: n(total?.n) };
  const [expected, unexpected, unknown] = await Promise.all([
    db
      .selectFrom('count_units')
      .select((eb) => [
        'home_room_id as r',
        eb.fn.countAll<number>().as('expected'),
        FOUND.as('found'),
        ELSEWHERE.as('elsewhere'),
        MISSING.as('missing'),
      ])
      .where('count_id', '=', countId)
      .where('expected', '=', 1)
      .where('home_room_id', 'in', roomIds)
      .groupBy('home_room_id')
      .execute(),
    db
      .selectFrom('count_units')
      .select((eb) => ['found_room_id as r', eb.fn.countAll<number>().as('n')])
      .where('count_id', '=', countId)
      .where('expected', '=', 0)
      .where('found_room_id', 'in', roomIds)
      .groupBy('found_room_id')
      .execute(),
    db
      .selectFrom('count_unknown_tags')
      .select((eb) => ['room_id as r', eb.fn.countAll<number>().as('n')])
      .where('count_id', '=', countId)
      .where('room_id', 'in', roomIds)
      .groupBy('room_id')
      .execute(),
  ]);
  const e = new Map(expected.map((x) => [x.r, x]));
  const u = new Map(unexpected.map((x) => [x.r, x]));
  const k = new Map(unknown.map((x) => [x.r, x]));
  return {
    items: page.map((r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      buildingName: r.building_name,
      expected: n(e.get(r.id)?.expected),
      found: n(e.get(r.id)?.found),
      foundElsewhere: n(e.get(r.id)?.elsewhere),
      notFound: n(e.get(r.id)?.missing),
      unexpected: n(u.get(r.id)?.n),
      unknownTags: n(k.get(r.id)?.n),
    })),
    total: n(total?.n),
  };
}
