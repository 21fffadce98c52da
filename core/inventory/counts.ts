/**
 * The yearly count (docs/decisions/counts.md): its words, its limits, and how a scanned or typed text names a unit
 * or a room, the same way the Scan button reads a label (docs/decisions/labels-and-scanning.md).
 */
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
