/** Reads of the maintenance plans (docs/decisions/maintenance-plans.md): the list, one plan, the compliance figure. */
import { sql } from 'kysely';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { PRIORITIES, type Priority } from '../../../core/repairs/rules';
import { recurrenceText } from '../../../core/maintenance/recurrence';
import { CHECKLIST_NAMES, COMPLIANCE_DAYS, planCode, type PlanChecklist, type PlanFrequency } from '../../../core/maintenance/rules';
import type { PlanCompliance, PlanDto, PlanList, PlanListParams } from '../../../core/maintenance/schemas';
import { addDays, todayIn } from '../../../core/time';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { anyContainsCI } from '../../db/search';
import { offsetOf } from '../../lib/paging';
import { entriesScheduledFor } from '../schedule';

const plans = (db: Db) =>
  db
    .selectFrom('maintenance_plans as p')
    .leftJoin('maintenance_jobs as j', (join) => join.onRef('j.plan_id', '=', 'p.id').on('j.status', '=', 'open'))
    .leftJoin('accounts as a', 'a.id', 'p.personnel_id');

const planRows = (db: Db) =>
  plans(db)
    .selectAll('p')
    .select([
      'a.full_name as personnel_name',
      'j.id as job_id',
      'j.planned_date as job_planned',
      'j.due_date as job_due',
      'j.schedule_entry_id as job_entry_id',
      (eb) =>
        eb
          .selectFrom('maintenance_jobs as d')
          .select((e) => e.fn.max('d.done_on').as('last'))
          .whereRef('d.plan_id', '=', 'p.id')
          .where('d.status', '=', 'done')
          .as('last_done'),
    ]);
type PlanRow = Awaited<ReturnType<ReturnType<typeof planRows>['executeTakeFirstOrThrow']>>;

function toPlanDto(r: PlanRow, today: string): PlanDto {
  const frequency = r.frequency as PlanFrequency;
  return {
    id: r.id,
    code: planCode(r.id),
    title: r.title,
    checklist: r.checklist as PlanChecklist,
    checklistName: CHECKLIST_NAMES[r.checklist as PlanChecklist] ?? r.checklist,
    roomId: r.room_id,
    unitId: r.unit_id,
    target: r.target,
    building: r.building,
    room: r.room,
    personnelId: r.personnel_id,
    personnelName: r.personnel_name ?? null,
    trade: r.trade,
    tradeLabel: r.trade ? jobTypeLabel(r.trade) : '',
    frequency,
    interval: r.interval,
    rule: r.rule,
    recurrence: recurrenceText({ frequency, interval: r.interval, rule: r.rule }),
    startDate: r.start_date,
    startTime: r.start_time,
    endTime: r.end_time,
    priority: (PRIORITIES as readonly string[]).includes(r.priority) ? (r.priority as Priority) : 'medium',
    nextJob:
      r.job_id === null || r.job_id === undefined
        ? null
        : { id: r.job_id, planned: r.job_planned!, due: r.job_due!, scheduleEntryId: r.job_entry_id ?? null },
    lastDone: (r.last_done as string | null) ?? null,
    overdue: r.ended_at === null && !!r.job_due && r.job_due < today,
    endedAt: r.ended_at,
    createdAt: r.created_at,
  };
}

const today = (ctx: Ctx) => todayIn(ctx.config.campusTimeZone);

export async function findPlan(ctx: Ctx, db: Db, id: number): Promise<PlanDto | null> {
  const r = await planRows(db).where('p.id', '=', id).executeTakeFirst();
  return r ? toPlanDto(r, today(ctx)) : null;
}

/** The plans of a tab, soonest due first (ended ones newest ended first), with the count of each tab over the search. */
export async function listPlans(ctx: Ctx, q: PlanListParams): Promise<PlanList> {
  const day = today(ctx);
  let filtered = plans(ctx.db);
  if (q.search)
    filtered = filtered.where(
      anyContainsCI(ctx.dialect, ['p.title', 'p.target', 'p.building', 'p.room', 'p.trade', 'a.full_name'], q.search),
    );
  // Grouped by its place in the select: PostgreSQL sees the same expression twice with two parameters otherwise.
  const tabOf = sql<string>`case when p.ended_at is not null then 'ended' when j.due_date < ${day} then 'overdue' else 'active' end`;
  let tab = planRows(ctx.db).where((eb) =>
    q.search
      ? anyContainsCI(ctx.dialect, ['p.title', 'p.target', 'p.building', 'p.room', 'p.trade', 'a.full_name'], q.search)
      : eb.lit(true),
  );
  if (q.tab === 'active') tab = tab.where('p.ended_at', 'is', null);
  else if (q.tab === 'ended') tab = tab.where('p.ended_at', 'is not', null);
  else if (q.tab === 'overdue') tab = tab.where('p.ended_at', 'is', null).where('j.due_date', '<', day);
  const [tabRows, rows] = await Promise.all([
    filtered
      .select([tabOf.as('tab'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`1`)
      .execute(),
    tab
      .orderBy(sql`case when p.ended_at is null then 0 else 1 end`)
      .orderBy(sql`case when j.due_date is null then 1 else 0 end`)
      .orderBy('j.due_date')
      .orderBy('p.ended_at', 'desc')
      .orderBy('p.id')
      .limit(q.pageSize)
      .offset(offsetOf(q))
      .execute(),
  ]);
  const n = (t: string) => Number(tabRows.find((r) => r.tab === t)?.n ?? 0);
  const counts = {
    all: n('active') + n('overdue') + n('ended'),
    active: n('active') + n('overdue'),
    overdue: n('overdue'),
    ended: n('ended'),
  };
  return { items: rows.map((r) => toPlanDto(r, day)), total: counts[q.tab], counts };
}

/** The open jobs of running plans scheduled for a person (their own checklists to fill), soonest due first. */
export async function plansScheduledFor(ctx: Ctx, personId: number): Promise<PlanDto[]> {
  const open = await ctx.db
    .selectFrom('maintenance_jobs')
    .select('schedule_entry_id')
    .where('status', '=', 'open')
    .where('schedule_entry_id', 'is not', null)
    .execute();
  const theirs = [
    ...(await entriesScheduledFor(
      ctx.db,
      personId,
      open.map((j) => j.schedule_entry_id!),
    )),
  ];
  if (theirs.length === 0) return [];
  const rows = await planRows(ctx.db)
    .where('p.ended_at', 'is', null)
    .where('j.schedule_entry_id', 'in', theirs)
    .orderBy('j.due_date')
    .orderBy('p.id')
    .execute();
  const day = today(ctx);
  return rows.map((r) => toPlanDto(r, day));
}

/**
 * Jobs due in the last COMPLIANCE_DAYS days up to today: done on or before their due day (on time), done after it
 * (late), or still not done (missed). A job due today and not yet done is not counted: the day is not over.
 */
export async function planCompliance(ctx: Ctx): Promise<PlanCompliance> {
  const to = today(ctx);
  const from = addDays(to, -(COMPLIANCE_DAYS - 1));
  const rows = await ctx.db
    .selectFrom('maintenance_jobs')
    .select(['due_date', 'status', 'done_on'])
    .where('due_date', '>=', from)
    .where('due_date', '<=', to)
    .execute();
  let onTime = 0;
  let late = 0;
  let missed = 0;
  for (const r of rows) {
    if (r.status === 'done') {
      if (r.done_on! <= r.due_date) onTime++;
      else late++;
    } else if (r.due_date < to) missed++;
  }
  const due = onTime + late + missed;
  return { from, to, due, onTime, late, missed, percent: due ? Math.round((onTime / due) * 100) : null };
}

/** A plan's open job, locked for the rest of the transaction on PostgreSQL. */
export async function openJob(ctx: Ctx, trx: Db, planId: number) {
  let q = trx.selectFrom('maintenance_jobs').selectAll().where('plan_id', '=', planId).where('status', '=', 'open');
  if (ctx.dialect === 'postgres') q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A plan as stored. */
export const planRowById = (db: Db, id: number) => db.selectFrom('maintenance_plans').selectAll().where('id', '=', id).executeTakeFirst();
