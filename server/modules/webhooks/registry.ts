/**
 * Administrators' webhooks (docs/decisions/webhooks.md): added, edited, paused and resumed, their secret rotated,
 * deleted; each change one transaction with its Activity Log entry. An address is checked when it is given
 * (core's form rule, then where it leads: addresses.ts).
 */
import { firstError } from '../../../core/common/forms';
import * as say from '../../../core/webhooks/notices';
import {
  keptEvents,
  readEvents,
  RETRY_FOR_MS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_MSG,
  webhookForm,
  type WebhookForm,
} from '../../../core/webhooks/rules';
import type { WebhookDto } from '../../../core/webhooks/schemas';
import type { Ctx } from '../../context';
import type { Db } from '../../db/database';
import type { Account, WebhookEndpoint } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { checkDestination } from './addresses';
import { allowedHostsOf } from './allowedHosts';
import { findWebhook } from './queries';
import { newSecret } from './signing';

const about = (actor: Account) => ({ actorId: actor.id, subjectId: null, entity: null });
const eventsWords = (f: Pick<WebhookForm, 'allEvents' | 'events'>) => (f.allEvents ? 'all events' : f.events.join(', '));

async function checkedForm(ctx: Ctx, body: unknown): Promise<WebhookForm> {
  const problem = firstError(webhookForm, body);
  if (problem) throw badRequest(problem);
  const form = webhookForm.parse(body);
  await checkDestination(new URL(form.url), await allowedHostsOf(ctx));
  return form;
}

async function lockedEndpoint(trx: Db, id: number): Promise<WebhookEndpoint> {
  // A write that changes nothing takes the row's lock (PostgreSQL) before it is read.
  const touched = await trx
    .updateTable('webhook_endpoints')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(touched.numUpdatedRows) === 0) throw notFound(WEBHOOK_MSG.notFound);
  return trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const answer = async (ctx: Ctx, id: number): Promise<WebhookDto> => (await findWebhook(ctx.db, id))!;

export async function createWebhook(ctx: Ctx, actor: Account, body: unknown): Promise<{ webhook: WebhookDto; secret: string }> {
  const form = await checkedForm(ctx, body);
  const secret = newSecret();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const n = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    if (Number(n?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) throw conflict(WEBHOOK_MSG.tooMany);
    const at = new Date().toISOString();
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        url: form.url,
        description: form.description,
        events: keptEvents(form),
        secret,
        status: 'active',
        created_by: actor.id,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.activity.record(about(actor), say.webhookAdded(actor.full_name, form.url, eventsWords(form)), trx);
    return row.id;
  });
  return { webhook: await answer(ctx, id), secret };
}

export async function updateWebhook(ctx: Ctx, actor: Account, id: number, body: unknown): Promise<WebhookDto> {
  if (!(await findWebhook(ctx.db, id))) throw notFound(WEBHOOK_MSG.notFound);
  const form = await checkedForm(ctx, body);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedEndpoint(trx, id);
    const was = readEvents(before.events);
    const changes: string[] = [];
    if (before.url !== form.url) changes.push(`address ${before.url} → ${form.url}`);
    if (before.description !== form.description) changes.push('description');
    if (before.events !== keptEvents(form)) changes.push(`events ${eventsWords(was)} → ${eventsWords(form)}`);
    await trx
      .updateTable('webhook_endpoints')
      .set({ url: form.url, description: form.description, events: keptEvents(form), updated_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    await ctx.activity.record(about(actor), say.webhookEdited(actor.full_name, form.url, changes), trx);
  });
  return answer(ctx, id);
}

/**
 * Pause or resume, guarded by the present status (a double click changes it once). Resuming clears the failures
 * and gives what waited a new day of tries from now.
 */
export async function setPaused(ctx: Ctx, actor: Account, id: number, pause: boolean): Promise<WebhookDto> {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedEndpoint(trx, id);
    const now = new Date();
    const done = await trx
      .updateTable('webhook_endpoints')
      .set(
        pause
          ? { status: 'paused', paused_reason: 'admin', updated_at: now.toISOString() }
          : { status: 'active', paused_reason: null, failing_since: null, updated_at: now.toISOString() },
      )
      .where('id', '=', id)
      .where('status', '=', pause ? 'active' : 'paused')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw conflict(pause ? WEBHOOK_MSG.alreadyPaused : WEBHOOK_MSG.alreadyActive, 'already_done');
    if (!pause)
      await trx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: now.toISOString(), give_up_at: new Date(now.getTime() + RETRY_FOR_MS).toISOString() })
        .where('endpoint_id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    await ctx.activity.record(about(actor), (pause ? say.webhookPaused : say.webhookResumed)(actor.full_name, before.url), trx);
  });
  return answer(ctx, id);
}

/** A new secret; the old one keeps signing for a day beside it (signing.ts). */
export async function rotateSecret(ctx: Ctx, actor: Account, id: number): Promise<{ webhook: WebhookDto; secret: string }> {
  const secret = newSecret();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockedEndpoint(trx, id);
    const now = Date.now();
    await trx
      .updateTable('webhook_endpoints')
      .set({
        secret,
        previous_secret: before.secret,
        previous_until: new Date(now + RETRY_FOR_MS).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .where('id', '=', id)
      .execute();
    await ctx.activity.record(about(actor), say.webhookSecretRotated(actor.full_name, before.url), trx);
  });
  return { webhook: await answer(ctx, id), secret };
}

export async function removeWebhook(ctx: Ctx, actor: Account, id: number): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await lockedEndpoint(trx, id);
    await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
    await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
    await ctx.activity.record(about(actor), say.webhookDeleted(actor.full_name, before.url), trx);
    return `The webhook ${before.url} is deleted, with its delivery log.`;
  });
}
