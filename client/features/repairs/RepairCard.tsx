import { useId } from 'react';
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  IconChecklist,
  IconCloudUpload,
  IconEdit,
  IconEye,
  IconPlayerPause,
  IconPlayerPlay,
  IconPrinter,
  IconTrash,
  IconUserCheck,
} from '@tabler/icons-react';
import { OFFLINE_WORK_MSG } from '../../../core/messages';
import { nextRepairStatus, REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { DraftMark } from '../../ui/DraftNote';
import { lightTone, TONE } from '../../ui/tones';
import {
  ClockBadge,
  DamageFacts,
  FollowersBadge,
  PriorityBadge,
  RatingLine,
  RepairFacts,
  RepairNotes,
  RepairStatusBadge,
} from './RepairParts';
import { TimelineButton } from './TimelineButton';

export type CardAction = 'assign' | 'proof' | 'work' | 'advance' | 'print' | 'hold' | 'resume' | 'retire';

/**
 * One report as the office or the assigned person sees it (docs/product.md), with its buttons. The technician's
 * changes kept on the phone show at once (docs/decisions/offline-work.md): `r` as they leave it, and what waits.
 */
export function RepairCard({
  r,
  portal,
  onAction,
  waiting = [],
  notSent = false,
}: {
  r: RepairReportDto;
  portal: 'admin' | 'personnel';
  onAction: (kind: CardAction, r: RepairReportDto) => void;
  /** The technician's changes to it still on the phone, in order ("completed"). */
  waiting?: string[];
  /** Whether the server refused one of them (shown above the list, with what was typed). */
  notSent?: boolean;
}) {
  const titleId = useId();
  const next = nextRepairStatus(r.status);
  return (
    <Card withBorder component="article" aria-labelledby={titleId} padding="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId}>
              {r.code}
            </Title>
            <RepairStatusBadge status={r.status} />
            <PriorityBadge priority={r.priority} />
            <ClockBadge r={r} />
            <FollowersBadge n={r.followers} />
          </Group>
          <Text size="sm" fw={600}>
            {r.roomCode ? (
              <Anchor component={Link} to={`/${portal}/rooms/${encodeURIComponent(r.roomCode)}`} inherit>
                {r.building} - {r.room}
              </Anchor>
            ) : (
              <>
                {r.building} - {r.room}
              </>
            )}
          </Text>
        </Group>
        {waiting.length > 0 && (
          <Group gap={6} wrap="nowrap">
            <IconCloudUpload size={16} aria-hidden color={TONE.blue} />
            <Text size="sm" fw={600} c={TONE.blue}>
              {OFFLINE_WORK_MSG.waitingToSend(waiting.join(', '))}
            </Text>
          </Group>
        )}
        {notSent && (
          <Badge {...lightTone('red')} w="fit-content">
            {OFFLINE_WORK_MSG.notSentMark}
          </Badge>
        )}
        <Text size="sm">{r.issueDescription}</Text>
        <DamageFacts r={r} portal={portal} />
        <RepairFacts r={r} />
        <RepairNotes r={r} />
        <RatingLine r={r} />
        <Group gap="xs" wrap="wrap" mt={4}>
          <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => onAction('proof', r)}>
            View Proof
          </Button>
          <TimelineButton report={r} />
          {portal === 'admin' && (
            <Button
              size="xs"
              leftSection={r.status === 'pending' ? <IconUserCheck size={14} /> : <IconEdit size={14} />}
              onClick={() => onAction('assign', r)}
            >
              {r.status === 'pending' ? 'Assign' : 'Edit'}
            </Button>
          )}
          {portal === 'admin' && r.damage && r.status !== 'completed' && (
            <Button size="xs" variant="default" color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('retire', r)}>
              Beyond Repair
            </Button>
          )}
          {portal === 'admin' && <DraftMark keys={[`repair:${r.id}:assign`]} />}
          {portal === 'personnel' && (
            <>
              <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={() => onAction('work', r)}>
                Update
              </Button>
              {next && !r.onHold && (
                <Button
                  size="xs"
                  leftSection={next === 'completed' ? <IconChecklist size={14} /> : <IconPlayerPlay size={14} />}
                  onClick={() => onAction('advance', r)}
                >
                  Mark as {REPAIR_STATUS_LABELS[next]}
                </Button>
              )}
              <DraftMark keys={[`repair:${r.id}:work`, ...(next ? [`repair:${r.id}:${next}`] : [])]} />
            </>
          )}
          {r.status !== 'completed' &&
            (r.onHold ? (
              <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} onClick={() => onAction('resume', r)}>
                Resume
              </Button>
            ) : (
              <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} onClick={() => onAction('hold', r)}>
                Put on Hold
              </Button>
            ))}
          {/* The printed report is the server's: not before the completion has reached it. */}
          {r.status === 'completed' && waiting.length === 0 && (
            <Button size="xs" variant="default" leftSection={<IconPrinter size={14} />} onClick={() => onAction('print', r)}>
              Print Report
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
