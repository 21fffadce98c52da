import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCalendarEvent,
  IconChecklist,
  IconChevronLeft,
  IconChevronRight,
  IconClockHour4,
  IconMapPin,
  IconPlus,
  IconRefresh,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { MSG } from '../../../core/messages';
import { REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import { SCHEDULE_STATUSES, type ScheduleStatus } from '../../../core/schedule/rules';
import type { ScheduleDay } from '../../../core/schedule/schemas';
import { formatCalendarDate, isCalendarDate, type Weekday } from '../../../core/time';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StatCard } from '../../ui/StatCard';
import { lightTone } from '../../ui/tones';
import { useMe } from '../auth/api';
import { CampusMapButton } from '../site/CampusMapButton';
import { KeptCopyNote } from '../site/KeptCopyNote';
import { AddScheduleDialog } from './AddScheduleDialog';
import { DayDialog } from './DayDialog';
import { SlotCard, type Portal } from './SlotCard';
import { useAddSchedule, useScheduleWeek } from './api';
import { useEntryActions, type EntryActions } from './useEntryActions';
import { messageOf } from '../../lib/api';
import { errorBesidesKeptCopy } from '../../lib/keptCopy';

function DayCard({
  day,
  portal,
  actions,
  onAdd,
}: {
  day: ScheduleDay;
  portal: Portal;
  actions: EntryActions;
  onAdd: (day: ScheduleDay) => void;
}) {
  const titleId = useId();
  const [showingAll, setShowingAll] = useState(false);
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
          day.items.map((item) => <SlotCard key={item.key} item={item} portal={portal} actions={actions} />)
        )}
        {day.count > day.items.length && (
          <Button variant="subtle" size="xs" onClick={() => setShowingAll(true)} aria-label={`Show all ${day.count} tasks on ${day.day}`}>
            Show all {day.count} tasks
          </Button>
        )}
        {showingAll && <DayDialog day={day} portal={portal} onClose={() => setShowingAll(false)} />}
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

const STATUS_ICONS: Record<ScheduleStatus, ReactNode> = {
  pending: <IconClockHour4 />,
  scheduled: <IconCalendarEvent />,
  'in-progress': <IconTool />,
  completed: <IconChecklist />,
};

/** One card per status, each counting that status only; the pending card under the screen's own label. */
function StatusCards({ counts, pending }: { counts: Record<ScheduleStatus, number>; pending: string }) {
  return SCHEDULE_STATUSES.map((s) => (
    <StatCard key={s} label={s === 'pending' ? pending : REPAIR_STATUS_LABELS[s]} value={counts[s]} icon={STATUS_ICONS[s]} />
  ));
}

/**
 * The weekly schedule of both portals (docs/product.md; docs/decisions/weekly-schedule.md): the week Monday first in the campus
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
  const entries = useEntryActions();
  const data = query.data;
  // Another week than the present one is "that week", never "this week" (docs/decisions/screen-wording.md).
  const thisOrThat = data?.isCurrentWeek ? 'This Week' : 'That Week';

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

      <KeptCopyNote query={query} />
      {query.isPending ? (
        <Stack role="status" aria-label="Loading schedule" gap="sm">
          <Skeleton h={90} radius="md" />
          <Skeleton h={300} radius="md" />
        </Stack>
      ) : errorBesidesKeptCopy(query) || !data ? (
        <Card withBorder>
          <ErrorAlert title={MSG.scheduleLoadError} message={query.error ? messageOf(query.error) : MSG.scheduleFetchFailed} />
          <Button onClick={() => void query.refetch()} w="fit-content">
            Try Again
          </Button>
        </Card>
      ) : (
        <>
          {/* Each status under its own name (docs/decisions/schedule-summary.md). */}
          {portal === 'admin' ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              <StatCard label="Total Tasks" value={data.summary.totalTasks} icon={<IconCalendarEvent />} />
              <StatCard label="Active Personnel" value={data.summary.activePersonnel} icon={<IconUsers />} />
              <StatCard label="Locations" value={data.summary.locations} icon={<IconMapPin />} />
              <StatusCards counts={data.summary.byStatus} pending="Pending Tasks" />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }}>
              <StatCard label={`My Tasks ${thisOrThat}`} value={data.mine?.tasks ?? 0} icon={<IconCalendarEvent />} />
              {data.mine && <StatusCards counts={data.mine.byStatus} pending="Pending" />}
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
                No tasks scheduled {thisOrThat.toLowerCase()}
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
              <DayCard key={d.date} day={d} portal={portal} actions={entries.actions} onAdd={setAdding} />
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
          error={add.error}
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
      {entries.dialog}
    </Stack>
  );
}
