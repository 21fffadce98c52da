import { Select } from '@mantine/core';
import { CATEGORIES } from '../../../core/inventory/rules';

/** The category filter of every item list, each choice with its count once the list has loaded. */
export function CategoryFilter({
  value,
  onChange,
  counts,
  w = 220,
}: {
  value: string;
  onChange: (category: string) => void;
  counts: Record<string, number> | undefined;
  w?: number;
}) {
  return (
    <Select
      aria-label="Category"
      value={value}
      allowDeselect={false}
      w={w}
      onChange={(v) => onChange(v ?? 'all')}
      data={[
        { value: 'all', label: `All Categories${counts ? ` (${counts.all})` : ''}` },
        ...CATEGORIES.map((c) => ({ value: c, label: `${c}${counts ? ` (${counts[c] ?? 0})` : ''}` })),
      ]}
    />
  );
}
