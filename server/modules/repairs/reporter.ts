/**
 * The reporter: faculty only files and follows reports (docs/decisions/faculty-only.md). Who a report shows as its
 * reporter: the faculty member who filed it; the office for a repair opened by damage found
 * at a return (it has no reporter account, docs/decisions/return-conditions.md); "Deleted user" once a reporter's
 * account is gone.
 */
import { sql } from 'kysely';
import { MSG } from '../../../core/messages';
import type { Account } from '../../db/schema';
import { forbidden } from '../../errors';

/** The office's name as the site settings hold it (a read-only look-up for display), for `reporterNameOf`. */
export const officeNameColumn = sql<string | null>`(select value from settings where key = 'office_name')`.as('office_name');

export function reporterNameOf(r: {
  reporter_id: number | null;
  reporter_name: string | null;
  damage_item_name: string | null;
  office_name: string | null;
}): string {
  if (r.reporter_id === null && r.damage_item_name !== null) return r.office_name || MSG.officeDefaultName;
  return r.reporter_name ?? MSG.deletedUser;
}

export function assertFaculty(me: Account) {
  if (me.role !== 'faculty') throw forbidden(MSG.repairsFacultyOnly);
}
