import type { ActionTexts, ActivityText } from '../../core/activity/notices';
import * as say from '../../core/borrowing/notices';
import type { Db } from '../db/database';
import { rejectReasonOf, type DemoLoan } from './demoLoans';

type Person = { id: number; full_name: string };

/** The activity feed and the borrower's bell, in the words the real actions write (core/borrowing/notices.ts). */
export async function storyOf(
  trx: Db,
  loan: DemoLoan,
  id: number,
  borrower: Person,
  by: Person | null,
  ago: (d: number) => string,
  day: (fromToday: number) => string,
) {
  const returnBy = day(loan.returnBy);
  const lent = loan.items.filter(([, , approved]) => approved !== false).map(([name, quantity]) => ({ name, quantity }));
  const units = loan.items.reduce((n, [, q]) => n + q, 0);
  const events: { actor: Person; at: number; text: ActivityText | ActionTexts }[] = [
    { actor: borrower, at: loan.created, text: say.requestCreated(borrower.full_name, id, units, loan.purpose) },
  ];
  if (loan.status === 'cancelled')
    events.push({ actor: borrower, at: loan.created - 0.05, text: say.requestCancelled(borrower.full_name, id) });
  if (loan.status === 'rejected' && by) {
    const why = rejectReasonOf(loan);
    events.push({ actor: by, at: loan.decided!, text: say.requestRejected(by.full_name, id, borrower.full_name, why) });
  }
  if (loan.decided !== undefined && by && loan.status !== 'rejected') {
    events.push({ actor: by, at: loan.decided, text: say.requestApproved(by.full_name, id, borrower.full_name, lent, returnBy) });
  }
  if (loan.refusedProof && by) {
    events.push({ actor: borrower, at: loan.refusedProof[0], text: say.returnSubmitted(borrower.full_name, id) });
    events.push({ actor: by, at: loan.refusedProof[1], text: say.returnNotAccepted(by.full_name, id, borrower.full_name) });
  }
  if (loan.remindedDaysAgo !== undefined && by) {
    events.push({
      actor: by,
      at: loan.remindedDaysAgo,
      text: say.borrowerReminded(by.full_name, id, borrower.full_name, loan.purpose, returnBy),
    });
  }
  if (loan.returned !== undefined) events.push({ actor: borrower, at: loan.returned, text: say.returnSubmitted(borrower.full_name, id) });
  if (loan.completed !== undefined && by) {
    events.push({ actor: by, at: loan.completed, text: say.returnConfirmed(by.full_name, id, borrower.full_name) });
  }
  for (const e of events) {
    const { activity, notice } = 'activity' in e.text ? e.text : { activity: e.text, notice: null };
    await trx
      .insertInto('activity')
      .values({
        actor_id: e.actor.id,
        subject_id: borrower.id,
        entity_type: 'borrow_request',
        entity_id: id,
        action_type: activity.actionType,
        description: activity.description,
        created_at: ago(e.at),
      })
      .execute();
    if (notice) {
      await trx
        .insertInto('notifications')
        .values({
          account_id: borrower.id,
          title: notice.title,
          message: notice.message,
          entity_type: 'borrow_request',
          entity_id: id,
          read_at: e.at > 3 ? ago(e.at - 0.5) : null,
          created_at: ago(e.at),
        })
        .execute();
    }
  }
}
