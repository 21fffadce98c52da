/**
 * Sending Web Push (docs/decisions/push.md): after the commit, to each device of the recipient that chose one of the
 * notice's kinds and whose owner's role receives it, with a payload {title, body, url}. The request is made by
 * web-push (VAPID signature, RFC 8291 encryption) and sent with fetch; a push service answering 404 or 410 means the
 * subscription is gone, and it is deleted. Any other failure is logged and counted in /metrics, never thrown: the
 * person's request finished before the first push left.
 */
import webpush from 'web-push';
import { linkTo } from '../../../core/activity/links';
import type { Entity } from '../../../core/activity/schemas';
import type { NoticeText } from '../../../core/activity/notices';
import { pushKindsFor } from '../../../core/push/kinds';
import type { PushPayload } from '../../../core/push/schemas';
import { PORTAL_HOME, portalOf } from '../../../core/roles';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Account } from '../../db/schema';
import { pushFailures, pushRemoved, pushSent } from '../../lib/metrics';
import type { PushService } from '../../ports';
import { findAccount, officeAccounts } from '../accounts';
import { devicesOf, forgetDevice, kindsOf, markDelivered } from './subscriptions';
import { vapidKeys } from './keys';

/** A push service keeps a notice this long for a phone that is off; after that it is old news. */
const TTL_SECONDS = 24 * 60 * 60;
/** Push services take about 4 KB; a digest's lines are cut to fit, the whole is in the bell. */
const BODY_MAX = 1500;
const TIMEOUT_MS = 10_000;

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

type Device = Awaited<ReturnType<typeof devicesOf>>[number];

const payloadFor = (person: Account, notice: NoticeText, entity: Entity | null): PushPayload => {
  const portal = portalOf(person.role);
  const body = notice.message.length > BODY_MAX ? `${notice.message.slice(0, BODY_MAX - 1)}…` : notice.message;
  return { title: notice.title, body, url: linkTo({ type: entity?.type ?? null, id: entity?.id ?? null }, portal) ?? PORTAL_HOME[portal] };
};

export function createPush(db: Db, config: Config, log: Logger): PushService {
  const inFlight = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const p = work.catch((err) => log.error({ err }, 'push failed'));
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };

  async function deliver(device: Device, payload: PushPayload): Promise<void> {
    const keys = await vapidKeys(db, config);
    const request = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      { vapidDetails: { subject: config.push.subject, ...keys }, TTL: TTL_SECONDS },
    );
    // fetch counts the body itself; the rest are the push protocol's headers.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'));
    let status: number;
    try {
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      await res.body?.cancel();
    } catch (err) {
      pushFailures.inc({ reason: 'network' });
      log.warn({ err, subscription: device.id }, 'push service not reached');
      return;
    }
    if (status === 404 || status === 410) {
      await forgetDevice(db, device.id, device.endpoint);
      pushRemoved.inc();
    } else if (status >= 200 && status < 300) {
      await markDelivered(db, device.id);
      pushSent.inc();
    } else {
      pushFailures.inc({ reason: String(status) });
      log.warn({ status, subscription: device.id }, 'push service refused a notice');
    }
  }

  async function sendTo(people: Account[], notice: NoticeText, entity: Entity | null): Promise<void> {
    const wanted = notice.push ?? [];
    const open = people.filter((p) => p.status === 'accepted' && !p.deactivated_at);
    if (!wanted.length || !open.length) return;
    const devices = await devicesOf(
      db,
      open.map((p) => p.id),
    );
    const sends: Promise<void>[] = [];
    for (const person of open) {
      const kinds = wanted.filter((k) => pushKindsFor(person.role).includes(k));
      if (!kinds.length) continue;
      const payload = payloadFor(person, notice, entity);
      for (const d of devices)
        if (d.account_id === person.id && kindsOf(d.kinds).some((k) => kinds.includes(k))) sends.push(deliver(d, payload));
    }
    await Promise.all(sends);
  }

  return {
    send(accountId, notice, entity) {
      if (!notice.push?.length) return;
      track(findAccount(db, accountId).then((person) => (person ? sendTo([person], notice, entity) : undefined)));
    },
    sendToOffice(notice, entity) {
      if (!notice.push?.length) return;
      track(
        officeAccounts(db)
          .then((rows) => Promise.all(rows.map((r) => findAccount(db, r.id))))
          .then((people) =>
            sendTo(
              people.filter((p): p is Account => !!p),
              notice,
              entity,
            ),
          ),
      );
    },
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
