/** The allowed on-campus hosts (docs/decisions/webhooks.md): a site setting only administrators change. */
import { allowedHostsChanged } from '../../../core/webhooks/notices';
import { readHosts } from '../../../core/webhooks/rules';
import type { Ctx } from '../../context';
import type { Account } from '../../db/schema';
import { badRequest } from '../../errors';

export async function allowedHostsOf(ctx: Ctx): Promise<string[]> {
  try {
    const list = JSON.parse(await ctx.settings.get('webhook_allowed_hosts')) as unknown;
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

export async function setAllowedHosts(ctx: Ctx, actor: Account, text: string): Promise<string[]> {
  const { hosts, problem } = readHosts(text);
  if (problem) throw badRequest(problem);
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.settings.set('webhook_allowed_hosts', JSON.stringify(hosts), trx);
    await ctx.activity.record({ actorId: actor.id, subjectId: null, entity: null }, allowedHostsChanged(actor.full_name, hosts), trx);
  });
  return hosts;
}
