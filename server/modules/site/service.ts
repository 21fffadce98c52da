/** The site's settings (office details, maintenance mode) and the changes admins make to them. */
import { MSG } from '../../../core/messages';
import { officeForm } from '../../../core/site/forms';
import {
  campusMapChanged,
  damageTradesChanged,
  supplyRequestersChanged,
  closureAdded,
  closureRemoved,
  maintenanceSwitched,
  officeDetailsChanged,
  officeHoursChanged,
} from '../../../core/site/notices';
import {
  closureForm,
  DEFAULT_WEEK,
  hoursText,
  readWeek,
  weekHoursForm,
  type Closure,
  type OfficeCalendar,
  type WeekHours,
} from '../../../core/site/calendar';
import { addDays, todayIn } from '../../../core/time';
import { DEFAULT_DAMAGE_TRADES, readDamageTrades, type DamageTrades } from '../../../core/repairs/damage';
import type { OfficeInput } from '../../../core/site/forms';
import { DEFAULT_SUPPLY_REQUESTERS, readSupplyRequesters, type SupplyRequesters } from '../../../core/inventory/supplies';
import { firstError } from '../../../core/common/forms';
import { PROOF_IMAGE_KINDS, type FileKind } from '../../../core/files';
import { badRequest, notFound } from '../../errors';
import type { ReadFile } from '../../lib/uploads';
import type { Config } from '../../config';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import type { SettingKey, SettingsService } from '../../ports';

const SETTING_DEFAULTS: Record<SettingKey, string> = {
  maintenance_mode: '0',
  office_name: 'General Services Office',
  office_address: 'Administration Building, Ground Floor, University Campus',
  office_phone: '(02) 8123 4567',
  office_email: 'gso@campus.test',
  /** The office calendar's weekly hours (core/site/calendar.ts), JSON. */
  office_week: JSON.stringify(DEFAULT_WEEK),
  /** The repair targets per priority (core/repairs/deadlines.ts), JSON; the defaults until an administrator sets them. */
  repair_targets: '',
  /** The campus map an administrator uploaded (a path in the file store), or none. */
  campus_map_path: '',
  /** The trade suggested per item category for a repair opened by damage (core/repairs/damage.ts), JSON. */
  damage_trades: JSON.stringify(DEFAULT_DAMAGE_TRADES),
  /** Who may request each category's supplies (core/inventory/supplies.ts), JSON. */
  supply_requesters: JSON.stringify(DEFAULT_SUPPLY_REQUESTERS),
  /** The hosts webhooks may reach on private networks (docs/decisions/webhooks.md), JSON: none until an administrator allows some. */
  webhook_allowed_hosts: '[]',
};

export function createSettings(db: Db, config: Config): SettingsService {
  const get = async (key: SettingKey, trx: Db = db): Promise<string> => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? SETTING_DEFAULTS[key];
  };
  return {
    get,
    async getAll(keys: SettingKey[]): Promise<Record<SettingKey, string>> {
      const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
      const out = { ...SETTING_DEFAULTS };
      for (const r of rows) out[r.key as SettingKey] = r.value;
      return out;
    },
    async set(key: SettingKey, value: string, trx: Db = db): Promise<void> {
      await trx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
    async calendar(trx: Db = db): Promise<OfficeCalendar> {
      const [week, closures] = await Promise.all([
        trx.selectFrom('settings').select('value').where('key', '=', 'office_week').executeTakeFirst(),
        trx
          .selectFrom('office_closures')
          .select(['id', 'name', 'starts_on as from', 'ends_on as to'])
          .where('ends_on', '>=', addDays(todayIn(config.campusTimeZone), -1))
          .orderBy('starts_on')
          .orderBy('id')
          .execute(),
      ]);
      return { week: readWeek(week?.value), closures };
    },
    async maintenanceOn(): Promise<boolean> {
      if (config.maintenanceOverride) return config.maintenanceOverride === 'on';
      return (await get('maintenance_mode')) === '1';
    },
  };
}

/** An admin switches maintenance mode (docs/decisions/maintenance-mode.md); the feed records who did. */
export async function setMaintenance(ctx: Ctx, admin: Account, enabled: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('maintenance_mode', enabled ? '1' : '0', trx);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, maintenanceSwitched(admin.full_name, enabled), trx);
  });
}

/** An admin changes the office's contact details: checked in the form's order, saved together. */
export async function setOfficeDetails(ctx: Ctx, admin: Account, body: OfficeInput): Promise<void> {
  const error = firstError(officeForm, body);
  if (error) throw badRequest(error);
  const form = officeForm.parse(body);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('office_name', form.name, trx);
    await ctx.settings.set('office_address', form.address, trx);
    await ctx.settings.set('office_phone', form.phone, trx);
    await ctx.settings.set('office_email', form.email, trx);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, officeDetailsChanged(admin.full_name), trx);
  });
}

/** The trade suggested per item category for repairs opened by damage (docs/decisions/return-conditions.md). */
export async function damageTrades(ctx: Ctx): Promise<DamageTrades> {
  return readDamageTrades(await ctx.settings.get('damage_trades'));
}

/** An admin sets the trade suggested per item category (every category, each a job type; the schema checked it). */
export async function setDamageTrades(ctx: Ctx, admin: Account, trades: DamageTrades): Promise<DamageTrades> {
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('damage_trades', JSON.stringify(trades), trx);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, damageTradesChanged(admin.full_name), trx);
  });
  return damageTrades(ctx);
}

/** Who may request each category's supplies (docs/decisions/supplies.md). */
export async function supplyRequesters(ctx: Ctx): Promise<SupplyRequesters> {
  return readSupplyRequesters(await ctx.settings.get('supply_requesters'));
}

/** An admin sets who may request supplies, per category (the schema checked the roles). */
export async function setSupplyRequesters(ctx: Ctx, admin: Account, requesters: SupplyRequesters): Promise<SupplyRequesters> {
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('supply_requesters', JSON.stringify(requesters), trx);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, supplyRequestersChanged(admin.full_name), trx);
  });
  return supplyRequesters(ctx);
}

/** An admin uploads the campus map (already re-encoded by readUpload), or removes it with null. */
export async function setCampusMap(ctx: Ctx, admin: Account, file: ReadFile | null | 'remove'): Promise<void> {
  let saved = '';
  if (file !== 'remove') {
    if (!file || file.buffer.length === 0) throw badRequest(MSG.campusMapRequired);
    if (!file.kind || !PROOF_IMAGE_KINDS.includes(file.kind)) throw badRequest(MSG.itemPhotoType, 'invalid_file_type');
    saved = await ctx.files.save('site', { buffer: file.buffer, kind: file.kind as FileKind });
  }
  let old = '';
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('settings').select('value').where('key', '=', 'campus_map_path').executeTakeFirst();
      old = row?.value ?? '';
      await ctx.settings.set('campus_map_path', saved, trx);
      await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, campusMapChanged(admin.full_name, !saved), trx);
    });
  } catch (err) {
    await ctx.files.remove(saved || null);
    throw err;
  }
  await ctx.files.remove(old || null);
}

/** docs/decisions/office-calendar.md: an administrator sets the hours of each weekday (null: closed). */
export async function setOfficeWeek(ctx: Ctx, admin: Account, body: unknown): Promise<WeekHours> {
  const parsed = weekHoursForm.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const week = parsed.data;
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('office_week', JSON.stringify(week), trx);
    await ctx.activity.record(
      { actorId: admin.id, subjectId: null, entity: null },
      officeHoursChanged(admin.full_name, hoursText(week)),
      trx,
    );
  });
  return week;
}

/** An administrator adds a closure; overlapping ones are allowed (a holiday inside a break names itself). */
export async function addClosure(ctx: Ctx, admin: Account, body: unknown): Promise<Closure> {
  const error = firstError(closureForm, body);
  if (error) throw badRequest(error);
  const form = closureForm.parse(body);
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('office_closures')
      .values({ name: form.name, starts_on: form.from, ends_on: form.to, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const closure = { id, name: form.name, from: form.from, to: form.to };
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, closureAdded(admin.full_name, closure), trx);
    return closure;
  });
}

export async function removeClosure(ctx: Ctx, admin: Account, id: number): Promise<Closure> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('office_closures')
      .where('id', '=', id)
      .returning(['id', 'name', 'starts_on as from', 'ends_on as to'])
      .executeTakeFirst();
    if (!row) throw notFound(MSG.closureNotFound);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, closureRemoved(admin.full_name, row), trx);
    return row;
  });
}
