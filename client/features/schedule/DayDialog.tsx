import { useState } from 'react';
import { Modal, Text } from '@mantine/core';
import type { ScheduleDay } from '../../../core/schedule/schemas';
import { formatCalendarDate } from '../../../core/time';
import { ListState } from '../../ui/list/ListState';
import { Pager } from '../../ui/list/Pager';
import { useScheduleDay } from './api';
import { SlotCard, type Portal } from './SlotCard';
import { useEntryActions } from './useEntryActions';

const PAGE_SIZE = 20;

/** Every item of one day, by start time, a page at a time: a day card's Show all. */
export function DayDialog({ day, portal, onClose }: { day: ScheduleDay; portal: Portal; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useScheduleDay(day.date, page, PAGE_SIZE);
  const data = query.data;
  const entries = useEntryActions();
  return (
    <>
      {/* Escape is left to the edit dialog or the confirmation while one is open over this one. */}
      <Modal opened onClose={onClose} title={`${day.day}, ${formatCalendarDate(day.date)}`} size="lg" closeOnEscape={!entries.covering}>
        <Text size="sm" c="dark.6" mb="sm" aria-live="polite">
          {data ? `${data.total} task${data.total === 1 ? '' : 's'} by start time` : 'Loading tasks…'}
        </Text>
        <ListState
          loading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          empty={!!data && data.items.length === 0}
          emptyText="No tasks scheduled"
        >
          {data?.items.map((item) => (
            <SlotCard key={item.key} item={item} portal={portal} actions={entries.actions} />
          ))}
        </ListState>
        <Pager total={data?.total ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
      </Modal>
      {entries.dialog}
    </>
  );
}
