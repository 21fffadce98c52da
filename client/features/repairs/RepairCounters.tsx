import { SimpleGrid } from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconClipboardList, IconClockHour4, IconTool } from '@tabler/icons-react';
import { REPAIR_STATUS_LABELS } from '../../../core/repairs/rules';
import { StatCard } from '../../ui/StatCard';

type Stats = Record<'all' | 'pending' | 'scheduled' | 'in-progress' | 'completed', number>;

/**
 * The repair boards' five counters, over the whole list whatever the search (only the list and its tab counts
 * follow it). A phone sees them as a small grid, so the first card starts near the top, as on Requests and Borrow.
 */
export function RepairCounters({ total, stats, highPriority }: { total: string; stats?: Stats; highPriority?: number }) {
  return (
    <SimpleGrid cols={{ base: 3, md: 3, xl: 5 }} spacing={{ base: 6, md: 'sm' }}>
      <StatCard compact label={total} value={stats?.all ?? '–'} icon={<IconClipboardList />} />
      <StatCard
        compact
        label={REPAIR_STATUS_LABELS.pending}
        value={stats ? stats.pending + stats.scheduled : '–'}
        icon={<IconClockHour4 />}
        color="yellow"
        note="Including scheduled"
      />
      <StatCard
        compact
        label={REPAIR_STATUS_LABELS['in-progress']}
        value={stats?.['in-progress'] ?? '–'}
        icon={<IconTool />}
        color="cyan"
      />
      <StatCard compact label={REPAIR_STATUS_LABELS.completed} value={stats?.completed ?? '–'} icon={<IconChecklist />} color="green" />
      <StatCard
        compact
        label="High Priority"
        value={highPriority ?? '–'}
        icon={<IconAlertTriangle />}
        color="red"
        note="Not yet completed"
      />
    </SimpleGrid>
  );
}
