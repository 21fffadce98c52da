/**
 * Which of the API's answers this device keeps for reading offline, and whose they are (docs/decisions/pwa.md); the
 * keeping itself is lib/keptAnswers.ts, loaded after the page.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  borrowingKeys,
  custodyKeys,
  itemKeys,
  locationKeys,
  maintenanceKeys,
  meKey,
  repairKeys,
  scheduleKeys,
  siteStatusKey,
} from './queryKeys';

/** Who the kept answers belong to: set when the app learns who is signed in, removed at sign-in and sign-out. */
export const KEPT_OWNER = 'gso-kept-owner';

/** Kept answers older than a week are not shown. */
export const KEPT_MAX_AGE = 7 * 24 * 60 * 60 * 1000;

/**
 * What is kept, by key prefix: who is signed in and the site's status (so the app can start offline); the
 * personnel's assigned jobs with their details, the week's schedule (with its maintenance jobs and their
 * checklists), the plans, and the rooms and units of those jobs; the borrower's requests (each with its receipt) and
 * accountabilities.
 */
const KEPT: readonly QueryKey[] = [
  meKey,
  siteStatusKey,
  [...repairKeys.all, 'assigned'],
  [...repairKeys.all, 'one'],
  scheduleKeys.all,
  maintenanceKeys.all,
  [...locationKeys.all, 'room-code'],
  [...itemKeys.all, 'unit'],
  [...borrowingKeys.all, 'mine'],
  [...borrowingKeys.all, 'one'],
  custodyKeys.mine(),
];
export const isKept = (key: QueryKey) => KEPT.some((prefix) => prefix.every((part, i) => key[i] === part));

/**
 * At the start: the kept queries stay in memory as long as they are kept on the device (else an answer not on screen
 * for five minutes would leave the saved copy).
 */
export function keepLonger(qc: QueryClient): void {
  for (const prefix of KEPT) qc.setQueryDefaults(prefix, { gcTime: KEPT_MAX_AGE });
}
