import { Badge } from '@mantine/core';
import {
  RECORD_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  returnBadgeFor,
  type BadgeTone,
  type RecordStatus,
  type RequestStatus,
} from '../../../core/borrowing/rules';
import { TONE, lightTone, type Tone } from '../../ui/tones';

const REQUEST_COLORS: Record<RequestStatus, Tone> = {
  pending: 'yellow',
  approved: 'blue',
  returned: 'cyan',
  completed: 'green',
  rejected: 'red',
  cancelled: 'gray',
};
const RECORD_COLORS: Record<RecordStatus, Tone> = {
  approved: 'grape',
  active: 'blue',
  overdue: 'red',
  returned: 'cyan',
  completed: 'green',
};

/** Returned shows as "Awaiting verification" (docs/product.md). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge {...lightTone(REQUEST_COLORS[status])}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  return <Badge {...lightTone(RECORD_COLORS[status])}>{RECORD_STATUS_LABELS[status]}</Badge>;
}

/** A badge in one of the loan tones (core/borrowing/rules.ts): filled with white text, or a tint behind readable text. */
function ToneBadge({ tone, children }: { tone: BadgeTone; children: React.ReactNode }) {
  return tone.filled ? (
    <Badge color={TONE[tone.color]} variant="filled">
      {children}
    </Badge>
  ) : (
    <Badge {...lightTone(tone.color)}>{children}</Badge>
  );
}

/**
 * docs/product.md: overdue in its overdue band, yellow within 3 days, else green; daysLeft is counted by the server in
 * campus time. Every overdue mark on every screen is this badge, so the bands are the same everywhere.
 */
export function ExpectedReturnBadge({ daysLeft }: { daysLeft: number }) {
  const badge = returnBadgeFor(daysLeft);
  return <ToneBadge tone={badge}>{badge.label}</ToneBadge>;
}

/** "N days overdue" (or the given words) in the loan's overdue band. */
export function OverdueBadge({ days, children }: { days: number; children?: React.ReactNode }) {
  const badge = returnBadgeFor(-days);
  return <ToneBadge tone={badge}>{children ?? badge.label}</ToneBadge>;
}

/** The colour of a loan's overdue band, for a mark beside the badge (a card's edge). */
export const overdueColor = (days: number) => TONE[returnBadgeFor(-days).color];
