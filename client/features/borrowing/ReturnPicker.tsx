import { Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto, ReturnSelection } from '../../../core/borrowing/schemas';

/** What is ticked to come back: units by tag (tracked lines), a count per counted line. */
export interface Pick {
  units: Record<string, boolean>;
  counts: Record<number, number>;
}

const outOf = (l: BorrowRequestDto['items'][number]) => Math.max(0, l.quantityApproved - l.quantityBack);
const linesOut = (request: BorrowRequestDto) => request.items.filter((l) => outOf(l) > 0);

/** Everything still out, ticked (the default: a return of all of it). */
export function pickAll(request: BorrowRequestDto): Pick {
  const pick: Pick = { units: {}, counts: {} };
  for (const l of linesOut(request)) {
    if (l.units.length) for (const tag of l.unitsOut) pick.units[tag] = true;
    else pick.counts[l.id] = outOf(l);
  }
  return pick;
}

/** How many things are ticked. */
export const pickedCount = (pick: Pick) =>
  Object.values(pick.units).filter(Boolean).length + Object.values(pick.counts).reduce((n, c) => n + (c || 0), 0);

/** The return's body: null when everything still out is ticked (a whole return, as before partial returns). */
export function selectionOf(request: BorrowRequestDto, pick: Pick): ReturnSelection | null {
  const all = pickAll(request);
  if (pickedCount(pick) === pickedCount(all)) return null;
  return {
    items: Object.entries(pick.counts)
      .filter(([, n]) => n > 0)
      .map(([lineId, quantity]) => ({ lineId: Number(lineId), quantity })),
    units: Object.entries(pick.units)
      .filter(([, on]) => on)
      .map(([tag]) => tag),
  };
}

/**
 * What comes back (docs/decisions/partial-returns.md): each unit still out as a checkbox, each counted line as a
 * count, everything ticked to begin with.
 */
export function ReturnPicker({
  request,
  pick,
  onChange,
  question = 'What are you returning?',
}: {
  request: BorrowRequestDto;
  pick: Pick;
  onChange: (pick: Pick) => void;
  question?: string;
}) {
  const out = request.itemsOut;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={600}>
        {question} ({pickedCount(pick)} of {out} still out chosen)
      </Text>
      {linesOut(request).map((l) =>
        l.units.length ? (
          <Stack key={l.id} gap={4}>
            <Text size="sm" fw={500}>
              {l.name}
            </Text>
            {l.unitsOut.map((tag) => (
              <Checkbox
                key={tag}
                label={`${l.name} ${tag}`}
                checked={!!pick.units[tag]}
                onChange={(e) => onChange({ ...pick, units: { ...pick.units, [tag]: e.currentTarget.checked } })}
              />
            ))}
          </Stack>
        ) : (
          <NumberInput
            key={l.id}
            label={`How many ${l.name} (${outOf(l)} still out)`}
            min={0}
            max={outOf(l)}
            allowDecimal={false}
            clampBehavior="strict"
            value={pick.counts[l.id] ?? 0}
            onChange={(v) => onChange({ ...pick, counts: { ...pick.counts, [l.id]: typeof v === 'number' ? v : 0 } })}
          />
        ),
      )}
    </Stack>
  );
}
