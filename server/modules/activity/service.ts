/** The activity feed and the people's notifications (docs/decisions/notifications.md): in the header bell and by email. */
import type { Entity } from '../../../core/activity/schemas';
import type { EventSubjectKind } from '../../../core/webhooks/events';
import type { ActionTexts, ActivityText, NoticeText } from '../../../core/activity/notices';
import type { Db } from '../../db/database';
import { callerToken } from '../../lib/apiCaller';
import { sayEvent } from '../../lib/events';
import type { Mailer } from '../../lib/mail';
import type { ActivityService, Involved, PushService, SendMail } from '../../ports';
import { emailOf, staffEmails } from '../accounts';

/** An automatic job's entry about nothing in particular (a run's summary). */
export const BY_THE_SYSTEM: Involved = { actorId: null, subjectId: null, entity: null, automatic: true };

const nothingToSend: SendMail = () => {};

/** The entities an entry's webhook event may be about. */
const EVENT_SUBJECTS: readonly EventSubjectKind[] = ['borrow_request', 'repair_report', 'account', 'item'];

export function createActivity(db: Db, mailer: Mailer, push: PushService): ActivityService {
  const now = () => new Date().toISOString();
  const activity: ActivityService = {
    async record(who: Involved, text: ActivityText, trx: Db = db): Promise<void> {
      await trx
        .insertInto('activity')
        .values({
          actor_id: who.actorId,
          subject_id: who.subjectId,
          entity_type: who.entity?.type ?? null,
          entity_id: who.entity?.id ?? null,
          action_type: text.actionType,
          description: text.description,
          created_at: now(),
          automatic: who.automatic ? 1 : 0,
          api_token_id: callerToken()?.id ?? null,
        })
        .execute();
      // The entry's event, about its entity (docs/decisions/webhooks.md): said in the same transaction.
      const kind = who.entity && EVENT_SUBJECTS.find((k) => k === who.entity!.type);
      if (text.event && kind) await sayEvent(trx, { type: text.event, about: { kind, id: who.entity!.id } });
    },

    async notify(accountId: number, entity: Entity | null, notice: NoticeText, trx: Db = db): Promise<SendMail> {
      await trx
        .insertInto('notifications')
        .values({
          account_id: accountId,
          title: notice.title,
          message: notice.message,
          entity_type: entity?.type ?? null,
          entity_id: entity?.id ?? null,
          read_at: null,
          created_at: now(),
        })
        .execute();
      return () => {
        push.send(accountId, notice, entity);
        emailOf(db, accountId)
          .then((to) => {
            if (to) mailer.sendLater({ to, subject: `Campus GSO: ${notice.title}`, text: notice.message });
          })
          .catch((err) => mailer.reportFailure(err, accountId));
      };
    },

    async tell(who: Involved, texts: ActionTexts, trx: Db = db): Promise<SendMail> {
      await activity.record(who, texts.activity, trx);
      return who.subjectId === null ? nothingToSend : activity.notify(who.subjectId, who.entity, texts.notice, trx);
    },

    officeAlert(notice: NoticeText, entity: Entity | null = null): SendMail {
      return () => {
        push.sendToOffice(notice, entity);
        db.selectFrom('office_bell')
          .select('account_id')
          .where('email_office_events', '=', 1)
          .execute()
          .then((rows) =>
            staffEmails(
              db,
              rows.map((r) => r.account_id),
            ),
          )
          .then((emails) => {
            for (const to of emails) mailer.sendLater({ to, subject: `Campus GSO: ${notice.title}`, text: notice.message });
          })
          .catch((err) => mailer.reportFailure(err, 0));
      };
    },

    async markOfficeSeen(accountId: number): Promise<void> {
      const at = now();
      const newest = await db
        .selectFrom('activity')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      const seenId = Number(newest?.id ?? 0);
      await db
        .insertInto('office_bell')
        .values({ account_id: accountId, seen_at: at, seen_id: seenId })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ seen_at: at, seen_id: seenId }))
        .execute();
    },

    async setOfficeEmails(accountId: number, on: boolean): Promise<void> {
      const value = on ? 1 : 0;
      await db
        .insertInto('office_bell')
        .values({ account_id: accountId, seen_at: null, email_office_events: value })
        .onConflict((oc) => oc.column('account_id').doUpdateSet({ email_office_events: value }))
        .execute();
    },

    async markAllRead(accountId: number): Promise<void> {
      await db
        .updateTable('notifications')
        .set({ read_at: now() })
        .where('account_id', '=', accountId)
        .where('read_at', 'is', null)
        .execute();
    },
  };
  return activity;
}
