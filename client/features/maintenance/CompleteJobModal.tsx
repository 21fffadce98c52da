import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { formatCalendarDate } from '../../../core/time';
import { messageOf } from '../../lib/api';
import { ChecklistParticulars, type Particulars } from '../../ui/ChecklistParticulars';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { usePlanActions, type PlanDto } from './api';

/**
 * Complete a plan's job with its checklist (docs/decisions/maintenance-plans.md): the 19 particulars marked as in
 * the Preventive Maintenance Checklist; each marked x becomes a pending repair report for the plan's room.
 */
export function CompleteJobModal({ plan, onClose }: { plan: PlanDto; onClose: () => void }) {
  const { complete } = usePlanActions();
  const [particulars, setParticulars] = useState<Particulars>({});
  const [priority, setPriority] = useState<Priority>(plan.priority);
  const [error, setError] = useState<string | null>(null);
  const problems = Object.values(particulars).filter((p) => p.status === 'x').length;
  const setParticular = (key: string, change: Partial<Particulars[string]>) =>
    setParticulars((all) => ({ ...all, [key]: { ...(all[key] ?? { status: '', remarks: '' }), ...change } }));
  const job = plan.nextJob!;

  const submit = () => {
    setError(null);
    complete.mutate(
      { id: plan.id, body: { jobId: job.id, particulars, priority } },
      {
        onSuccess: (res) => {
          notifications.show({ color: 'green', title: 'Job done', message: res.message });
          onClose();
        },
        onError: (err) => setError(messageOf(err)),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Complete: ${plan.title}`} centered size="xl">
      <Stack>
        <ErrorAlert message={error} />
        <Text size="sm">
          {plan.code}, {plan.target} ({plan.building}), due {formatCalendarDate(job.due)}. Mark each particular check (without problem), x
          (with problem) or na (not applicable): each marked x becomes a pending repair report for this room.
        </Text>
        <ChecklistParticulars particulars={particulars} onChange={setParticular} remarkRows={2} />
        <Select
          label="Priority of the repair reports"
          data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          value={priority}
          allowDeselect={false}
          onChange={(p) => p && setPriority(p as Priority)}
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" fw={500}>
            {problems} marked x (with problem)
          </Text>
          <Group>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button loading={complete.isPending} onClick={submit}>
              Save and Complete
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
