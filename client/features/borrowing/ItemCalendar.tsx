import { Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { addDays, formatCalendarDate, weekOf, WEEKDAYS } from '../../../core/time';
import { ListState } from '../../ui/list';
import { TONE } from '../../ui/tones';
import { useAvailability } from './api';

/** How far ahead an item's calendar looks: six weeks from this one's Monday. */
const WEEKS = 6;

/**
 * An item's busy days (docs/decisions/reservations.md): what is free of it on each day of the next six weeks, Monday
 * first, from the server's availability; days past are blank, a day with nothing free is marked Busy.
 */
export function ItemCalendar({ itemId, name, today, onClose }: { itemId: number; name: string; today: string; onClose: () => void }) {
  const start = weekOf(today).start;
  const end = addDays(start, WEEKS * 7 - 1);
  const q = useAvailability([itemId], today, end);
  const free = new Map((q.data?.items[0]?.days ?? []).map((d) => [d.date, d.free]));
  const days = Array.from({ length: WEEKS * 7 }, (_, i) => addDays(start, i));
  return (
    <Modal opened onClose={onClose} title={`${name}: free by day`} centered size="lg">
      <Stack gap="xs">
        <Text size="sm" c="dark.6">
          Units free on each day from {formatCalendarDate(today)} to {formatCalendarDate(end)}, counting approved loans, bookings and units
          in repair.
        </Text>
        <ListState loading={q.isPending} error={q.isError ? q.error : null} onRetry={() => q.refetch()} empty={false} emptyText="">
          <SimpleGrid cols={7} spacing={4} aria-hidden>
            {WEEKDAYS.map((d) => (
              <Text key={d} size="xs" fw={700} ta="center">
                {d.slice(0, 3)}
              </Text>
            ))}
          </SimpleGrid>
          <SimpleGrid cols={7} spacing={4} role="list" aria-label={`${name}: free by day`}>
            {days.map((date) => {
              const n = free.get(date);
              const label = n === undefined ? formatCalendarDate(date) : `${formatCalendarDate(date)}: ${n === 0 ? 'busy' : `${n} free`}`;
              return (
                <Stack
                  key={date}
                  role="listitem"
                  aria-label={label}
                  title={label}
                  gap={0}
                  p={4}
                  align="center"
                  style={{
                    borderRadius: 4,
                    border: '1px solid var(--mantine-color-gray-3)',
                    background: n === 0 ? 'var(--mantine-color-red-0)' : undefined,
                  }}
                >
                  <Text size="xs" c="dark.6" aria-hidden>
                    {Number(date.slice(8))}
                  </Text>
                  <Text size="xs" fw={700} c={n === 0 ? TONE.red : TONE.green} aria-hidden>
                    {n === undefined ? '' : n === 0 ? 'Busy' : n}
                  </Text>
                </Stack>
              );
            })}
          </SimpleGrid>
        </ListState>
        <Group gap="xs">
          <Text size="xs" c="dark.6">
            A number is the units free that day; Busy: none free.
          </Text>
        </Group>
      </Stack>
    </Modal>
  );
}
