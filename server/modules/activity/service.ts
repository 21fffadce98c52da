import type { Db } from '../../db/database';
import type { Mailer } from '../../lib/mail';

export interface ActivityEntry {
  actorId: number | null;
  subjectId: number | null;
  requestId?: number | null;
  actionType: string;
  description: string;
}

export interface Notice {
  accountId: number;
  title: string;
  message: string;
  link?: string;
}

/** The activity feed and the people's notifications (DECISIONS 9): in the header bell and by email. */
export function createActivity(db: Db, mailer: Mailer) {
  return {
    async record(entry: ActivityEntry, trx: Db = db): Promise<void> {
      await trx
        .insertInto('activity')
        .values({
          actor_id: entry.actorId,
          subject_id: entry.subjectId,
          request_id: entry.requestId ?? null,
          action_type: entry.actionType,
          description: entry.description,
          created_at: new Date().toISOString(),
        })
        .execute();
    },
    /** Writes the bell entry in the caller's transaction; mail goes after, and a mail failure is only logged. */
    async notify(notice: Notice, trx: Db = db): Promise<() => void> {
      await trx
        .insertInto('notifications')
        .values({
          account_id: notice.accountId,
          title: notice.title,
          message: notice.message,
          link: notice.link ?? null,
          read_at: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      return () => {
        db.selectFrom('accounts').select('email').where('id', '=', notice.accountId).executeTakeFirst().then((a) => {
          if (a) mailer.sendLater({ to: a.email, subject: `Campus GSO: ${notice.title}`, text: notice.message });
        }).catch((err) => mailer.reportFailure(err, notice.accountId));
      };
    },
  };
}

export type ActivityService = ReturnType<typeof createActivity>;
