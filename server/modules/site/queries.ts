/** The site's reads: whether it is open, the office's details, the landing page's live figures. */
import { sql } from 'kysely';
import { hoursText, readWeek } from '../../../core/site/calendar';
import type { OfficeCalendarDto, SiteStats, SiteStatus } from '../../../core/site/schemas';
import type { Ctx } from '../../context';
import type { FileStore } from '../../lib/fileStore';
import { latestOutbox } from '../../lib/mail';
import { pendingMigrations } from '../../db/migrate';
import type { Db } from '../../db/database';
import { peopleServed } from '../accounts';
import { handlingFigures } from '../borrowing';
import { unitsAvailable } from '../inventory';
import { repairsCompleted } from '../repairs';

/** The database answers and holds every migration of this version (a rolling deploy's new processes wait). */
export async function readiness(db: Db, files: FileStore) {
  if (!(await databaseReachable(db)))
    return { status: 'unavailable', database: 'unreachable', migrations: 'unknown', files: 'unknown' } as const;
  const pending = await pendingMigrations(db).catch(() => null);
  const migrations = pending === null ? 'unknown' : pending.length ? 'pending' : 'current';
  const store = await files.check().then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  return {
    status: migrations === 'current' && store === 'ok' ? 'ready' : 'unavailable',
    database: 'ok',
    migrations,
    files: store,
  } as const;
}

export async function databaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** The uploaded map's address changes with each upload (its stored name), so browsers may keep it. */
const campusMapUrl = (ctx: Ctx, uploaded: string) =>
  uploaded
    ? `/api/site/campus-map?v=${encodeURIComponent(uploaded.split('/').pop()!.split('.')[0])}`
    : ctx.config.campusMapFile
      ? '/api/site/campus-map'
      : '/campus-map.svg';

export async function siteStatus(ctx: Ctx): Promise<SiteStatus> {
  const s = await ctx.settings.getAll(['office_name', 'office_address', 'office_phone', 'office_email', 'office_week', 'campus_map_path']);
  return {
    available: !(await ctx.settings.maintenanceOn()),
    maintenanceForced: ctx.config.maintenanceOverride !== null,
    timeZone: ctx.config.campusTimeZone,
    appOrigin: new URL(ctx.config.appUrl).origin,
    campusMapUrl: campusMapUrl(ctx, s.campus_map_path),
    campusSignIn: ctx.config.campusSignIn ? { name: ctx.config.campusSignIn.name } : null,
    office: {
      name: s.office_name,
      address: s.office_address,
      phone: s.office_phone,
      email: s.office_email,
      hours: hoursText(readWeek(s.office_week)),
    },
  };
}

/** The office calendar as the borrow form, Settings and anyone asking read it. */
export async function officeCalendar(ctx: Ctx): Promise<OfficeCalendarDto> {
  const calendar = await ctx.settings.calendar();
  return { ...calendar, hours: hoursText(calendar.week) };
}

/** Live figures for the landing page (docs/decisions/real-figures.md), each from the module that owns it. */
export async function landingFigures(ctx: Ctx): Promise<SiteStats> {
  const [handling, itemsAvailable, people, repairs] = await Promise.all([
    handlingFigures(ctx.db, ctx.dialect),
    unitsAvailable(ctx.db),
    peopleServed(ctx.db),
    repairsCompleted(ctx.db),
  ]);
  return {
    requestsHandled: handling.requestsHandled,
    itemsAvailable,
    peopleServed: people,
    repairsCompleted: repairs,
    averageResponseHours: handling.averageResponseHours,
  };
}

/** Development only: the latest mail written while no SMTP server is configured (lib/mail.ts keeps it). */
export const outbox = async (db: Db, to?: string) => ({ items: await latestOutbox(db, to) });
