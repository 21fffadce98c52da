import { requestCode } from '../../../core/borrowing/rules';
import { useId } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatCalendarDate } from '../../../core/time';
import {
  IconBellRinging,
  IconCheck,
  IconCircleCheck,
  IconEye,
  IconPackageImport,
  IconPrinter,
  IconRotate,
  IconX,
} from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { relativeTimeCoarse } from '../../../core/time';
import { useCampusTime } from '../site/useCampusTime';
import type { BorrowRequestDto, ReturnBatchDto } from '../../../core/borrowing/schemas';
import { ReturnsPanel } from './ReturnsPanel';
import { DepartmentName } from '../departments/DepartmentName';
import { TONE } from '../../ui/tones';
import { LoanDates, unitCount } from './BoardParts';
import { ItemLines } from './ItemLines';
import { IssueSlipButton } from './IssueSlipButton';
import { SUPPLY_MSG } from '../../../core/inventory/supplies';
import { openPrint } from './PrintRequest';
import { ExpectedReturnBadge, RequestStatusBadge } from './RequestBadges';
import { DraftMark } from '../../ui/DraftNote';
import { ProblemBadge, RequestProblems } from './LoanProblems';
import { hoursText } from '../../../core/borrowing/timesOfDay';

/** A reservation approved and not yet handed out (docs/decisions/reservations.md): it holds dates, nothing is out. */
export const awaitingHandOut = (r: BorrowRequestDto) => r.status === 'approved' && r.bookAhead && r.handedOutAt === null;

function ReservedBadge({ request }: { request: BorrowRequestDto }) {
  return (
    <Badge variant="light" color="indigo" c="indigo.9">
      Reserved for {formatCalendarDate(request.dateNeeded)}
      {request.timeFrom && request.timeTo && `, ${hoursText(request.timeFrom, request.timeTo)}`}
    </Badge>
  );
}

export type StaffRequestAction =
  | 'approve'
  | 'hand-out'
  | 'approve-series'
  | 'reject'
  | 'remind'
  | 'proof'
  | 'complete'
  | 'not-returned'
  | 'findings'
  | 'counter'
  | 'verify-batch'
  | 'refuse-batch'
  | 'batch-proof';
type OnAction = (action: StaffRequestAction, request: BorrowRequestDto, batch?: ReturnBatchDto) => void;

/**
 * A request as the office sees it: pending ones can be approved or rejected,
 * approved ones show their expected-return badge (and, for the admin, a reminder), returned ones
 * can be checked against their proof and completed or sent back. The server decides in the end.
 */
export function StaffRequestCard({
  request: r,
  canRemind,
  busy,
  onAction,
}: {
  request: BorrowRequestDto;
  /** Reminders are for admin and staff only. */
  canRemind: boolean;
  /** An action on this card is under way. */
  busy: boolean;
  onAction: OnAction;
}) {
  const titleId = useId();
  const campus = useCampusTime();
  return (
    <Card withBorder component="article" aria-labelledby={titleId} padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId}>
              {r.code}
            </Title>
            <RequestStatusBadge status={r.status} />
            {r.status === 'approved' && r.daysLeft !== null && !awaitingHandOut(r) && <ExpectedReturnBadge daysLeft={r.daysLeft} />}
            {awaitingHandOut(r) && <ReservedBadge request={r} />}
            {r.seriesId !== null && (
              <Badge variant="outline" color="gray" c="dark.6">
                Weekly series {requestCode(r.seriesId)}
              </Badge>
            )}
            <ProblemBadge count={r.openProblems} />
          </Group>
          <Text size="sm" fw={500}>
            {unitCount(r.totalItems)}
          </Text>
        </Group>
        <Text fw={600}>{r.requesterName}</Text>
        <DepartmentName id={r.departmentId} />
        <Text size="sm">{r.purpose}</Text>
        <LoanDates
          requested={r.dateRequested}
          needed={r.dateNeeded}
          expectedReturn={r.suppliesOnly ? null : r.dateExpectedReturn}
          timeFrom={r.timeFrom}
          timeTo={r.timeTo}
          returned={r.status === 'returned' || r.status === 'completed' ? r.returnedAt : null}
          completed={r.completedAt}
        />
        <ItemLines items={r.items} decided={['approved', 'returned', 'completed'].includes(r.status)} />
        {r.openProblems > 0 && <RequestProblems requestId={r.id} title={`Problems reported by ${r.requesterName}`} />}
        <ReturnsPanel
          request={r}
          busy={busy}
          onVerify={(b) => onAction('verify-batch', r, b)}
          onRefuse={(b) => onAction('refuse-batch', r, b)}
          onProof={(b) => onAction('batch-proof', r, b)}
        />
        {r.status === 'completed' && (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={18} color={TONE.green} aria-hidden />
            <Text size="sm" c={TONE.green}>
              {r.suppliesOnly ? SUPPLY_MSG.suppliesIssued : MSG.itemHasBeenReturned}
            </Text>
          </Group>
        )}
        {(r.status === 'rejected' || r.status === 'cancelled') && r.rejectReason && (
          <Text size="sm">
            <Text span c="dark.6">
              Reason:{' '}
            </Text>
            {r.rejectReason}
          </Text>
        )}
        {r.status === 'approved' && r.remindedAt && (
          <Text size="sm" c="dark.6">
            Last reminded <span title={campus.dateTime(r.remindedAt)}>{relativeTimeCoarse(r.remindedAt).toLowerCase()}</span>
          </Text>
        )}
        <Group gap="xs" wrap="wrap" mt={4}>
          <StaffRequestActions request={r} canRemind={canRemind} busy={busy} onAction={onAction} />
          {r.status === 'pending' && <DraftMark keys={[`request:${r.id}:reject`]} />}
        </Group>
      </Stack>
    </Card>
  );
}

/** The office's buttons for a request in its present state (the card and the table row alike). */
export function StaffRequestActions({
  request: r,
  canRemind,
  busy,
  onAction,
  size = 'sm',
}: {
  request: BorrowRequestDto;
  canRemind: boolean;
  busy: boolean;
  onAction: OnAction;
  size?: 'compact-sm' | 'sm';
}) {
  const act = (action: StaffRequestAction) => () => onAction(action, r);
  return (
    <>
      {r.status === 'pending' && (
        <>
          <Button size={size} color={TONE.green} leftSection={<IconCheck size={16} aria-hidden />} onClick={act('approve')} disabled={busy}>
            Approve
          </Button>
          {r.seriesId !== null && (
            <Button size={size} color={TONE.green} variant="light" onClick={act('approve-series')} disabled={busy}>
              Approve Dates
            </Button>
          )}
          <Button
            size={size}
            color={TONE.red}
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={act('reject')}
            disabled={busy}
          >
            Reject
          </Button>
        </>
      )}
      {awaitingHandOut(r) && r.recordStatus !== 'approved' && (
        <Button size={size} color={TONE.green} leftSection={<IconCheck size={16} aria-hidden />} onClick={act('hand-out')} disabled={busy}>
          Hand Out
        </Button>
      )}
      {r.status === 'approved' && !awaitingHandOut(r) && (
        <Button
          size={size}
          variant="light"
          leftSection={<IconPackageImport size={16} aria-hidden />}
          onClick={act('counter')}
          disabled={busy}
        >
          Record Return
        </Button>
      )}
      {r.status === 'approved' && canRemind && !awaitingHandOut(r) && (
        <Button size={size} variant="light" leftSection={<IconBellRinging size={16} aria-hidden />} onClick={act('remind')} loading={busy}>
          Send Reminder
        </Button>
      )}
      {r.status === 'returned' && (
        <>
          <Button size={size} variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={act('proof')}>
            View Proof
          </Button>
          <Button
            size={size}
            color={TONE.green}
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={act('complete')}
            disabled={busy}
          >
            Mark Completed
          </Button>
          <Button
            size={size}
            color={TONE.orange}
            variant="light"
            leftSection={<IconRotate size={16} aria-hidden />}
            onClick={act('not-returned')}
            disabled={busy}
          >
            Not Yet Returned
          </Button>
        </>
      )}
      <IssueSlipButton request={r} size={size} />
      {r.status === 'completed' && !r.suppliesOnly && (
        <Button size={size} variant="default" leftSection={<IconEye size={16} aria-hidden />} onClick={act('findings')}>
          What Came Back
        </Button>
      )}
      <Button
        size={size}
        variant="subtle"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => openPrint(r.id)}
        aria-label={`Print ${r.code}`}
      >
        Print
      </Button>
    </>
  );
}
