import { useId } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ScheduleItem } from '../../../core/schedule/schemas';
import { lightTone } from '../../ui/tones';
import { PriorityBadge, RepairStatusBadge } from '../repairs/RepairParts';
import { useCampusTime } from '../site/useCampusTime';
import type { EntryActions } from './useEntryActions';

export type Portal = 'admin' | 'personnel';
const REPAIRS_SCREEN: Record<Portal, string> = { admin: '/admin/maintenance-repairs', personnel: '/personnel/maintenance-repairs' };

/**
 * One slot of the week: time range, work type, issue, priority, personnel, location, building and status (docs/product.md
 * s2). With `actions` (the office), a manual entry has Edit and Delete; repair work is changed where the eye leads.
 */
export function SlotCard({ item, portal, actions }: { item: ScheduleItem; portal: Portal; actions?: EntryActions }) {
  const titleId = useId();
  const campus = useCampusTime();
  // The eye: on repair work for the office (docs/product.md), on the person's own tasks for personnel (docs/product.md).
  const eye = portal === 'admin' ? item.kind === 'repair' : item.mine;
  const editable = portal === 'admin' && item.kind === 'entry' && actions;
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
          {editable && (
            <Group gap={0} wrap="nowrap">
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" aria-label={`Edit ${item.workType}`} onClick={() => actions.edit(item)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red.8" aria-label={`Delete ${item.workType}`} onClick={() => actions.remove(item)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </Group>
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
          {item.fixBy && item.status !== 'completed' && Date.now() >= Date.parse(item.fixBy) && (
            <Badge {...lightTone('red')} title={`Fix by ${campus.dateTime(item.fixBy)}`}>
              Overdue
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {item.personnelName ?? (
            <Text span size="sm" c="dark.6" fs="italic">
              {portal === 'admin' ? 'No personnel assigned: assign someone in Maintenance & Repairs' : 'No personnel assigned yet'}
            </Text>
          )}
        </Text>
        {item.room ? (
          // The room on the list a repair names, linking to its page (docs/decisions/rooms-and-followers.md).
          <Text size="sm" c="dark.6">
            <Anchor
              component={Link}
              to={`/${portal}/rooms/${encodeURIComponent(item.room.code)}`}
              size="sm"
              aria-label={`Room ${item.room.code}, ${item.room.name}: open its page`}
            >
              {item.room.code}
            </Anchor>{' '}
            · {item.room.name}, {item.building}
          </Text>
        ) : (
          <Text size="sm" c="dark.6">
            {item.location}, {item.building}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
