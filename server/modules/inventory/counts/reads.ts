/**
 * A count's reads (docs/decisions/counts.md): the counts, and each count's figures per building and per room, read
 * from its tallies (tallies.ts). Its lists of units, tags and items are in lists.ts.
 */
import { sql } from 'kysely';
import { COUNT_MSG, COUNT_WORDS, type CountPlaceGroup, type CountStatus } from '../../../../core/inventory/counts';
import type { CountDto, CountFiguresDto } from '../../../../core/inventory/countSchemas';
import type { Db } from '../../../db/database';
import { notFound } from '../../../errors';
import { countOf, type CountRow } from './shared';
import { countFigures, CUSTODIANS, figuresByCount, figuresOfRow, NO_ROOM, roomTallies } from './tallies';

const n = (v: unknown) => Number(v ?? 0);

export async function countDto(db: Db, id: number): Promise<CountDto> {
  const c = await countOf(db, id);
  const [buildings, figures, items, lost, people] = await Promise.all([
    db.selectFrom('count_buildings').select(['building_id', 'building_name']).where('count_id', '=', id).orderBy('building_name').execute(),
    countFigures(db, id),
    itemFigures(db, id),
    // Losses are confirmed after the close only: an open count has none to add up.
    c.status === 'open'
      ? { n: 0 }
      : db
          .selectFrom('count_units')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('count_id', '=', id)
          .where('expected', '=', 1)
          .where('found_room_id', 'is', null)
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
  return c ? { ...rowDto(c), figures: await countFigures(db, id) } : null;
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

/**
 * Progress per building in the count, then the units with no home room ("No room") and those expected with a
 * person ("With custodians"), each apart (id null); read from the count's tallies.
 */
export async function buildingProgress(db: Db, countId: number) {
  // The count and its top rows in one statement: a reader asks it again and again while the counters scan.
  const read = await db
    .selectFrom('counts as k')
    .leftJoin('count_tallies as t', (j) => j.onRef('t.count_id', '=', 'k.id').on('t.room_id', 'is', null))
    .select(['k.whole_campus', 't.place', 't.building_id', 't.building_name'])
    .select(['t.expected', 't.found', 't.found_elsewhere', 't.unexpected', 't.unknown_tags'])
    .where('k.id', '=', countId)
    .execute();
  if (!read.length) throw notFound(COUNT_MSG.countNotFound);
  const c = { whole_campus: read[0]!.whole_campus };
  const rows = read.filter((r) => r.place !== null);
  const buildings = rows
    .filter((r) => r.building_id !== null)
    .sort((a, b) => (a.building_name ?? '').localeCompare(b.building_name ?? '') || n(a.building_id) - n(b.building_id));
  const group = (place: string) => rows.find((r) => r.place === place);
  const items: ({ id: number | null; name: string; code: string | null; group: CountPlaceGroup } & CountFiguresDto)[] = buildings.map(
    (b) => ({ id: b.building_id, name: b.building_name ?? '', code: null, group: 'building', ...figuresOfRow(b) }),
  );
  const none = group(NO_ROOM);
  if (c.whole_campus === 1 || (none && n(none.expected) > 0))
    items.push({ id: null, name: COUNT_WORDS.noRoom, code: null, group: 'no_room', ...figuresOfRow(none) });
  const people = group(CUSTODIANS);
  if (people && n(people.expected) > 0)
    items.push({ id: null, name: COUNT_WORDS.withCustodians, code: null, group: 'custodians', ...figuresOfRow(people) });
  return { items };
}

/**
 * Progress per room: the rooms where the count expects units, found unexpected ones or kept unknown tags, by
 * building and code, paged; read from the count's tallies.
 */
export async function roomProgress(db: Db, countId: number, q: { page: number; pageSize: number; buildingId?: number }) {
  await countOf(db, countId);
  const { rows, total } = await roomTallies(db, countId, q);
  return {
    items: rows.map((r) => ({
      id: r.room_id!,
      code: r.code ?? r.room_code ?? '',
      name: r.name ?? '',
      buildingName: r.building_name,
      ...figuresOfRow(r),
    })),
    total,
  };
}
