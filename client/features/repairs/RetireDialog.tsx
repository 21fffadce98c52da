import { Text, Textarea } from '@mantine/core';
import { RETIRE_REASON_MAX, retireForm } from '../../../core/repairs/rules';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import type { Failure } from '../../lib/api';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';

/**
 * Beyond repair (docs/decisions/return-conditions.md): closes an equipment-damage report with the unit retired for
 * good, with the reason in its history; a counted quantity stays out of stock.
 */
export function RetireDialog({
  report,
  busy,
  error,
  onRetire,
  onClose,
}: {
  report: RepairReportDto;
  busy: boolean;
  error: Failure | null;
  /** Retires; rejects when the server refuses (the board shows why). */
  onRetire: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useSchemaForm(retireForm, { reason: '' });
  const what = report.damage?.unitTag ?? report.damage?.itemName ?? 'the equipment';
  return (
    <FormDialog
      form={form}
      title={`${report.code}: beyond repair`}
      onClose={onClose}
      onSubmit={({ reason }) => onRetire(reason.trim())}
      submitLabel="Retire"
      submitColor={TONE.red}
      busy={busy}
      failure={shownByOpener}
      error={error}
      intro={<Text size="sm">Close this report with {what} retired? It leaves the stock for good; this cannot be undone.</Text>}
    >
      <Textarea
        label="Reason"
        description="Kept in the unit's history and as the work of this report."
        autosize
        minRows={2}
        maxLength={RETIRE_REASON_MAX}
        required
        {...form.getInputProps('reason')}
        data-autofocus
      />
    </FormDialog>
  );
}
