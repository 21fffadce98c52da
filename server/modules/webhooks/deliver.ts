/**
 * The sender (docs/decisions/webhooks.md), run by the one scheduler every few seconds in every process while there
 * is work, and woken after a request that wrote events. Each pass claims due deliveries of active endpoints with a
 * lease (PostgreSQL: `for update skip locked`; SQLite: the same guarded UPDATE under its one writer), so of several
 * processes one sends each; it signs and POSTs them, and records how it went under the claim's token. A failure is
 * tried again with exponential backoff and jitter until a day after the event; an endpoint failing for a day is
 * paused and the administrators are told.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { TEST_EVENT } from '../../../core/webhooks/events';
import { endpointPausedEntry, endpointPausedNotice } from '../../../core/webhooks/notices';
import { retryDelayMs, RETRY_FOR_MS } from '../../../core/webhooks/rules';
import type { Ctx } from '../../context';
import type { SendMail } from '../../ports';
import { activeAdministrators } from '../accounts';
import { allowedHostsOf } from './allowedHosts';
import { postOnce, type Attempt } from './send';
import { signedHeaders } from './signing';

/** A claim lasts longer than an attempt can (its 10 s timeout): a process that stops mid-send frees it after this. */
const LEASE_MS = 60_000;
/** Deliveries one pass sends at once. */
const BATCH = 20;

interface Claimed {
  id: number;
  endpoint_id: number;
  msg_id: string;
  payload: string;
  attempts: number;
  give_up_at: string;
}

/** Whether any delivery is due now: the scheduler's question before a pass. */
export async function deliveriesDue(ctx: Ctx, now: Date): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('webhook_deliveries')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString())]))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

async function claim(ctx: Ctx, now: Date, token: string): Promise<Claimed[]> {
  const at = now.toISOString();
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const lock = ctx.dialect === 'postgres' ? sql`for update of d skip locked` : sql``;
  const { rows } = await sql<Claimed>`
    update webhook_deliveries set lease_until = ${lease}, lease_token = ${token}, attempts = attempts + 1
    where id in (
      select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= ${at} and (e.status = 'active' or d.event_type = ${TEST_EVENT})
        and (d.lease_until is null or d.lease_until < ${at})
      order by d.next_attempt_at, d.id
      limit ${BATCH}
      ${lock})
    returning id, endpoint_id, msg_id, payload, attempts, give_up_at`.execute(ctx.db);
  return rows;
}

/** One pass: claims what is due and sends it; answers how many were sent (delivered or not). */
export async function deliverDue(ctx: Ctx, now: Date = new Date()): Promise<number> {
  const token = randomBytes(12).toString('base64url');
  const claimed = await claim(ctx, now, token);
  if (!claimed.length) return 0;
  const allowed = await allowedHostsOf(ctx);
  const endpoints = new Map(
    (
      await ctx.db
        .selectFrom('webhook_endpoints')
        .select(['id', 'url', 'secret', 'previous_secret', 'previous_until'])
        .where('id', 'in', [...new Set(claimed.map((c) => c.endpoint_id))])
        .execute()
    ).map((e) => [e.id, e]),
  );
  const mails: SendMail[] = [];
  await Promise.all(
    claimed.map(async (d) => {
      const e = endpoints.get(d.endpoint_id);
      if (!e) return;
      const previous = e.previous_secret && e.previous_until && e.previous_until > now.toISOString() ? e.previous_secret : null;
      // The signature's time is the attempt's, by the machine's clock: receivers check it against theirs.
      const headers = signedHeaders({ secret: e.secret, previous }, d.msg_id, new Date(), d.payload);
      const attempt = await postOnce(e.url, headers, d.payload, allowed);
      mails.push(...(await record(ctx, d, token, attempt, now)));
    }),
  );
  for (const send of mails) send();
  return claimed.length;
}

/** The attempt's outcome, under the claim's token (a claim that expired and was taken over records nothing). */
async function record(ctx: Ctx, d: Claimed, token: string, a: Attempt, now: Date): Promise<SendMail[]> {
  const at = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const retryAt = new Date(now.getTime() + retryDelayMs(d.attempts));
    const giveUp = !a.ok && retryAt.toISOString() > d.give_up_at;
    const done = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: a.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
        next_attempt_at: a.ok || giveUp ? null : retryAt.toISOString(),
        lease_until: null,
        lease_token: null,
        last_attempt_at: at,
        response_code: a.code,
        duration_ms: a.durationMs,
        response_excerpt: a.excerpt,
      })
      .where('id', '=', d.id)
      .where('lease_token', '=', token)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) return [];
    if (a.ok) {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', d.endpoint_id)
        .where('failing_since', 'is not', null)
        .execute();
      return [];
    }
    await trx
      .updateTable('webhook_endpoints')
      .set({ failing_since: at })
      .where('id', '=', d.endpoint_id)
      .where('failing_since', 'is', null)
      .execute();
    // Failing for a day: paused (once, by the guarded update) and the administrators told.
    const since = new Date(now.getTime() - RETRY_FOR_MS).toISOString();
    const paused = await trx
      .updateTable('webhook_endpoints')
      .set({ status: 'paused', paused_reason: 'failing', updated_at: at })
      .where('id', '=', d.endpoint_id)
      .where('status', '=', 'active')
      .where('failing_since', '<=', since)
      .returning(['id', 'url', 'failing_since'])
      .executeTakeFirst();
    if (!paused) return [];
    // The administrators' bell shows the office's activity, so the entry is their notice; each is mailed too.
    await ctx.activity.record({ actorId: null, subjectId: null, entity: null, automatic: true }, endpointPausedEntry(paused.url), trx);
    const notice = endpointPausedNotice(paused.url, paused.failing_since!, ctx.config.campusTimeZone);
    const admins = await activeAdministrators(trx);
    return [
      () => admins.forEach((a) => ctx.mailer.sendLater({ to: a.email, subject: `Campus GSO: ${notice.title}`, text: notice.message })),
    ];
  });
}
