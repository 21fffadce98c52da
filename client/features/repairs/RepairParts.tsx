import { useState } from 'react';
import { Anchor, Badge, Group, Image, NumberInput, Stack, Text, type NumberInputProps } from '@mantine/core';
import { Link } from 'react-router';
import { IconStarFilled } from '@tabler/icons-react';
import { formatPeso } from '../../../core/format';
import { jobTypeLabel } from '../../../core/repairs/damage';
import { PRIORITY_LABELS, REPAIR_STATUS_LABELS, type Priority, type RepairStatus } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { CLOCK_LABELS, clockOf, type ClockState } from '../../../core/repairs/deadlines';
import { formatCalendarDate } from '../../../core/time';
import { useCampusTime } from '../site/useCampusTime';
import { Fact } from '../../ui/Fact';
import { TONE, lightTone, type Tone } from '../../ui/tones';

/** The pieces the three repair screens share: badges, the facts on a card, the schedule line, the rating. */

const STATUS_TONES: Record<RepairStatus, Tone> = { pending: 'yellow', scheduled: 'blue', 'in-progress': 'cyan', completed: 'green' };
const PRIORITY_TONES: Record<Priority, Tone> = { high: 'red', medium: 'orange', low: 'gray' };

export function RepairStatusBadge({ status }: { status: RepairStatus }) {
  return <Badge {...lightTone(STATUS_TONES[status])}>{REPAIR_STATUS_LABELS[status]}</Badge>;
}

/** "{priority} priority" (docs/product.md). */
export function PriorityBadge({ priority }: { priority: Priority }) {
  return (
    <Badge {...lightTone(PRIORITY_TONES[priority])} variant="outline">
      {PRIORITY_LABELS[priority]} priority
    </Badge>
  );
}

/** "3 following": how many people follow a report (docs/decisions/rooms-and-followers.md); nothing when none. */
export function FollowersBadge({ n }: { n: number }) {
  if (!n) return null;
  return (
    <Badge {...lightTone('blue')} variant="outline">
      {n} following
    </Badge>
  );
}

const CLOCK_TONES: Record<ClockState, Tone> = { on_track: 'green', due_soon: 'yellow', overdue: 'red', on_hold: 'gray' };

/** On track, Due soon or Overdue against the deadline that runs now (docs/decisions/repair-deadlines.md); none once completed. */
export function ClockBadge({ r }: { r: RepairReportDto }) {
  const clock = clockOf(r);
  if (!clock) return null;
  return <Badge {...lightTone(CLOCK_TONES[clock.state])}>{CLOCK_LABELS[clock.state]}</Badge>;
}

/** "Wednesday, 09:00 - 11:00"; no day or times: "Any time" (the reporter left them empty). A preference, or a scheduled slot (`r.scheduled ?? r`: the slot, else the wish). */
export function scheduleText(r: Pick<RepairReportDto, 'day' | 'timeStart' | 'timeEnd'>): string {
  if (!r.day) return r.timeStart && r.timeEnd ? `Any day, ${r.timeStart} - ${r.timeEnd}` : 'Any time';
  return r.timeStart && r.timeEnd ? `${r.day}, ${r.timeStart} - ${r.timeEnd}` : r.day;
}

export const pesos = (n: number | null) => (n === null ? 'Not set' : formatPeso(n));

/** Who reported it, when, who is assigned, the day and times, the costs: the facts every card shows. */
export function RepairFacts({ r, reporter = true }: { r: RepairReportDto; reporter?: boolean }) {
  const campus = useCampusTime();
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
      {reporter && <Fact label="Reported by">{r.reporterName}</Fact>}
      <Fact label="Reported">
        <span title={campus.dateTime(r.dateReported)}>{campus.day(r.dateReported)}</span>
      </Fact>
      <Fact label="Assigned to">{r.assignedName ?? 'Not yet assigned'}</Fact>
      {r.status !== 'completed' && r.assignedTo === null && r.respondBy && <Fact label="Respond by">{campus.dateTime(r.respondBy)}</Fact>}
      {r.status !== 'completed' && r.fixBy && <Fact label="Fix by">{campus.dateTime(r.fixBy)}</Fact>}
      {r.onHold && <Fact label="On hold">{r.onHold.reason}</Fact>}
      <Fact label="Preferred day and time">{scheduleText(r)}</Fact>
      {r.scheduled && <Fact label="Scheduled">{scheduleText(r.scheduled)}</Fact>}
      <Fact label="Estimated cost">{pesos(r.estimatedCost)}</Fact>
      {r.actualCost !== null && <Fact label="Actual cost">{pesos(r.actualCost)}</Fact>}
      {r.dateCompleted && <Fact label="Completed">{formatCalendarDate(r.dateCompleted)}</Fact>}
      {r.issuePhotoUrl && (
        <Anchor href={r.issuePhotoUrl} target="_blank" rel="noopener" size="sm">
          Photo of the problem
        </Anchor>
      )}
    </Group>
  );
}

/**
 * The equipment damage a report is about, when a verified return opened it (docs/decisions/return-conditions.md):
 * the item and unit, the loan it came back on, the borrower, the photo and the suggested trade.
 */
export function DamageFacts({ r, portal }: { r: RepairReportDto; portal: 'admin' | 'personnel' }) {
  const d = r.damage;
  if (!d) return null;
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
      <Badge {...lightTone('orange')}>Equipment damage</Badge>
      <Fact label="Item">
        {d.itemName}
        {d.unitTag ? (
          <>
            {' '}
            <Anchor component={Link} to={`/${portal}/units/${encodeURIComponent(d.unitTag)}`} inherit>
              {d.unitTag}
            </Anchor>
          </>
        ) : (
          ` × ${d.quantity}`
        )}
      </Fact>
      {d.requestCode && (
        <Fact label="Returned on">
          <Anchor component={Link} to={`/${portal}/requests?q=${encodeURIComponent(d.requestCode)}`} inherit>
            {d.requestCode}
          </Anchor>
        </Fact>
      )}
      <Fact label="Borrower">{d.borrowerName}</Fact>
      {d.suggestedTrade && <Fact label="Suggested trade">{jobTypeLabel(d.suggestedTrade)}</Fact>}
      {d.outcome && <Fact label="Outcome">{d.outcome === 'retired' ? 'Retired, beyond repair' : 'Repaired, back in stock'}</Fact>}
      {d.photoUrl && (
        <Anchor href={d.photoUrl} target="_blank" rel="noopener" size="sm">
          Damage photo
        </Anchor>
      )}
    </Group>
  );
}

/** Notes by the office and by the personnel, and the work performed, when there are any. */
export function RepairNotes({ r }: { r: RepairReportDto }) {
  return (
    <Stack gap={4}>
      {r.adminNotes && <Fact label="Admin notes">{r.adminNotes}</Fact>}
      {r.personnelNotes && <Fact label="Personnel notes">{r.personnelNotes}</Fact>}
      {r.workDescription && <Fact label="Work performed">{r.workDescription}</Fact>}
    </Stack>
  );
}

export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <Group gap={2} wrap="nowrap" role="img" aria-label={label ?? `${value} of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <IconStarFilled key={i} size={16} color={i <= value ? TONE.yellow : 'var(--mantine-color-gray-4)'} aria-hidden />
      ))}
    </Group>
  );
}

/** The reporter's rating, as the office sees it on the card. */
export function RatingLine({ r }: { r: RepairReportDto }) {
  if (r.rating === null) return null;
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="sm" c="dark.6">
        Rating:
      </Text>
      <Stars value={r.rating} />
      {r.ratingComment && <Text size="sm">“{r.ratingComment}”</Text>}
    </Group>
  );
}

/** A small proof photo that opens the viewer. */
export function ProofThumb({ url, alt, onOpen }: { url: string; alt: string; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`View ${alt}`}
      style={{ border: 0, padding: 0, background: 'none', cursor: 'pointer' }}
    >
      <Image src={`${url}?w=240`} alt={alt} w={120} h={80} fit="cover" radius="sm" fallbackSrc="/proof-placeholder.svg" />
    </button>
  );
}

/**
 * An amount in pesos, shown as money always is ("₱250.50", not "₱250.5") once the field is left: never clamped, so a
 * wrong amount is refused in words, not altered; a third decimal cannot be typed (money has two). The two decimals
 * are not fixed while typing, or digits typed after a shown ".00" would go nowhere.
 */
export function PesoInput(props: NumberInputProps) {
  const [typing, setTyping] = useState(false);
  return (
    <NumberInput
      min={0}
      clampBehavior="none"
      thousandSeparator=","
      prefix="₱"
      decimalScale={2}
      fixedDecimalScale={!typing}
      {...props}
      onFocus={(e) => {
        setTyping(true);
        props.onFocus?.(e);
      }}
      onBlur={(e) => {
        setTyping(false);
        props.onBlur?.(e);
      }}
    />
  );
}
