import { useEffect, useState } from 'react';
import { Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { isTag, tidyTag } from '../../../core/inventory/units';
import { TONE } from '../../ui/tones';
import { useUnits } from '../inventory/api';

/**
 * The units that go out on a tracked line of an approval (docs/decisions/units.md): the available ones, the first
 * `count` preselected; change them in the list, or type (or scan into) a tag in "Add by tag". The server checks
 * again that each is the item's and still available.
 */
export function UnitPicker({
  itemId,
  itemName,
  count,
  value,
  onChange,
}: {
  itemId: number;
  itemName: string;
  count: number;
  value: string[] | undefined;
  onChange: (tags: string[]) => void;
}) {
  const units = useUnits(itemId, { status: 'available', pageSize: 100 });
  const available = (units.data?.items ?? []).map((u) => u.tag);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    // Preselect the first available units once they are known.
    if (value === undefined && units.data) onChange(available.slice(0, count));
  }, [units.data]); // eslint-disable-line react-hooks/exhaustive-deps
  const chosen = value ?? [];
  const add = () => {
    const tag = tidyTag(typed);
    if (!isTag(tag)) return setProblem('Type an asset tag, such as PROJ-0001.');
    if (chosen.includes(tag)) return setProblem(`${tag} is already chosen.`);
    if (!available.includes(tag)) return setProblem(`${tag} is not an available unit of ${itemName}.`);
    // Full already: the typed unit takes the place of the last one chosen.
    onChange(chosen.length >= count ? [...chosen.slice(0, count - 1), tag] : [...chosen, tag]);
    setTyped('');
    setProblem(null);
  };
  const wrongCount = chosen.length !== count;
  return (
    <Stack gap={6} pl="xl">
      <MultiSelect
        label={`Units of ${itemName} to lend (${chosen.length} of ${count})`}
        placeholder={units.isPending ? 'Loading units…' : chosen.length ? undefined : 'Choose units'}
        data={[...new Set([...chosen, ...available])]}
        value={chosen}
        onChange={onChange}
        searchable
        maxValues={count}
        nothingFoundMessage="No available unit matches"
        error={units.isError ? units.error.message : undefined}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Add by tag"
          placeholder="Type or scan a tag"
          value={typed}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          error={problem ?? undefined}
          style={{ flex: 1 }}
          data-unit-tag-input={itemId}
        />
        <Button variant="default" onClick={add} aria-label={`Add unit of ${itemName} by tag`} mb={problem ? 22 : 0}>
          Add
        </Button>
      </Group>
      {wrongCount && !units.isPending && (
        <Text size="sm" c={TONE.red} role="alert">
          Choose {count} {count === 1 ? 'unit' : 'units'} of {itemName} ({chosen.length} chosen
          {available.length < count ? `; only ${available.length} available` : ''}).
        </Text>
      )}
    </Stack>
  );
}
