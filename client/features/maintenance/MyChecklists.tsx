import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist } from '@tabler/icons-react';
import type { CompleteJobInput, CompleteJobResult } from '../../../core/maintenance/schemas';
import { OFFLINE_WORK_MSG as SAY } from '../../../core/messages';
import { formatCalendarDate } from '../../../core/time';
import { sendOrQueue } from '../../lib/sendOrQueue';
import { useOfflineQueue, useQueueEvents } from '../../lib/useOfflineQueue';
import { lightTone } from '../../ui/tones';
import { useInvalidatePlans, useMyPlanJobs, type PlanDto } from './api';
import { checklistEntry, checklistMetaOf, isChecklistChange } from './checklistChange';
import { CompleteJobModal } from './CompleteJobModal';

/**
 * Personnel's own maintenance plan jobs, each with its checklist to fill (docs/decisions/offline-work.md): read
 * from the copy kept on the phone when there is no signal (the page's one "As of" note is the jobs list's above),
 * filled there too; a checklist filled offline waits on the phone ("Waiting to send") and is sent when the
 * connection returns. Nothing shows for someone with no plan jobs.
 */
export function MyChecklists({ personId }: { personId: number | null }) {
  const mine = useMyPlanJobs();
  const queue = useOfflineQueue(personId, isChecklistChange);
  const refresh = useInvalidatePlans();
  const [filling, setFilling] = useState<PlanDto | null>(null);
  useQueueEvents((e) => isChecklistChange(e.entry) && e.type === 'sent' && void refresh());

  const plans = mine.data?.items ?? [];
  if (plans.length === 0) return null;
  const stateOf = (plan: PlanDto) => {
    const entry = [...queue.waiting, ...queue.refused].find((e) => checklistMetaOf(e).jobId === plan.nextJob?.id);
    return entry ? entry.state : null;
  };

  const send = async (plan: PlanDto, body: CompleteJobInput) => {
    if (personId === null) return;
    const outcome = await sendOrQueue<CompleteJobResult>(checklistEntry(plan, personId, body));
    if (outcome.kept) notifications.show({ color: 'blue', title: SAY.kept, message: SAY.keptText(plan.code, 'checklist filled') });
    else {
      notifications.show({ color: 'green', title: 'Job done', message: outcome.answer.message });
      void refresh();
    }
    setFilling(null);
  };

  return (
    <Card withBorder component="section" aria-labelledby="my-checklists" mt="md">
      <Stack gap="sm">
        <Group gap="xs">
          <IconChecklist size={20} aria-hidden />
          <Title order={2} size="h4" id="my-checklists">
            Maintenance checklists
          </Title>
        </Group>
        {plans.map((plan) => {
          const state = stateOf(plan);
          const job = plan.nextJob!;
          return (
            <Group key={plan.id} justify="space-between" wrap="wrap" gap="xs" component="article" aria-label={`${plan.code} ${plan.title}`}>
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {plan.code} · {plan.title}
                </Text>
                <Text size="sm" c="dark.6">
                  {plan.target}, {plan.building} · due {formatCalendarDate(job.due)} · {plan.checklistName}
                </Text>
              </Stack>
              {state === 'waiting' ? (
                <Badge {...lightTone('blue')}>{SAY.waitingToSend('checklist filled')}</Badge>
              ) : state === 'refused' ? (
                <Badge {...lightTone('red')}>{SAY.notSentMark}</Badge>
              ) : (
                <Group gap="xs">
                  {plan.overdue && <Badge {...lightTone('red')}>Overdue</Badge>}
                  <Button size="xs" onClick={() => setFilling(plan)} aria-label={`Fill checklist: ${plan.code} ${plan.title}`}>
                    Fill checklist
                  </Button>
                </Group>
              )}
            </Group>
          );
        })}
      </Stack>
      {filling && <CompleteJobModal plan={filling} onClose={() => setFilling(null)} send={(body) => send(filling, body)} />}
    </Card>
  );
}
