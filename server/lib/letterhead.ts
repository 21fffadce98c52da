import type { Ctx } from '../context';

/** The letterhead of the office's printed documents: its name and address from the site settings, and the campus zone. */
export async function letterheadOf(ctx: Ctx): Promise<{ office: string; institution: string; timeZone: string }> {
  const s = await ctx.settings.getAll(['office_name', 'office_address']);
  return { office: s.office_name, institution: s.office_address, timeZone: ctx.config.campusTimeZone };
}
