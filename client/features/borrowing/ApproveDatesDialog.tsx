import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { approveDatesForm } from '../../../core/borrowing/approveForm';
import type { SeriesDatesDto } from '../../../core/borrowing/schemas';
import { requestCode } from '../../../core/borrowing/rules';
import { hoursText } from '../../../core/borrowing/timesOfDay';
import { firstIssue } from '../../../core/common/forms';
import { formatCalendarDate, weekdayOf } from '../../../core/time';
import { messageOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useApproveSeries, useSeriesDates } from './api';

type Outcome = { message: string; refused: { id: number; date: string; message: string }[] };
type Values = { selected: string[] };
type Body = { requests: number[] };

/**
 * The office decides a weekly series at once, "all dates or some" (docs/decisions/reservations.md): its pending dates
 * with checkboxes, all ticked; the ticked ones are approved each on its own (with its own checks), the others
 * rejected. The dates that could not be approved are said here, date by date, and stay pending.
 */
export function ApproveDatesDialog({
  seriesId,
  requesterName,
  onClose,
  onDone,
}: {
  seriesId: number;
  requesterName: string;
  onClose: () => void;
  /** Every chosen date approved: the board says so and closes the dialog. */
  onDone: (message: string) => void;
}) {
  const series = useSeriesDates(seriesId);
  const approve = useApproveSeries();
  // Kept here: the dates' list is fetched again once decided, and the choice below starts afresh from it.
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const title = `Approve dates of weekly series ${requestCode(seriesId)}`;
  const pending = (series.data?.dates ?? []).filter((d) => d.status === 'pending');
  if (series.isSuccess && !outcome && pending.length)
    return (
      <DateChoice
        key={pending.map((d) => d.id).join(',')}
        title={title}
        pending={pending}
        requesterName={requesterName}
        busy={approve.isPending}
        onClose={onClose}
        onApprove={async (requests) => {
          const res = await approve.mutateAsync({ seriesId, requests });
          if (res.refused.length) setOutcome(res);
          else onDone(res.message);
        }}
      />
    );
  return (
    <Modal opened onClose={onClose} title={title} centered size="md">
      {outcome ? (
        <Refusals outcome={outcome} onClose={onClose} />
      ) : series.isPending ? (
        <Text size="sm">Loading the dates…</Text>
      ) : series.isError ? (
        <ErrorAlert message={messageOf(series.error)} />
      ) : (
        <Stack gap="sm">
          <Text size="sm">No date of this series is pending.</Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** The dates to approve: the form's rule (core/borrowing/approveForm.ts) said as the dates are ticked. */
function DateChoice({
  title,
  pending,
  requesterName,
  busy,
  onClose,
  onApprove,
}: {
  title: string;
  pending: SeriesDatesDto['dates'];
  requesterName: string;
  busy: boolean;
  onClose: () => void;
  onApprove: (requests: number[]) => Promise<void>;
}) {
  const toBody = (v: Values): Body => ({ requests: v.selected.map(Number) });
  const form = useSchemaForm<Values, Body>(approveDatesForm, { selected: pending.map((d) => String(d.id)) }, { toBody, show: 'first' });
  const selected = form.values.selected;
  const problem = firstIssue(approveDatesForm, toBody(form.values));
  const left = pending.length - selected.length;
  return (
    <FormDialog
      form={form}
      title={title}
      size="md"
      onClose={onClose}
      onSubmit={(body) => onApprove(body.requests)}
      submitLabel={left ? `Approve ${selected.length}, Reject ${left}` : 'Approve Dates'}
      submitColor={TONE.green}
      submitDisabled={!!problem}
      busy={busy}
      error={problem ? { message: problem.message } : null}
      intro={
        <Text size="sm">
          Tick the dates to approve for {requesterName}. Each is approved on its own; a date its items are not free on is said and stays
          pending. The dates not ticked are rejected, and {requesterName} is told.
        </Text>
      }
    >
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          onClick={() =>
            form.setFieldValue(
              'selected',
              pending.map((d) => String(d.id)),
            )
          }
        >
          Tick All
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => form.setFieldValue('selected', [])}>
          Untick All
        </Button>
      </Group>
      <Checkbox.Group {...form.getInputProps('selected')} label="Dates to approve">
        <Stack gap="xs" mt={6}>
          {pending.map((d) => (
            <Checkbox
              key={d.id}
              value={String(d.id)}
              label={`${weekdayOf(d.dateNeeded)}, ${formatCalendarDate(d.dateNeeded)}${
                d.dateExpectedReturn !== d.dateNeeded ? ` to ${formatCalendarDate(d.dateExpectedReturn)}` : ''
              }${d.timeFrom && d.timeTo ? `, ${hoursText(d.timeFrom, d.timeTo)}` : ''} (${d.code})`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </FormDialog>
  );
}

/** Some chosen dates could not be approved: each said, with why (they stay pending). */
function Refusals({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" title={outcome.message} role="status" styles={{ title: { color: TONE.orange } }}>
        <Stack component="ul" gap={4} m={0} pl="md" aria-label="Dates not approved">
          {outcome.refused.map((r) => (
            <Text component="li" size="sm" key={r.id}>
              <b>
                {weekdayOf(r.date)}, {formatCalendarDate(r.date)}
              </b>{' '}
              ({requestCode(r.id)}): {r.message}
            </Text>
          ))}
        </Stack>
      </Alert>
      <Text size="sm">These dates stay pending: approve them later, or reject them one by one.</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
