/** Reads of the feed and the bell. */
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_CSV_MAX_ROWS,
  type ActivityFeed,
  type AuditLog,
  type AuditParams,
  type NotificationList,
} from '../../../core/activity/schemas';
import { safeCell } from '../../../core/common/csv';
import { addDays, startOfDayUtc } from '../../../core/time';
import { MSG } from '../../../core/messages';
import { USER_ROLES } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { idsOfAccountsNamed } from '../accounts/queries';
import type { Account } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

/** My latest notifications (the header bell) and how many are unread. */
export async function notificationsOf(db: Db, accountId: number): Promise<NotificationList> {
  const [items, unread] = await Promise.all([
    db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(20)
      .execute(),
    db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((n) => ({
      id: n.id,
      title: n.title,
      message: n.message,
      entityType: n.entity_type,
      entityId: n.entity_id,
      read: n.read_at !== null,
      createdAt: n.created_at,
    })),
    unread: Number(unread.n),
  };
}

const OFFICE_BELL_SIZE = 20;

/**
 * The office's bell (spec 001 header: a Recent Activity dropdown): the latest office activity by others,
 * unread when newer than the person last looked.
 */
export async function officeBellOf(db: Db, me: Account): Promise<NotificationList> {
  const seen = await db.selectFrom('office_bell').select('seen_at').where('account_id', '=', me.id).executeTakeFirst();
  const others = db.selectFrom('activity as t').where((eb) => eb.or([eb('t.actor_id', 'is', null), eb('t.actor_id', '!=', me.id)]));
  const since = seen?.seen_at ?? '';
  const [rows, unread] = await Promise.all([
    others
      .leftJoin('accounts as a', 'a.id', 't.actor_id')
      .select(['t.id', 't.description', 't.entity_type', 't.entity_id', 't.created_at', 'a.full_name as actor_name'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(OFFICE_BELL_SIZE)
      .execute(),
    // Counted up to what the badge can show, so a long absence costs no more than a short one.
    db
      .selectFrom(
        others
          .select('t.id')
          .where('t.created_at', '>', since)
          .limit(OFFICE_BELL_SIZE + 1)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((t) => ({
      id: t.id,
      title: t.actor_name ?? MSG.deletedUser,
      message: t.description,
      entityType: t.entity_type,
      entityId: t.entity_id,
      read: t.created_at <= since,
      createdAt: t.created_at,
    })),
    unread: Number(unread.n),
  };
}

/** Whether this office member asked for mail when a request is filed or a return awaits verification. */
export async function officeEmailsOn(db: Db, accountId: number): Promise<boolean> {
  const row = await db.selectFrom('office_bell').select('email_office_events').where('account_id', '=', accountId).executeTakeFirst();
  return row?.email_office_events === 1;
}

const activityTable = (db: Db) => db.selectFrom('activity as t');

/** Entries newest first with the actor's name for display (a read-only join, not a use of the accounts module's table). */
const withActor = (base: ReturnType<typeof activityTable>) =>
  base
    .leftJoin('accounts as a', 'a.id', 't.actor_id')
    .select(['t.id', 't.action_type', 't.description', 't.entity_type', 't.entity_id', 't.created_at', 'a.full_name as actor_name'])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc');

const toEntry = (t: Awaited<ReturnType<ReturnType<typeof withActor>['execute']>>[number]) => ({
  id: t.id,
  actionType: t.action_type,
  description: t.description,
  entityType: t.entity_type,
  entityId: t.entity_id,
  actorName: t.actor_name ?? MSG.deletedUser,
  createdAt: t.created_at,
});

/** The feed, newest first: students and faculty see what concerns them, the office sees everything. */
export async function activityFeed(db: Db, me: Account, page: { page: number; pageSize: number }): Promise<ActivityFeed> {
  let base = activityTable(db);
  if (USER_ROLES.includes(me.role)) base = base.where((eb) => eb.or([eb('t.subject_id', '=', me.id), eb('t.actor_id', '=', me.id)]));
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    withActor(base).limit(page.pageSize).offset(offsetOf(page)).execute(),
  ]);
  return {
    items: rows.map(toEntry),
    total: Number(count.n),
  };
}

/** The audit view's rows (issue 9.9): the whole log narrowed by person, action type and campus days (inclusive). */
function auditBase(ctx: Ctx, q: Omit<AuditParams, 'page' | 'pageSize'>) {
  const tz = ctx.config.campusTimeZone;
  let base = activityTable(ctx.db);
  if (q.person) base = base.where('t.actor_id', 'in', idsOfAccountsNamed(ctx.db, ctx.dialect, q.person));
  if (q.type) base = base.where('t.action_type', '=', q.type);
  if (q.from) base = base.where('t.created_at', '>=', startOfDayUtc(q.from, tz));
  if (q.to) base = base.where('t.created_at', '<', startOfDayUtc(addDays(q.to, 1), tz));
  return base;
}

const auditRows = (ctx: Ctx, q: Omit<AuditParams, 'page' | 'pageSize'>) => withActor(auditBase(ctx, q));

export async function auditLog(ctx: Ctx, q: AuditParams): Promise<AuditLog> {
  const [count, rows, types] = await Promise.all([
    auditBase(ctx, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    auditRows(ctx, q).limit(q.pageSize).offset(offsetOf(q)).execute(),
    ctx.db.selectFrom('activity').select('action_type').distinct().orderBy('action_type').execute(),
  ]);
  return { items: rows.map(toEntry), total: Number(count.n), actionTypes: types.map((t) => t.action_type) };
}

/** The same rows as CSV, newest first; cells a spreadsheet would run as formulas are quoted with an apostrophe. */
export async function auditCsv(ctx: Ctx, q: Omit<AuditParams, 'page' | 'pageSize'>): Promise<string> {
  const rows = await auditRows(ctx, q)
    .limit(AUDIT_CSV_MAX_ROWS + 1)
    .execute();
  const lines = rows.slice(0, AUDIT_CSV_MAX_ROWS).map((t) => {
    const e = toEntry(t);
    return [e.createdAt, safeCell(e.actorName), e.actionType, safeCell(e.description)];
  });
  if (rows.length > AUDIT_CSV_MAX_ROWS)
    lines.push(['', '', '', `Cut at ${AUDIT_CSV_MAX_ROWS} rows: narrow the filter to export the rest.`]);
  return stringify([['Time (UTC)', 'Person', 'Action', 'Description'], ...lines]);
}
