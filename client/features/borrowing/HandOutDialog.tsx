import { Stack, Text } from '@mantine/core';
import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import type { BorrowRequestDto } from '../../../core/borrowing/schemas';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { UnitPicker } from './UnitPicker';

type Picked = { units: Record<number, string[] | undefined> };

/**
 * Hand out a reservation on its day (docs/decisions/reservations.md): what was held, and the units of its tracked
 * lines chosen as at approval; the server takes the stock then (and checks the units: no rule of the form's own).
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
  onHandOut: (units: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const lines = request.items.filter((l) => l.quantityReserved > 0 && l.itemId !== null);
  const tracked = lines.filter((l) => l.tracked);
  const tagsOf = ({ units }: Picked) => tracked.flatMap((l) => units[l.itemId!] ?? []);
  const form = useSchemaForm<Picked, string[]>(null, { units: {} }, { toBody: tagsOf });
  const { units } = form.getValues();
  return (
    <FormDialog
      form={form}
      title={`Hand out ${request.code}`}
      onClose={onClose}
      onSubmit={onHandOut}
      submitLabel="Hand Out"
      submitColor={TONE.green}
      submitDisabled={tracked.some((l) => (units[l.itemId!] ?? []).length !== l.quantityReserved)}
      busy={busy}
      failure={shownByOpener}
      error={error ? { message: error } : null}
      intro={
        <Text size="sm">
          {request.requesterName} collects what was held for {dateAndTime(request.dateNeeded, request.timeFrom)}, to bring back by{' '}
          {dateAndTime(request.dateExpectedReturn, request.timeTo)}. The quantities are taken out of stock now.
        </Text>
      }
    >
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
              onChange={(tags) => form.setFieldValue('units', (all) => ({ ...all, [line.itemId!]: tags }))}
            />
          )}
        </Stack>
      ))}
    </FormDialog>
  );
}
