import { Button, Group, Text, TextInput } from '@mantine/core';
import { HOLD_REASON_MAX, HOLD_REASONS, holdForm } from '../../../core/repairs/deadlines';
import type { RepairReportDto } from '../../../core/repairs/schemas';
import { FormDialog, shownByOpener } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';

/**
 * Put on Hold (docs/decisions/repair-deadlines.md): why the work waits, typed or one of the usual reasons. The
 * report's deadlines stop until it is resumed, and the reporter is told the reason.
 */
export function HoldDialog({
  report: r,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  report: RepairReportDto;
  busy: boolean;
  /** The board's failure to put it on hold. */
  error: string | null;
  onClose: () => void;
  onConfirm: (reason: string) => unknown;
}) {
  const form = useSchemaForm(holdForm, { reason: '' }, { show: 'first' });
  return (
    <FormDialog
      form={form}
      title={`Put ${r.code} on hold`}
      onClose={onClose}
      onSubmit={async ({ reason }) => onConfirm(reason.trim())}
      submitLabel="Put on Hold"
      busy={busy}
      failure={shownByOpener}
      error={error ? { message: error } : null}
      intro={
        <>
          <Text size="sm">
            {r.building} - {r.room}: {r.issueDescription}
          </Text>
          <Text size="sm" c="dark.6">
            Its deadlines stop until the work resumes. The reporter is told why.
          </Text>
        </>
      }
    >
      <TextInput
        label="Reason"
        placeholder="Waiting for parts"
        {...form.getInputProps('reason')}
        maxLength={HOLD_REASON_MAX}
        required
        data-autofocus
      />
      <Group gap="xs" role="group" aria-label="Usual reasons">
        {HOLD_REASONS.map((usual) => (
          <Button key={usual} size="compact-sm" variant="light" onClick={() => form.setFieldValue('reason', usual)}>
            {usual}
          </Button>
        ))}
      </Group>
    </FormDialog>
  );
}
