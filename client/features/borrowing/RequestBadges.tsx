import { Badge } from '@mantine/core';
import {
  RECORD_STATUS_LABELS,
  REQUEST_STATUS_LABELS,
  returnBadgeFor,
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
const RECORD_COLORS: Record<RecordStatus, Tone> = { active: 'blue', overdue: 'red', returned: 'cyan', completed: 'green' };

/** Returned shows as "Awaiting verification" (spec 000). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <Badge {...lightTone(REQUEST_COLORS[status])}>{REQUEST_STATUS_LABELS[status]}</Badge>;
}

export function RecordStatusBadge({ status }: { status: RecordStatus }) {
  return <Badge {...lightTone(RECORD_COLORS[status])}>{RECORD_STATUS_LABELS[status]}</Badge>;
}

/** Spec 001: red when overdue, yellow within 3 days, else green; daysLeft is counted by the server in campus time. */
export function ExpectedReturnBadge({ daysLeft }: { daysLeft: number }) {
  const badge = returnBadgeFor(daysLeft);
  return badge.color === 'yellow' ? (
    <Badge color="yellow" variant="light" c="dark.8">
      {badge.label}
    </Badge>
  ) : (
    <Badge color={TONE[badge.color]} variant="filled">
      {badge.label}
    </Badge>
  );
}
