import { SimpleGrid } from '@mantine/core';
import { COUNT_SCREEN } from '../../../core/inventory/counts';
import type { CountFiguresDto } from '../../../core/inventory/countSchemas';
import { StatCard } from '../../ui/StatCard';

/** The six figures of a count, a building or a room: expected, found, found elsewhere, not found, not expected, unknown tags. */
export const FIGURES: { key: keyof CountFiguresDto; label: string }[] = [
  { key: 'expected', label: COUNT_SCREEN.expected },
  { key: 'found', label: COUNT_SCREEN.found },
  { key: 'foundElsewhere', label: COUNT_SCREEN.foundElsewhere },
  { key: 'notFound', label: COUNT_SCREEN.notFound },
  { key: 'unexpected', label: COUNT_SCREEN.unexpected },
  { key: 'unknownTags', label: COUNT_SCREEN.unknownTags },
];

/** The figures as a row of small cards (three a row on a phone), named as a group for assistive technology. */
export function CountFigures({ figures, label }: { figures: CountFiguresDto; label: string }) {
  return (
    <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" role="group" aria-label={label}>
      {FIGURES.map((f) => (
        <StatCard key={f.key} label={f.label} value={figures[f.key]} compact />
      ))}
    </SimpleGrid>
  );
}
