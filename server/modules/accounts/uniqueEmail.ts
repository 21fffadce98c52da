/**
 * One account per email: an email taken by another account is refused (409) before a change is tried, and when
 * two changes race for one email the unique index decides (`isUniqueViolation` reads its refusal).
 */
import { MSG } from '../../../core/messages';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { findByEmail } from './queries';

/** Refuses an email that another account than `ownId` (null: any account) has. */
export async function refuseTakenEmail(db: Db, email: string, ownId: number | null): Promise<void> {
  const other = await findByEmail(db, email);
  if (other && other.id !== ownId) throw conflict(MSG.emailTaken, 'email_taken');
}

export const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error).message));
