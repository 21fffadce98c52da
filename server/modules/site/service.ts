/** The site's settings (office details, maintenance mode) and the changes admins make to them. */
import { maintenanceSwitched } from '../../../core/site/notices';
import type { Config } from '../../config';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';

export const SETTING_DEFAULTS = {
  maintenance_mode: '0',
  office_name: 'General Services Office',
  office_address: 'Administration Building, Ground Floor, University Campus',
  office_phone: '(02) 8123 4567',
  office_email: 'gso@campus.test',
  office_hours: 'Monday to Friday, 8:00 AM - 5:00 PM',
} as const;
export type SettingKey = keyof typeof SETTING_DEFAULTS;

export function createSettings(db: Db, config: Config) {
  const get = async (key: SettingKey): Promise<string> => {
    const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value ?? SETTING_DEFAULTS[key];
  };
  return {
    get,
    async getAll(keys: SettingKey[]): Promise<Record<SettingKey, string>> {
      const rows = await db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
      const out = { ...SETTING_DEFAULTS } as Record<SettingKey, string>;
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
    /** DECISIONS 18: a stored setting, with an environment override. */
    async maintenanceOn(): Promise<boolean> {
      if (config.maintenanceOverride) return config.maintenanceOverride === 'on';
      return (await get('maintenance_mode')) === '1';
    },
  };
}

export type SettingsService = ReturnType<typeof createSettings>;

/** An admin switches maintenance mode (DECISIONS 18); the feed records who did. */
export async function setMaintenance(ctx: Ctx, admin: Account, enabled: boolean): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('maintenance_mode', enabled ? '1' : '0', trx);
    await ctx.activity.record({ actorId: admin.id, subjectId: null, entity: null }, maintenanceSwitched(admin.full_name, enabled), trx);
  });
}
