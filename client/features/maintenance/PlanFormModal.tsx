import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CHECKLIST_NAMES, PLAN_CHECKLISTS, type PlanFrequency } from '../../../core/maintenance/rules';
import type { PlanInput } from '../../../core/maintenance/schemas';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { todayIn } from '../../../core/time';
import { messageOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { usePlanActions, usePlanChoices, type PlanDto } from './api';

const FREQUENCIES: { value: PlanFrequency; label: string }[] = [
  { value: 'days', label: 'Every N days' },
  { value: 'weeks', label: 'Every N weeks' },
  { value: 'months', label: 'Every N months' },
  { value: 'rule', label: 'Recurrence rule (RRULE)' },
];

/** New Plan and Edit Plan (docs/decisions/maintenance-plans.md): the server checks every field and says what is wrong. */
export function PlanFormModal({ plan, onClose }: { plan: PlanDto | null; onClose: () => void }) {
  const choices = usePlanChoices();
  const { create, update } = usePlanActions();
  const [error, setError] = useState<string | null>(null);
  const [place, setPlace] = useState<'room' | 'unit'>(plan?.unitId ? 'unit' : 'room');
  const [who, setWho] = useState<'person' | 'trade'>(plan && !plan.personnelId && plan.trade ? 'trade' : 'person');
  const [v, setV] = useState({
    title: plan?.title ?? '',
    checklist: plan?.checklist ?? PLAN_CHECKLISTS[0],
    roomId: plan?.roomId ? String(plan.roomId) : null,
    unitId: plan?.unitId ? String(plan.unitId) : null,
    personnelId: plan?.personnelId ? String(plan.personnelId) : null,
    trade: (plan?.trade || null) as string | null,
    frequency: plan?.frequency ?? ('months' as PlanFrequency),
    interval: plan?.interval ?? 3,
    rule: plan?.rule ?? '',
    startDate: plan?.startDate ?? todayIn('Asia/Manila'),
    startTime: plan?.startTime ?? '08:00',
    endTime: plan?.endTime ?? '10:00',
    priority: plan?.priority ?? ('medium' as Priority),
  });
  const set = <K extends keyof typeof v>(k: K, value: (typeof v)[K]) => setV((all) => ({ ...all, [k]: value }));
  const saving = create.isPending || update.isPending;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: PlanInput = {
      title: v.title,
      checklist: v.checklist,
      roomId: place === 'room' && v.roomId ? Number(v.roomId) : null,
      unitId: place === 'unit' && v.unitId ? Number(v.unitId) : null,
      personnelId: who === 'person' && v.personnelId ? Number(v.personnelId) : null,
      trade: who === 'trade' ? ((v.trade ?? '') as PlanInput['trade']) : '',
      frequency: v.frequency,
      interval: Number(v.interval) || 1,
      rule: v.frequency === 'rule' ? v.rule : '',
      startDate: v.startDate,
      startTime: v.startTime,
      endTime: v.endTime,
      priority: v.priority,
    };
    const done = {
      onSuccess: (res: { message: string }) => {
        notifications.show({ color: 'green', title: 'Maintenance plan', message: res.message });
        onClose();
      },
      onError: (err: unknown) => setError(messageOf(err)),
    };
    if (plan) update.mutate({ id: plan.id, body }, done);
    else create.mutate(body, done);
  };

  const data = choices.data;
  return (
    <Modal opened onClose={onClose} title={plan ? `Edit Plan ${plan.code}` : 'New Plan'} centered size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert message={error ?? (choices.isError ? messageOf(choices.error) : null)} />
          <TextInput
            label="What is done"
            placeholder="Clean the aircon filters"
            required
            value={v.title}
            onChange={(e) => set('title', e.currentTarget.value)}
          />
          <Select
            label="Checklist"
            data={PLAN_CHECKLISTS.map((c) => ({ value: c, label: CHECKLIST_NAMES[c] }))}
            value={v.checklist}
            allowDeselect={false}
            onChange={(c) => c && set('checklist', c as typeof v.checklist)}
          />
          <Radio.Group label="Plan for" value={place} onChange={(p) => setPlace(p as 'room' | 'unit')}>
            <Group mt={6}>
              <Radio value="room" label="A room" />
              <Radio value="unit" label="A unit" />
            </Group>
          </Radio.Group>
          {place === 'room' ? (
            <Select
              label="Room"
              placeholder="Choose a room"
              searchable
              required
              data={(data?.rooms ?? []).map((r) => ({ value: String(r.id), label: r.label }))}
              value={v.roomId}
              onChange={(r) => set('roomId', r)}
              nothingFoundMessage="No room found"
            />
          ) : (
            <Select
              label="Unit"
              placeholder="Choose a unit kept in a room"
              searchable
              required
              data={(data?.units ?? []).map((u) => ({ value: String(u.id), label: u.label }))}
              value={v.unitId}
              onChange={(u) => set('unitId', u)}
              nothingFoundMessage="No unit with a home room found"
            />
          )}
          <Radio.Group label="Done by" value={who} onChange={(w) => setWho(w as 'person' | 'trade')}>
            <Group mt={6}>
              <Radio value="person" label="A personnel member" />
              <Radio value="trade" label="A trade" />
            </Group>
          </Radio.Group>
          {who === 'person' ? (
            <Select
              label="Personnel"
              placeholder="Choose a personnel member"
              searchable
              required
              data={(data?.personnel ?? []).map((p) => ({
                value: String(p.id),
                label: [p.name, p.trade].filter(Boolean).join(', '),
              }))}
              value={v.personnelId}
              onChange={(p) => set('personnelId', p)}
            />
          ) : (
            <Select
              label="Trade"
              description="The job goes on the schedule for no one yet; assign it there."
              placeholder="Choose a trade"
              searchable
              required
              data={data?.trades ?? []}
              value={v.trade}
              onChange={(t) => set('trade', t)}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Repeats"
              data={FREQUENCIES}
              value={v.frequency}
              allowDeselect={false}
              onChange={(f) => f && set('frequency', f as PlanFrequency)}
            />
            {v.frequency === 'rule' ? (
              <TextInput
                label="Recurrence rule"
                placeholder="FREQ=MONTHLY;INTERVAL=3"
                required
                value={v.rule}
                onChange={(e) => set('rule', e.currentTarget.value)}
              />
            ) : (
              <NumberInput
                label={`Every how many ${v.frequency}`}
                min={1}
                max={366}
                required
                value={v.interval}
                onChange={(n) => set('interval', Number(n) || 1)}
              />
            )}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              type="date"
              label="First due date"
              description="Closed days move to the next open day."
              required
              value={v.startDate}
              onChange={(e) => set('startDate', e.currentTarget.value)}
            />
            <TextInput
              type="time"
              label="Start time"
              required
              value={v.startTime}
              onChange={(e) => set('startTime', e.currentTarget.value)}
            />
            <TextInput type="time" label="End time" required value={v.endTime} onChange={(e) => set('endTime', e.currentTarget.value)} />
          </SimpleGrid>
          <Select
            label="Priority"
            data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={v.priority}
            allowDeselect={false}
            onChange={(p) => p && set('priority', p as Priority)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {plan ? 'Save Plan' : 'Create Plan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
