import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActionIcon, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconChecklist,
  IconChevronLeft,
  IconChevronRight,
  IconClockHour4,
  IconEye,
  IconMapPin,
  IconPlus,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import type { ScheduleDay, ScheduleItem } from '../../../core/schedule/schemas';
import { formatCalendarDate, isCalendarDate, type Weekday } from '../../../core/time';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StatCard } from '../../ui/StatCard';
import { lightTone } from '../../ui/tones';
import { useMe } from '../auth/api';
import { PriorityBadge, RepairStatusBadge } from '../repairs/RepairParts';
import { CampusMapButton } from '../site/CampusMapButton';
import { AddScheduleDialog } from './AddScheduleDialog';
import { useAddSchedule, useScheduleWeek } from './api';

type Portal = 'admin' | 'personnel';
const REPAIRS_SCREEN: Record<Portal, string> = { admin: '/admin/maintenance-repairs', personnel: '/personnel/maintenance-repairs' };
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** One slot of the week: time range, work type, issue, priority, personnel, location, building and status (spec 002 s2). */
function SlotCard({ item, portal }: { item: ScheduleItem; portal: Portal }) {
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

function DayCard({ day, portal, onAdd }: { day: ScheduleDay; portal: Portal; onAdd: (day: ScheduleDay) => void }) {
  const titleId = useId();
  return (
    <Card
      withBorder
      component="section"
      aria-labelledby={titleId}
      padding="sm"
      radius="md"
      bg={day.isToday ? 'var(--mantine-color-gso-0)' : undefined}
      style={day.isToday ? { borderColor: 'var(--mantine-color-gso-6)', borderWidth: 2 } : undefined}
      aria-current={day.isToday ? 'date' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <div>
            <Title order={2} size="h4" id={titleId}>
              {day.day}
            </Title>
            <Text size="sm" c="dark.6">
              {formatCalendarDate(day.date)}
            </Text>
          </div>
          {day.isToday && <Badge {...lightTone('green')}>Today</Badge>}
        </Group>
        {day.items.length === 0 ? (
          <Text size="sm" c="dark.6">
            No tasks scheduled
          </Text>
        ) : (
          day.items.map((item) => <SlotCard key={item.key} item={item} portal={portal} />)
        )}
        {portal === 'admin' && (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => onAdd(day)}
            aria-label={`Add Schedule on ${day.day}`}
          >
            Add Schedule
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The weekly schedule of both portals (spec 001 s2, 002 s2; DECISIONS 16): the week Monday first in the campus
 * time zone with today highlighted, manual entries and repair work together, previous and next week (this
 * week by default, kept in the address as ?week=).
 */
export function WeekBoard({ portal }: { portal: Portal }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('week');
  const week = asked && isCalendarDate(asked) ? asked : null;
  const query = useScheduleWeek(week);
  const me = useMe();
  const add = useAddSchedule();
  const [adding, setAdding] = useState<ScheduleDay | null>(null);
  const data = query.data;

  const goTo = (w: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (w) next.set('week', w);
        else next.delete('week');
        return next;
      },
      { replace: false },
    );

  const refresh = (
    <Button
      variant="default"
      leftSection={<IconRefresh size={18} aria-hidden />}
      onClick={() => void query.refetch()}
      loading={query.isFetching && !query.isPending}
    >
      Refresh
    </Button>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        {portal === 'personnel' ? <Text fw={600}>Welcome, {me.data?.fullName ?? 'Personnel User'}! Here is your week.</Text> : <span />}
        <Group gap="xs">
          <CampusMapButton />
          {refresh}
        </Group>
      </Group>

      {query.isPending ? (
        <Stack role="status" aria-label="Loading schedule" gap="sm">
          <Skeleton h={90} radius="md" />
          <Skeleton h={300} radius="md" />
        </Stack>
      ) : query.isError || !data ? (
        <Card withBorder>
          <ErrorAlert title={MSG.scheduleLoadError} message={query.error ? messageOf(query.error) : MSG.scheduleFetchFailed} />
          <Button onClick={() => void query.refetch()} w="fit-content">
            Try Again
          </Button>
        </Card>
      ) : (
        <>
          {portal === 'admin' ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <StatCard label="Total Tasks" value={data.summary.totalTasks} icon={<IconCalendarEvent />} />
              <StatCard label="Active Personnel" value={data.summary.activePersonnel} icon={<IconUsers />} />
              <StatCard label="Locations" value={data.summary.locations} icon={<IconMapPin />} />
              <StatCard label="Pending Tasks" value={data.summary.pendingTasks} icon={<IconClockHour4 />} />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 3 }}>
              <StatCard label="My Tasks This Week" value={data.mine?.tasks ?? 0} icon={<IconCalendarEvent />} />
              <StatCard label="Completed" value={data.mine?.completed ?? 0} icon={<IconChecklist />} />
              <StatCard label="Pending" value={data.mine?.pending ?? 0} icon={<IconClockHour4 />} />
            </SimpleGrid>
          )}

          <Group justify="space-between" wrap="wrap" gap="xs" component="nav" aria-label="Weeks">
            <Button variant="default" leftSection={<IconChevronLeft size={18} aria-hidden />} onClick={() => goTo(data.previousWeek)}>
              Previous week
            </Button>
            <Stack gap={0} align="center">
              <Text fw={700} aria-live="polite">
                {formatCalendarDate(data.weekStart)} – {formatCalendarDate(data.weekEnd)}
              </Text>
              {data.isCurrentWeek ? (
                <Text size="sm" c="dark.6">
                  This week
                </Text>
              ) : (
                <Button variant="subtle" size="compact-sm" onClick={() => goTo(null)}>
                  Back to this week
                </Button>
              )}
            </Stack>
            <Button variant="default" rightSection={<IconChevronRight size={18} aria-hidden />} onClick={() => goTo(data.nextWeek)}>
              Next week
            </Button>
          </Group>

          {data.total === 0 && (
            <Card withBorder py="md">
              <Text ta="center" fw={600}>
                No tasks scheduled this week
              </Text>
              {portal === 'admin' && (
                <Text ta="center" size="sm" c="dark.6">
                  Use Add Schedule on a day to plan work.
                </Text>
              )}
            </Card>
          )}

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="sm">
            {data.days.map((d) => (
              <DayCard key={d.date} day={d} portal={portal} onAdd={setAdding} />
            ))}
          </SimpleGrid>
        </>
      )}

      {adding && data && (
        <AddScheduleDialog
          week={data.weekStart}
          day={adding.day as Weekday}
          date={adding.date}
          busy={add.isPending}
          error={add.error ? messageOf(add.error) : null}
          onClose={() => {
            setAdding(null);
            add.reset();
          }}
          onSave={(values) =>
            add.mutate(values, {
              onSuccess: (res) => {
                notifications.show({ color: 'green', title: 'Success', message: res.message });
                setAdding(null);
                add.reset();
              },
            })
          }
        />
      )}
    </Stack>
  );
}
