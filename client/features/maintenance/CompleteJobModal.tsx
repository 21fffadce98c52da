import { Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { formatCalendarDate } from '../../../core/time';
import { messageOf } from '../../lib/api';
import { ChecklistParticulars, type Particulars } from '../../ui/ChecklistParticulars';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import type { CompleteJobInput } from '../../../core/maintenance/schemas';
import { usePlanActions, type PlanDto } from './api';

/**
 * Complete a plan's job with its checklist (docs/decisions/maintenance-plans.md): the 19 particulars marked as in
 * the Preventive Maintenance Checklist; each marked x becomes a pending repair report for the plan's room. The
 * server checks the checklist and the job (done a moment before by someone else, say); its answer is shown. With
 * `send`, the filled checklist is the caller's to send (personnel's, through the phone's offline queue).
 */
export function CompleteJobModal({
  plan,
  onClose,
  send,
}: {
  plan: PlanDto;
  onClose: () => void;
  send?: (body: CompleteJobInput) => Promise<void>;
}) {
  const { complete } = usePlanActions();
  const job = plan.nextJob!;
  const form = useSchemaForm(
    null,
    { particulars: {} as Particulars, priority: plan.priority as Priority },
    { toBody: ({ particulars, priority }) => ({ jobId: job.id, particulars, priority }) },
  );
  const { particulars } = form.getValues();
  const problems = Object.values(particulars).filter((p) => p.status === 'x').length;
  const setParticular = (key: string, change: Partial<Particulars[string]>) =>
    form.setFieldValue('particulars', (all) => ({ ...all, [key]: { ...(all[key] ?? { status: '', remarks: '' }), ...change } }));

  const submit = async (body: { jobId: number; particulars: Particulars; priority: Priority }) => {
    if (send) return send(body as CompleteJobInput);
    const res = await complete.mutateAsync({ id: plan.id, body });
    notifications.show({ color: 'green', title: 'Job done', message: res.message });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={`Complete: ${plan.title}`}
      size="xl"
      onClose={onClose}
      onSubmit={submit}
      failure={messageOf}
      submitLabel="Save and Complete"
      busy={send ? undefined : complete.isPending}
      aside={
        <Text size="sm" fw={500}>
          {problems} marked x (with problem)
        </Text>
      }
    >
      <Text size="sm">
        {plan.code}, {plan.target} ({plan.building}), due {formatCalendarDate(job.due)}. Mark each particular check (without problem), x
        (with problem) or na (not applicable): each marked x becomes a pending repair report for this room.
      </Text>
      <ChecklistParticulars particulars={particulars} onChange={setParticular} remarkRows={2} />
      <Select
        label="Priority of the repair reports"
        data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        allowDeselect={false}
        {...form.getInputProps('priority')}
      />
    </FormDialog>
  );
}
