import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { UnitPicker } from './UnitPicker';

/**
 * Hand out a reservation on its day (docs/decisions/reservations.md): what was held, and the units of its tracked
 * lines chosen as at approval; the server takes the stock then.
 */
export function HandOutDialog({
  request,
  busy,
  error,
  onHandOut,
  onClose,
}: {
  request: BorrowRequestDto;
  busy: boolean;
  error: string | null;
  onHandOut: (units: string[]) => void;
  onClose: () => void;
}) {
  const lines = request.items.filter((l) => l.quantityReserved > 0 && l.itemId !== null);
  const [units, setUnits] = useState<Record<number, string[] | undefined>>({});
  const tracked = lines.filter((l) => l.tracked);
  const unitsShort = tracked.some((l) => (units[l.itemId!] ?? []).length !== l.quantityReserved);
  return (
    <Modal opened onClose={onClose} title={`Hand out ${request.code}`} centered size="md">
      <Stack gap="sm">
        <Text size="sm">
          {request.requesterName} collects what was held for {dateAndTime(request.dateNeeded, request.timeFrom)}, to bring back by{' '}
          {dateAndTime(request.dateExpectedReturn, request.timeTo)}. The quantities are taken out of stock now.
        </Text>
        {lines.map((line) => (
          <Stack key={line.id} gap={4}>
            <Text size="sm" fw={600}>
              {line.name} x{line.quantityReserved}
            </Text>
            {line.tracked && (
              <UnitPicker
                itemId={line.itemId!}
                itemName={line.name}
                count={line.quantityReserved}
                value={units[line.itemId!]}
                onChange={(tags) => setUnits((u) => ({ ...u, [line.itemId!]: tags }))}
              />
            )}
          </Stack>
        ))}
        <ErrorAlert message={error} />
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color={TONE.green}
            disabled={unitsShort}
            loading={busy}
            onClick={() => onHandOut(tracked.flatMap((l) => units[l.itemId!] ?? []))}
          >
            Hand Out
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
