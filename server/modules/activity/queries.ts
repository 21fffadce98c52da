/** Reads of the feed and the bell. */
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import {
  AUDIT_CSV_MAX_ROWS,
  type ActivityFeed,
  type AuditLog,
  type AuditParams,
  type NotificationList,
  type EntityType,
} from '../../../core/activity/schemas';
import { UNREAD_MAX } from '../../../core/activity/notices';
import { safeCell } from '../../../core/common/csv';
import { addDays, startOfDayUtc } from '../../../core/time';
import { MSG } from '../../../core/messages';
import { TOKEN_EVENTS, tokenActorName } from '../../../core/tokens/rules';
import { ACCOUNT_EVENTS } from '../../../core/accounts/notices';
import { linkTo } from '../../../core/activity/links';
import { STAFF_ROLES, USER_ROLES, portalOf, type Portal } from '../../../core/roles';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import { idsOfAccountsNamed } from '../accounts';
import type { Account } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

/** How many entries the bell lists. */
const BELL_SIZE = 20;

/** My latest notifications (the header bell) and how many are unread, counted up to what the bell shows. */
export async function notificationsOf(db: Db, me: Account): Promise<NotificationList> {
  const mine = db.selectFrom('notifications').where('account_id', '=', me.id);
  const [items, unread] = await Promise.all([
    mine.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(BELL_SIZE).execute(),
    db
      .selectFrom(
        mine
          .select('id')
          .where('read_at', 'is', null)
          .limit(UNREAD_MAX + 1)
          .as('unread'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const portal = portalOf(me.role);
  return {
    items: items.map((n) => ({
      id: n.id,
      title: n.title,
      message: n.message,
      entityType: n.entity_type,
      entityId: n.entity_id,
      link: linkTo({ type: n.entity_type, id: n.entity_id }, portal),
      read: n.read_at !== null,
      createdAt: n.created_at,
    })),
    unread: Number(unread.n),
  };
}

/**
 * The office's bell (docs/product.md header: a Recent Activity dropdown): the latest office activity by others that
 * the reader may see, unread when newer than the person last looked.
 */
export async function officeBellOf(db: Db, me: Account): Promise<NotificationList> {
  const seen = await db.selectFrom('office_bell').select('seen_id').where('account_id', '=', me.id).executeTakeFirst();
  const others = readableBy(activityTable(db), me).where((eb) => eb.or([eb('t.actor_id', 'is', null), eb('t.actor_id', '!=', me.id)]));
  const seenId = seen?.seen_id ?? 0;
  const [rows, unread] = await Promise.all([
    withActor(others).limit(BELL_SIZE).execute(),
    db
      .selectFrom(
        others
          .select('t.id')
          .where('t.id', '>', seenId)
          .limit(UNREAD_MAX + 1)
          .as('recent'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const portal = portalOf(me.role);
  return {
    items: rows.map((t) => ({
      id: t.id,
      title: actorNameOf(t),
      message: t.description,
      entityType: t.entity_type,
      entityId: t.entity_id,
      link: linkOf(t, portal),
      read: t.id <= seenId,
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
type ActivityQuery = ReturnType<typeof activityTable>;

/**
 * What a reader may see of the log: students and faculty what concerns them; the office desk everything;
 * personnel everything but colleagues' account events (ACCOUNT_EVENTS: a person's own and the desk's only) and the
 * desk's API tokens.
 */
function readableBy(base: ActivityQuery, me: Account): ActivityQuery {
  if (USER_ROLES.includes(me.role)) return base.where((eb) => eb.or([eb('t.subject_id', '=', me.id), eb('t.actor_id', '=', me.id)]));
  if (STAFF_ROLES.includes(me.role)) return base;
  return base.where((eb) =>
    eb.or([
      eb('t.action_type', 'not in', [...ACCOUNT_EVENTS, ...Object.values(TOKEN_EVENTS)]),
      eb('t.subject_id', '=', me.id),
      eb('t.actor_id', '=', me.id),
    ]),
  );
}

/**
 * Entries newest first with the actor's name for display, and what their links need (core/activity/links.ts):
 * read-only joins, not uses of the accounts, inventory and schedule modules' tables.
 */
const withActor = (base: ActivityQuery) =>
  base
    .leftJoin('accounts as a', 'a.id', 't.actor_id')
    .leftJoin('api_tokens as tk', 'tk.id', 't.api_token_id')
    .leftJoin('items as li', (j) => j.onRef('li.id', '=', 't.entity_id').on('t.entity_type', '=', 'item'))
    .leftJoin('accounts as la', (j) => j.onRef('la.id', '=', 't.entity_id').on('t.entity_type', '=', 'account'))
    .leftJoin('schedule_entries as ls', (j) => j.onRef('ls.id', '=', 't.entity_id').on('t.entity_type', '=', 'schedule_entry'))
    .select([
      't.id',
      't.action_type',
      't.description',
      't.entity_type',
      't.entity_id',
      't.created_at',
      't.automatic',
      'a.full_name as actor_name',
      'tk.name as token_name',
      'li.name as item_name',
      'la.email as account_email',
      'la.role as account_role',
      'ls.date as entry_date',
    ])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc');
type EntryRow = Awaited<ReturnType<ReturnType<typeof withActor>['execute']>>[number];

/**
 * Who made an entry: the API token it was made with (docs/decisions/api-tokens.md), the person, the system for an
 * automatic job's, else an account since removed.
 */
const actorNameOf = (t: { actor_name: string | null; token_name?: string | null; automatic: number }) =>
  t.token_name ? tokenActorName(t.token_name) : (t.actor_name ?? (Number(t.automatic) === 1 ? MSG.systemActor : MSG.deletedUser));

const linkOf = (t: EntryRow, portal: Portal) =>
  linkTo(
    { type: t.entity_type, id: t.entity_id, itemName: t.item_name, email: t.account_email, role: t.account_role, date: t.entry_date },
    portal,
  );

const toEntry = (t: EntryRow, portal: Portal) => ({
  id: t.id,
  actionType: t.action_type,
  description: t.description,
  entityType: t.entity_type,
  entityId: t.entity_id,
  link: linkOf(t, portal),
  actorName: actorNameOf(t),
  createdAt: t.created_at,
});

/** The feed, newest first, as the reader may see it (readableBy). */
export async function activityFeed(db: Db, me: Account, page: { page: number; pageSize: number }): Promise<ActivityFeed> {
  const base = readableBy(activityTable(db), me);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    withActor(base).limit(page.pageSize).offset(offsetOf(page)).execute(),
  ]);
  const portal = portalOf(me.role);
  return {
    items: rows.map((t) => toEntry(t, portal)),
    total: Number(count.n),
  };
}

/** The audit view's rows: the whole log narrowed by person, action type and campus days (inclusive). */
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
  return { items: rows.map((t) => toEntry(t, 'admin')), total: Number(count.n), actionTypes: types.map((t) => t.action_type) };
}

/** The same rows as CSV, newest first; cells a spreadsheet would run as formulas are quoted with an apostrophe. */
export async function auditCsv(ctx: Ctx, q: Omit<AuditParams, 'page' | 'pageSize'>): Promise<string> {
  const rows = await auditRows(ctx, q)
    .limit(AUDIT_CSV_MAX_ROWS + 1)
    .execute();
  const lines = rows.slice(0, AUDIT_CSV_MAX_ROWS).map((t) => {
    const e = toEntry(t, 'admin');
    return [e.createdAt, safeCell(e.actorName), e.actionType, safeCell(e.description)];
  });
  if (rows.length > AUDIT_CSV_MAX_ROWS)
    lines.push(['', '', '', `Cut at ${AUDIT_CSV_MAX_ROWS} rows: narrow the filter to export the rest.`]);
  return stringify([['Time (UTC)', 'Person', 'Action', 'Description'], ...lines]);
}

/** One thing's entries, oldest first, with who made each (a repair report's timeline; index of migration 030). */
export function entriesAbout(db: Db, entity: { type: EntityType; id: number }, limit = 500) {
  return db
    .selectFrom('activity as t')
    .leftJoin('accounts as a', 'a.id', 't.actor_id')
    .leftJoin('api_tokens as tk', 'tk.id', 't.api_token_id')
    .select(['t.id', 't.action_type', 't.description', 't.created_at', 't.actor_id'])
    .select(sql<string | null>`coalesce(tk.name || ${tokenActorName('')}, a.full_name)`.as('actor_name'))
    .where('t.entity_type', '=', entity.type)
    .where('t.entity_id', '=', entity.id)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}
