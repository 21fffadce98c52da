import { Group, Select } from '@mantine/core';
import { OFFICE_PLACE } from '../../../core/repairs/damage';
import { PlaceFilter } from '../locations/PlaceFilter';
import { useSiteStatus } from '../site/api';

/** Half the row on a phone (two filters side by side, the gap between them shared), fixed from a tablet on. */
const HALF = { base: 'calc(50% - 6px)', sm: 220 } as const;

type Filter = 'building' | 'room' | 'sort' | 'due';

/** The repair boards' filters, two a row on a phone: building and room (or the office's counter), deadline, order. */
export function RepairFilters({
  filters,
  due,
  sort,
  setFilter,
}: {
  /** The building and room chosen, as the address keeps them. */
  filters: Record<'building' | 'room', string>;
  due: 'overdue' | 'soon' | undefined;
  sort: 'due' | undefined;
  setFilter: (name: Filter, value: string | null) => void;
}) {
  const officeName = useSiteStatus().data?.office.name;
  return (
    <Group wrap="wrap" align="flex-end" gap="sm">
      <PlaceFilter
        w={HALF}
        building={filters.building}
        room={filters.room}
        extra={{ value: OFFICE_PLACE, label: `${officeName ?? 'The office'} (office counter)` }}
        onChange={(p) => {
          setFilter('building', p.building || null);
          setFilter('room', p.room || null);
        }}
      />
      <Select
        label="Deadline"
        w={{ base: HALF.base, sm: 160 }}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        value={due ?? 'any'}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'overdue', label: 'Overdue' },
          { value: 'soon', label: 'Due soon' },
        ]}
        onChange={(v) => setFilter('due', v === 'any' ? null : v)}
      />
      <Select
        label="Sort by"
        w={{ base: HALF.base, sm: 180 }}
        allowDeselect={false}
        comboboxProps={{ keepMounted: false }}
        value={sort ?? 'board'}
        data={[
          { value: 'board', label: 'Status and priority' },
          { value: 'due', label: 'Due first' },
        ]}
        onChange={(v) => setFilter('sort', v === 'due' ? v : null)}
      />
    </Group>
  );
}
