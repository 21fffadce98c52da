import { Progress, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPackage, IconTrendingDown } from '@tabler/icons-react';
import { StatCard } from '../../ui/StatCard';
import { TONE } from '../../ui/tones';
import type { ItemList } from './api';

/** The four stat cards (docs/product.md), each with a bar of its share of the whole inventory; no made-up trends (docs/decisions/real-figures.md). */
export function StockCards({ summary }: { summary: ItemList['summary'] | undefined }) {
  if (!summary)
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h={118} />
        ))}
      </SimpleGrid>
    );
  const share = (n: number) => (summary.total ? Math.round((n / summary.total) * 100) : 0);
  const cards = [
    { label: 'Total Items', value: summary.total, color: 'gso', bar: TONE.blue, icon: <IconPackage />, note: 'Items on record' },
    {
      label: 'Low Stock',
      value: summary.lowStock,
      color: 'yellow',
      bar: TONE.yellow,
      icon: <IconTrendingDown />,
      note: `${share(summary.lowStock)}% at or below their min stock`,
    },
    {
      label: 'Critical',
      value: summary.outOfStock,
      color: 'red',
      bar: TONE.red,
      icon: <IconAlertTriangle />,
      note: `${share(summary.outOfStock)}% with none on hand`,
    },
    {
      label: 'In Stock',
      value: summary.inStock,
      color: 'green',
      bar: TONE.green,
      icon: <IconCircleCheck />,
      note: `${share(summary.inStock)}% above their min stock`,
    },
  ];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
      {cards.map((c) => (
        <Stack key={c.label} gap={0}>
          <StatCard label={c.label} value={c.value} icon={c.icon} color={c.color} note={c.note} />
          <Progress
            value={c.label === 'Total Items' ? (summary.total ? 100 : 0) : share(c.value)}
            color={c.bar}
            size="sm"
            radius={0}
            aria-label={`${c.label}: ${c.label === 'Total Items' ? 100 : share(c.value)}% of all items`}
          />
        </Stack>
      ))}
    </SimpleGrid>
  );
}
