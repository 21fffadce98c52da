import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import { useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '../../../core/messages';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { UnitPicker } from './UnitPicker';

/**
 * Approve a pending request (docs/decisions/borrow-lifecycle.md): its items with checkboxes and the quantity on hand of each;
 * the lines stock can cover are preselected, the ones left unticked are approved at 0. A short line is
 * flagged with what could be lent, and cannot be approved while it is short; a line whose item has left
 * the inventory cannot be approved. The server decides again when Approve Selected is pressed.
 */
export function ApproveDialog({
  request,
  busy,
  error,
  onApprove,
  onClose,
}: {
  request: BorrowRequestDto;
  busy: boolean;
  /** The server's refusal (say, short stock), shown where the choice is made. */
  error: string | null;
  onApprove: (itemIds: number[], units: string[]) => void;
  onClose: () => void;
}) {
  // docs/decisions/reservations.md: a booking holds its dates only; the server checks them, and units are named at hand-out.
  const ahead = request.bookAhead;
  const short = (l: (typeof request.items)[number]) => !ahead && l.onHand !== null && l.onHand < l.quantityRequested;
  const [selected, setSelected] = useState<string[]>(() =>
    request.items.flatMap((l) => (l.itemId === null || short(l) ? [] : [String(l.itemId)])),
  );
  const shortSelected = request.items.filter((l) => l.itemId !== null && short(l) && selected.includes(String(l.itemId)));
  // The units chosen per tracked line (docs/decisions/units.md); undefined until the picker preselects them.
  const [units, setUnits] = useState<Record<number, string[] | undefined>>({});
  const trackedSelected = request.items.filter((l) => !ahead && l.tracked && l.itemId !== null && selected.includes(String(l.itemId)));
  const unitsShort = trackedSelected.filter((l) => (units[l.itemId!] ?? []).length !== l.quantityRequested);
  const submit = () => {
    if (selected.length > 0 && shortSelected.length === 0 && unitsShort.length === 0)
      onApprove(
        selected.map(Number),
        trackedSelected.flatMap((l) => units[l.itemId!] ?? []),
      );
  };
  return (
    <Modal opened onClose={onClose} title={`Approve ${request.code}`} centered size="md">
      <Stack gap="sm">
        <Text size="sm">
          {ahead
            ? `Select the items to approve for ${request.requesterName}. Booked ahead: the approved quantities are held from ${dateAndTime(request.dateNeeded, request.timeFrom)} to ${dateAndTime(request.dateExpectedReturn, request.timeTo)} and handed out on the day.`
            : `Select the items to approve for ${request.requesterName}. The approved quantities are taken out of stock.`}
        </Text>
        <Checkbox.Group value={selected} onChange={setSelected} label="Items to approve">
          <Stack gap="xs" mt={6}>
            {request.items.map((line) => (
              <Stack key={line.id} gap={4}>
                <Checkbox
                  value={line.itemId === null ? `gone-${line.id}` : String(line.itemId)}
                  disabled={line.itemId === null}
                  label={
                    <Group gap={6} wrap="wrap">
                      <span>
                        {line.name} x{line.quantityRequested}
                      </span>
                      <Badge size="xs" variant="outline" color="gray" c="dark.6">
                        {line.category}
                      </Badge>
                      {line.onHand !== null && !ahead && (
                        <Text span size="xs" c={short(line) ? TONE.red : 'dark.6'} fw={short(line) ? 700 : 400}>
                          {short(line) ? `Short: only ${line.onHand} on hand, ${line.onHand} could be approved` : `${line.onHand} on hand`}
                        </Text>
                      )}
                      {line.itemId === null && (
                        <Text span size="xs" c={TONE.red}>
                          No longer in the inventory
                        </Text>
                      )}
                    </Group>
                  }
                />
                {!ahead && line.tracked && line.itemId !== null && selected.includes(String(line.itemId)) && (
                  <UnitPicker
                    itemId={line.itemId}
                    itemName={line.name}
                    count={line.quantityRequested}
                    value={units[line.itemId]}
                    onChange={(tags) => setUnits((u) => ({ ...u, [line.itemId!]: tags }))}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        </Checkbox.Group>
        {/* Approve Selected is disabled then; the reason is said where it shows (docs/product.md, docs/decisions/form-checks.md). */}
        {selected.length === 0 && (
          <Text size="sm" c={TONE.red} role="alert">
            {MSG.selectItemsToApprove}
          </Text>
        )}
        {shortSelected.length > 0 && (
          <Text size="sm" c={TONE.red} role="alert">
            {MSG.shortLinesSelected(shortSelected.map((l) => l.name))}
          </Text>
        )}
        <ErrorAlert message={error} />
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={TONE.green}
            onClick={submit}
            disabled={selected.length === 0 || shortSelected.length > 0 || unitsShort.length > 0}
            loading={busy}
          >
            Approve Selected
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
