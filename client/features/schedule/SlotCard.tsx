import { useId } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import type { ScheduleItem } from '../../../core/schedule/schemas';
import { lightTone } from '../../ui/tones';
import { PriorityBadge, RepairStatusBadge } from '../repairs/RepairParts';

export type Portal = 'admin' | 'personnel';
const REPAIRS_SCREEN: Record<Portal, string> = { admin: '/admin/maintenance-repairs', personnel: '/personnel/maintenance-repairs' };

/** One slot of the week: time range, work type, issue, priority, personnel, location, building and status (spec 002 s2). */
export function SlotCard({ item, portal }: { item: ScheduleItem; portal: Portal }) {
  const titleId = useId();
  // The eye: on repair work for the office (spec 001 s2), on the person's own tasks for personnel (spec 002 s2).
  const eye = portal === 'admin' ? item.kind === 'repair' : item.mine;
  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={titleId}
      padding="sm"
      radius="md"
      style={item.mine ? { borderColor: 'var(--mantine-color-gso-6)', borderWidth: 2 } : undefined}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" fw={700} id={titleId}>
            {item.startTime && item.endTime ? `${item.startTime}-${item.endTime}` : 'Any time'} · {item.workType}
          </Text>
          {eye && (
            <ActionIcon
              component={Link}
              to={item.code ? `${REPAIRS_SCREEN[portal]}?q=${encodeURIComponent(item.code)}` : REPAIRS_SCREEN[portal]}
              variant="subtle"
              aria-label={`View ${item.code ?? item.workType} in Maintenance & Repairs`}
            >
              <IconEye size={18} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        {item.mine && (
          <Badge {...lightTone('blue')} w="fit-content">
            Your Task
          </Badge>
        )}
        {item.issueDescription && (
          <Text size="sm" lineClamp={3}>
            {item.issueDescription}
          </Text>
        )}
        <Group gap={4} wrap="wrap">
          <PriorityBadge priority={item.priority} />
          <RepairStatusBadge status={item.status} />
        </Group>
        <Text size="sm">
          {item.personnelName ?? (
            <Text span size="sm" c="dark.6" fs="italic">
              {portal === 'admin' ? 'No personnel assigned: assign someone in Maintenance & Repairs' : 'No personnel assigned yet'}
            </Text>
          )}
        </Text>
        <Text size="sm" c="dark.6">
          {item.location}, {item.building}
        </Text>
      </Stack>
    </Card>
  );
}
