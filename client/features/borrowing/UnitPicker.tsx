import { useEffect, useState } from 'react';
import { ActionIcon, Button, Group, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconScan } from '@tabler/icons-react';
import { isTag, tidyTag } from '../../../core/inventory/units';
import { api, ApiError } from '../../lib/api';
import { TONE } from '../../ui/tones';
import { useUnits } from '../inventory/api';
import { ScanDialog, type ReadSource } from '../scan/ScanDialog';
import { NOT_OUR_LABEL, scannedTag } from '../scan/targets';
import { useSiteStatus } from '../site/api';

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
  const [scanning, setScanning] = useState(false);
  const appOrigin = useSiteStatus().data?.appOrigin;
  /** Why a tag cannot go out on this line, or null once it is chosen. */
  const pick = async (raw: string): Promise<string | null> => {
    const tag = tidyTag(raw);
    if (!isTag(tag)) return 'Type an asset tag, such as PROJ-0001.';
    if (chosen.includes(tag)) return `${tag} is already chosen.`;
    // The list holds the first available units; one further down is asked of the server.
    if (!available.includes(tag)) {
      const found = await api.get('/api/units/by-tag/:tag', { params: { tag } }).catch((err: unknown) => err);
      if (found instanceof ApiError && found.status !== 404) return found.message;
      const unit = found instanceof Error ? null : (found as { unit: { itemId: number; status: string } | null }).unit;
      if (!unit || unit.itemId !== itemId || unit.status !== 'available') return `${tag} is not an available unit of ${itemName}.`;
    }
    // Full already: the new unit takes the place of the last one chosen.
    onChange(chosen.length >= count ? [...chosen.slice(0, count - 1), tag] : [...chosen, tag]);
    return null;
  };
  const add = async () => {
    const problem = await pick(typed);
    setProblem(problem);
    if (!problem) setTyped('');
  };
  /** A unit's label read by the camera holds its short address /u/TAG; a typed one is the tag itself. */
  const onScan = async (text: string, source: ReadSource): Promise<void | string> => {
    const tag = scannedTag(text, source, [window.location.origin, ...(appOrigin ? [appOrigin] : [])]);
    if (!tag) return NOT_OUR_LABEL;
    const problem = await pick(tag);
    if (problem) return problem;
    setProblem(null);
    setScanning(false);
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
              void add();
            }
          }}
          error={problem ?? undefined}
          style={{ flex: 1 }}
          data-unit-tag-input={itemId}
        />
        <Button variant="default" onClick={() => void add()} aria-label={`Add unit of ${itemName} by tag`} mb={problem ? 22 : 0}>
          Add
        </Button>
        <ActionIcon
          variant="default"
          size={36}
          onClick={() => setScanning(true)}
          aria-label={`Scan a unit of ${itemName}`}
          mb={problem ? 22 : 0}
        >
          <IconScan size={18} aria-hidden />
        </ActionIcon>
      </Group>
      {scanning && <ScanDialog title={`Scan a unit of ${itemName}`} onRead={onScan} onClose={() => setScanning(false)} />}
      {wrongCount && !units.isPending && (
        <Text size="sm" c={TONE.red} role="alert">
          Choose {count} {count === 1 ? 'unit' : 'units'} of {itemName} ({chosen.length} chosen
          {available.length < count ? `; only ${available.length} available` : ''}).
        </Text>
      )}
    </Stack>
  );
}
