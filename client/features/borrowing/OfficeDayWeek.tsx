import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPrinter } from '@tabler/icons-react';
import { linkTo } from '../../../core/activity/links';
import { holdsText } from '../../../core/borrowing/rules';
import type { CalendarRequestDto, OfficeCalendarDto } from '../../../core/borrowing/schemas';
import { plural } from '../../../core/format';
import { addDays, formatCalendarDate, isCalendarDate, weekdayOf } from '../../../core/time';
import { hrefOf } from '../../lib/api';
import { ListState } from '../../ui/list';
import { TONE } from '../../ui/tones';
import { useCampusToday } from '../site/useCampusToday';
import { useOfficeCalendar } from './api';

/** The office's portals, whose request lists the entries open. */
type OfficePortal = 'admin' | 'personnel';

function Section({
  title,
  ids,
  total,
  more,
  requests,
  portal,
  tone,
  timeOf = () => null,
}: {
  title: string;
  portal: OfficePortal;
  ids: number[];
  /** How many there are, when the day names only the first. */
  total: number;
  /** Where the others are, when the day names only the first. */
  more: ReactNode;
  requests: Map<number, CalendarRequestDto>;
  tone?: string;
  /** A booking's hour that day (its pick-up or return time), shown first; null for whole days. */
  timeOf?: (r: CalendarRequestDto) => string | null;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={700} c={tone}>
        {title}: {total}
      </Text>
      {ids.length > 0 && (
        <Stack component="ul" gap={4} m={0} pl="md" aria-label={title}>
          {ids.map((id) => {
            const r = requests.get(id);
            if (!r) return null;
            return (
              <Text component="li" key={id} size="sm">
                {timeOf(r) && <>{timeOf(r)} </>}
                <Anchor component={Link} to={linkTo({ type: 'borrow_request', id }, portal)!} fw={700} size="sm">
                  {r.code}
                </Anchor>{' '}
                {r.requesterName}: {holdsText(r.holds) || 'nothing'}
                {r.bookAhead && (
                  <Badge ml={6} size="xs" variant="light" color="indigo" c="indigo.9">
                    {r.handedOutAt ? 'Handed out' : 'Reserved'}
                  </Badge>
                )}
              </Text>
            );
          })}
        </Stack>
      )}
      {total > ids.length && (
        <Text size="sm" c="dimmed" component="div">
          and {total - ids.length} more: {more}
        </Text>
      )}
    </Stack>
  );
}

function DayCard({
  day,
  requests,
  today,
  portal,
  onOpenDay,
}: {
  portal: OfficePortal;
  day: OfficeCalendarDto['days'][number];
  requests: Map<number, CalendarRequestDto>;
  today: string;
  /** In the week view: shows this day whole. */
  onOpenDay?: () => void;
}) {
  const theDay = onOpenDay && (
    <Button variant="subtle" size="compact-sm" onClick={onOpenDay} aria-label={`Show all of ${formatCalendarDate(day.date)}`}>
      show the whole day
    </Button>
  );
  return (
    <Card withBorder padding="sm" component="section" aria-label={formatCalendarDate(day.date)}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={3} size="h5">
            {weekdayOf(day.date)}, {formatCalendarDate(day.date)}
            {day.date === today ? ' (today)' : ''}
          </Title>
          <Button
            component="a"
            href={hrefOf('/api/borrow-calendar/pick-list.pdf', { query: { date: day.date, view: 'day' } })}
            size="compact-sm"
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            aria-label={`Pick list for ${formatCalendarDate(day.date)}`}
          >
            Pick list
          </Button>
        </Group>
        <Section
          title="Going out"
          ids={day.goingOut}
          total={day.goingOutTotal}
          more={theDay}
          requests={requests}
          portal={portal}
          timeOf={(r) => r.timeFrom}
        />
        <Section
          title="Coming back"
          ids={day.comingBack}
          total={day.comingBackTotal}
          more={theDay}
          requests={requests}
          portal={portal}
          timeOf={(r) => r.timeTo}
        />
        <Section
          title="Overdue"
          ids={day.overdue}
          total={day.overdueTotal}
          more="the longest overdue first; see Borrow Records, Overdue."
          requests={requests}
          portal={portal}
          tone={day.overdueTotal ? TONE.red : undefined}
        />
      </Stack>
    </Card>
  );
}

/**
 * The office's day and week (docs/decisions/reservations.md): per day what goes out (bookings to hand out, loans to
 * collect), what comes back and what is overdue, each day's pick list as a PDF.
 */
export function OfficeDayWeek({ portal }: { portal: OfficePortal }) {
  const today = useCampusToday();
  const [date, setDate] = useState(today);
  const [view, setView] = useState<'day' | 'week'>('day');
  const q = useOfficeCalendar(date, view);
  const requests = new Map((q.data?.requests ?? []).map((r) => [r.id, r]));
  const step = view === 'week' ? 7 : 1;
  const counts = q.data?.days.reduce((n, d) => n + d.goingOutTotal, 0) ?? 0;
  return (
    <Stack gap="sm" mt="md">
      <Group gap="xs" wrap="wrap" align="flex-end">
        <SegmentedControl
          aria-label="Show"
          value={view}
          onChange={(v) => setView(v as 'day' | 'week')}
          data={[
            { value: 'day', label: 'Day' },
            { value: 'week', label: 'Week' },
          ]}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
          onClick={() => setDate(addDays(date, -step))}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <TextInput
          label="Date"
          type="date"
          value={date}
          onChange={(e) => isCalendarDate(e.currentTarget.value) && setDate(e.currentTarget.value)}
          w={170}
        />
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={view === 'week' ? 'Next week' : 'Next day'}
          onClick={() => setDate(addDays(date, step))}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Button variant="subtle" onClick={() => setDate(today)}>
          Today
        </Button>
      </Group>
      {q.data && (
        <Text size="sm" c="dark.6">
          {plural(counts, 'request')} going out {view === 'week' ? 'this week' : 'this day'}.
        </Text>
      )}
      <ListState loading={q.isPending} error={q.isError ? q.error : null} onRetry={() => q.refetch()} empty={false} emptyText="">
        <SimpleGrid cols={{ base: 1, md: view === 'week' ? 2 : 1 }} spacing="sm">
          {q.data?.days.map((d) => (
            <DayCard
              key={d.date}
              day={d}
              requests={requests}
              portal={portal}
              today={q.data.today}
              onOpenDay={
                view === 'week'
                  ? () => {
                      setDate(d.date);
                      setView('day');
                    }
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      </ListState>
    </Stack>
  );
}
