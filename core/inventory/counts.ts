/**
 * The yearly count (docs/decisions/counts.md): its words, its limits, and how a scanned or typed text names a unit
 * or a room, the same way the Scan button reads a label (docs/decisions/labels-and-scanning.md).
 */
import * as z from 'zod/mini';
import { isTag, tidyTag } from './units';

export const COUNT_STATUSES = ['open', 'closed'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/** What became of a scan: the first answer is kept and given again to a replay of the same scan. */
export const SCAN_RESULTS = ['found', 'found_elsewhere', 'already_counted', 'unknown_tag', 'quantity_counted'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** The groups of a count's units: each paged on its own. */
export const COUNT_UNIT_GROUPS = ['expected', 'found', 'found_elsewhere', 'not_found', 'unexpected'] as const;
export type CountUnitGroup = (typeof COUNT_UNIT_GROUPS)[number];

/**
 * The rows of a count's progress per building: each building counted, the units with no home room ("No room"), and
 * the units expected with a person, found wherever they are scanned ("With custodians").
 */
export const COUNT_PLACE_GROUPS = ['building', 'no_room', 'custodians'] as const;
export type CountPlaceGroup = (typeof COUNT_PLACE_GROUPS)[number];

export const COUNT_REFERENCE_MAX = 40;
export const COUNT_NAME_MAX = 200;
export const SCAN_TEXT_MAX = 300;
export const SCAN_BATCH_MAX = 200;
export const COUNT_QUANTITY_MAX = 1_000_000;
/** Not seen for this many months: the list of units no count found for a year. */
export const NOT_SEEN_MONTHS = 12;

const REFERENCE = /^[A-Z0-9][A-Z0-9._/-]*$/;
/** Where a unit in a person's custody is expected: with them, wherever it is scanned. */
export const withCustodian = (name: string) => `With ${name}`;

/** A count's reference as kept: trimmed, in capitals (CNT-2026-001). */
export const tidyReference = (s: string) => s.trim().toUpperCase();
export const isReference = (s: string) => s.length > 0 && s.length <= COUNT_REFERENCE_MAX && REFERENCE.test(s);

const SHORT_PATH = /^(?:[a-z][a-z0-9+.-]*:\/\/[^/]+)?\/(u|r)\/([^/?#]+)\/?(?:[?#].*)?$/i;

/**
 * What a scan's text names: a label's short address (`https://…/u/TAG`, `/u/TAG`, the room's `/r/CODE`) or the tag
 * or code as typed or pasted. Answers the kind the address says (null when it says none) and the tidied text
 * (trimmed, in capitals: tags and room codes are kept so).
 */
export function readScanText(text: string): { kind: 'unit' | 'room' | null; code: string } {
  const trimmed = text.trim();
  const m = SHORT_PATH.exec(trimmed);
  if (m) {
    let part = m[2]!;
    try {
      part = decodeURIComponent(part);
    } catch {
      // a broken escape is kept as it came: it will name no unit and be kept as an unknown tag
    }
    return { kind: m[1]!.toLowerCase() === 'u' ? 'unit' : 'room', code: tidyTag(part) };
  }
  return { kind: null, code: tidyTag(trimmed) };
}

/** The asset tag a scan names, or null when the text cannot be one (it is then kept as an unknown tag as read). */
export function tagOfScan(text: string): string | null {
  const read = readScanText(text);
  return read.kind !== 'room' && isTag(read.code) ? read.code : null;
}

export const COUNT_WORDS = {
  countReport: 'Count report',
  wholeCampus: 'Whole campus',
  noRoom: 'No room',
  withCustodians: 'With custodians',
  custodian: 'Custodian',
  allCategories: 'All categories',
  countedBy: 'Counted by:',
  verifiedBy: 'Verified by:',
  approvedBy: 'Approved by:',
  open: 'Open',
  closed: 'Closed',
} as const;

export const COUNT_MSG = {
  referenceInvalid: `The reference is 1 to ${COUNT_REFERENCE_MAX} letters, digits, dashes, dots, slashes or underscores (for example CNT-2026-001).`,
  nameRequired: 'Give the count a name.',
  nameTooLong: `The name can be at most ${COUNT_NAME_MAX} characters.`,
  referenceTaken: (ref: string) => `A count with the reference ${ref} already exists.`,
  buildingNotFound: 'One of the chosen buildings no longer exists.',
  overlap: (building: string, ref: string) =>
    `${building} is already being counted in ${ref}. Close that count before starting another there.`,
  campusOverlap: (ref: string) => `The whole campus is already being counted in ${ref}. Close that count before starting another.`,
  countNotFound: 'Count not found.',
  closed: (ref: string) => `Count ${ref} is closed: no more scans or changes to what was counted.`,
  stillOpen: (ref: string) => `Close count ${ref} before confirming losses.`,
  roomNotFound: 'No room has that code or id.',
  roomNotInCount: (room: string, ref: string) => `Room ${room} is not in count ${ref}'s buildings.`,
  scanNeedsOne: 'A scan is a tag, or an item with its counted quantity: give one of the two.',
  itemNotInCount: (ref: string) => `That item is not counted by quantity in count ${ref}.`,
  inCustody: (tag: string, holder: string) =>
    `${tag} is in the custody of ${holder}: transfer its custody to the room it was found in, or return it to the office, rather than move it.`,
  notFoundElsewhere: (tag: string) => `${tag} was not found in another room than its home: there is nothing to move.`,
  unitNotInCount: 'That unit was not found in this count.',
  notMissing: (tag: string) => `${tag} is not among the units this count did not find, or is already marked lost.`,
  unitOutNow: (tag: string) => `${tag} is on loan now, so it is not missing: it was not marked lost.`,
  nothingToConfirm: 'Choose the units to mark lost, or confirm all.',
  started: (ref: string) => `Count ${ref} started.`,
  closedDone: (ref: string) => `Count ${ref} closed.`,
  moved: (tag: string, room: string) => `${tag} now belongs in ${room}.`,
  lostDone: (n: number) => (n === 1 ? '1 unit marked lost.' : `${n} units marked lost.`),
  batchTooLong: `At most ${SCAN_BATCH_MAX} scans at once.`,
} as const;

/** Start count's checks in field order, the same the server makes (start.ts): the reference, then the name. */
export function startCountProblem(b: { reference?: string; name?: string }): string | null {
  if (!isReference(tidyReference(b.reference ?? ''))) return COUNT_MSG.referenceInvalid;
  const name = b.name?.trim() ?? '';
  if (!name) return COUNT_MSG.nameRequired;
  if (name.length > COUNT_NAME_MAX) return COUNT_MSG.nameTooLong;
  return null;
}

/** Start count's form rule for the browser (useSchemaForm): startCountProblem as one check. */
export const startCountForm = z.custom<{ reference?: string; name?: string }>().check(
  z.superRefine((b, ctx) => {
    const problem = startCountProblem(b);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: b });
  }),
);

/** The count's screens: the office's list and page, and the counter's phone screen. */
export const COUNT_SCREEN = {
  counts: 'Counts',
  countsSubtitle: 'The yearly count of what the office owns, room by room',
  startCount: 'Start count',
  countRooms: 'Count rooms',
  notSeen: `Not seen for ${NOT_SEEN_MONTHS} months`,
  notSeenSubtitle: `Units no count has found for ${NOT_SEEN_MONTHS} months or more, the longest unseen first`,
  closeCount: 'Close count',
  closeTitle: (ref: string) => `Close count ${ref}?`,
  closeText: (notFound: number) =>
    `Counters can no longer scan, and the counted quantities are written on the stock cards. ${
      notFound === 1 ? '1 unit was' : `${notFound} units were`
    } not found: they stay as they are until you mark them lost, which you will be asked to confirm.`,
  markLost: (n: number) => (n === 1 ? 'Mark 1 unit lost' : `Mark ${n} units lost`),
  lostTitle: (ref: string) => `Mark units lost: count ${ref}`,
  lostText: (n: number, ref: string) =>
    `${n === 1 ? '1 unit' : `${n} units`} that count ${ref} did not find will become Lost, each with a line in its history and, for a unit that was on the shelf, on its item's stock card. A unit on loan now is left as it is.`,
  lostConfirmLabel: 'Type LOST to confirm',
  lostConfirmWord: 'LOST',
  moveTo: (room: string) => `Move to ${room}`,
  moveTitle: (tag: string) => `Move ${tag}?`,
  moveText: (tag: string, from: string, to: string) => `${tag}'s home room changes from ${from} to ${to}, where it was found.`,
  reportPdf: 'Count report (PDF)',
  reportCsv: 'Count report (CSV)',
  progress: 'Progress',
  expected: 'Expected',
  found: 'Found',
  foundElsewhere: 'Found elsewhere',
  notFound: 'Not found',
  unexpected: 'Not expected',
  unknownTags: 'Unknown tags',
  itemsByQuantity: 'Items by quantity',
  scansWaiting: (n: number) => (n === 1 ? '1 scan waiting' : `${n} scans waiting`),
  offline: 'No connection: scans are kept on this phone and sent when the connection returns.',
  signedOut: 'Your session has ended: sign in again to send the scans waiting on this phone.',
  notSent: (n: number) => (n === 1 ? '1 scan not accepted' : `${n} scans not accepted`),
  scanField: 'Tag',
  scanHint: 'Scan, type or paste tags; one per line for several. Enter adds.',
} as const;
