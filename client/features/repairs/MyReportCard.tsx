import { useId, useState } from 'react';
import { Anchor, Badge, Button, Card, Group, Rating, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { RATING_COMMENT_MAX } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { failureOf } from '../../lib/api';
import { useRateRepair } from './api';
import { lightTone } from '../../ui/tones';
import { Fact } from '../../ui/Fact';
import { ClockBadge, PriorityBadge, ProofThumb, RepairFacts, RepairStatusBadge, Stars } from './RepairParts';
import { TimelineButton } from './TimelineButton';

/** Rate a completed repair once: 1-5 stars and an optional comment (beyond the spec: the reporter's closed loop). */
function RateBox({ r }: { r: RepairReportDto }) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const rate = useRateRepair();
  const labelId = useId();
  if (r.rating !== null) {
    return (
      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dark.6">
          Your rating:
        </Text>
        <Stars value={r.rating} />
        {r.ratingComment && <Text size="sm">“{r.ratingComment}”</Text>}
      </Group>
    );
  }
  const submit = () =>
    rate.mutate(
      { id: r.id, body: { stars, comment: comment.trim() } },
      {
        onSuccess: (res) => notifications.show({ color: 'green', message: res.message }),
        onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
      },
    );
  return (
    <Stack gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text size="sm" fw={600} id={labelId}>
        Rate this repair
      </Text>
      <Rating value={stars} onChange={setStars} aria-labelledby={labelId} getSymbolLabel={(i) => `${i} of 5 stars`} />
      <Textarea
        label="Comment (optional)"
        rows={2}
        maxLength={RATING_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.currentTarget.value)}
      />
      <Group>
        <Button size="xs" onClick={submit} disabled={stars < 1} loading={rate.isPending}>
          Submit Rating
        </Button>
      </Group>
    </Stack>
  );
}

/** One of My Reports: its live status, who is assigned, the schedule, and once completed the work and its photo. */
export function MyReportCard({
  r,
  onEdit,
  onDelete,
  onProof,
  followed = false,
}: {
  r: RepairReportDto;
  /** A report someone else filed that the reader follows (docs/decisions/rooms-and-followers.md): shown, not theirs to change. */
  followed?: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onProof: () => void;
}) {
  const titleId = useId();
  return (
    <Card withBorder component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Title order={2} size="h4" id={titleId}>
              {r.code}
            </Title>
            <RepairStatusBadge status={r.status} />
            <PriorityBadge priority={r.priority} />
            <ClockBadge r={r} />
            {followed && <Badge {...lightTone('blue')}>Followed</Badge>}
          </Group>
          {r.status === 'pending' && !followed && (
            <Group gap="xs">
              <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onEdit}>
                Edit
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
                Delete
              </Button>
            </Group>
          )}
        </Group>
        <Text size="sm" fw={600}>
          {r.roomCode ? (
            // The room's view: its other open reports, and Report a problem here (docs/decisions/rooms-and-followers.md).
            <Anchor component={Link} to={`/users/rooms/${encodeURIComponent(r.roomCode)}`} inherit>
              {r.building} - {r.room}
            </Anchor>
          ) : (
            <>
              {r.building} - {r.room}
            </>
          )}
        </Text>
        <Text size="sm">{r.issueDescription}</Text>
        <RepairFacts r={r} reporter={followed} />
        {!followed && (
          <Group gap="xs">
            <TimelineButton report={r} />
          </Group>
        )}
        {r.adminNotes && <Fact label="Office notes">{r.adminNotes}</Fact>}
        {r.status === 'completed' && (
          <Stack gap="xs">
            <Fact label="Work performed">{r.workDescription || MSG.noWorkDescription}</Fact>
            {r.proofUrl && (
              <Group gap="sm" align="flex-start">
                <ProofThumb url={r.proofUrl} alt={`proof of work for ${r.code}`} onOpen={onProof} />
              </Group>
            )}
            {!followed && <RateBox r={r} />}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
