import { Group, NumberInput, Radio, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CHECKLIST_NAMES, PLAN_CHECKLISTS, type PlanFrequency } from '../../../core/maintenance/rules';
import type { PlanInput } from '../../../core/maintenance/schemas';
import { PRIORITIES, PRIORITY_LABELS, type Priority } from '../../../core/repairs/rules';
import { todayIn } from '../../../core/time';
import { messageOf } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
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
  const form = useSchemaForm(
    null,
    {
      place: (plan?.unitId ? 'unit' : 'room') as 'room' | 'unit',
      who: (plan && !plan.personnelId && plan.trade ? 'trade' : 'person') as 'person' | 'trade',
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
    },
    {
      toBody: (v): PlanInput => ({
        title: v.title,
        checklist: v.checklist,
        roomId: v.place === 'room' && v.roomId ? Number(v.roomId) : null,
        unitId: v.place === 'unit' && v.unitId ? Number(v.unitId) : null,
        personnelId: v.who === 'person' && v.personnelId ? Number(v.personnelId) : null,
        trade: v.who === 'trade' ? ((v.trade ?? '') as PlanInput['trade']) : '',
        frequency: v.frequency,
        interval: Number(v.interval) || 1,
        rule: v.frequency === 'rule' ? v.rule : '',
        startDate: v.startDate,
        startTime: v.startTime,
        endTime: v.endTime,
        priority: v.priority,
      }),
    },
  );
  const submit = async (body: PlanInput) => {
    const res = plan ? await update.mutateAsync({ id: plan.id, body }) : await create.mutateAsync(body);
    notifications.show({ color: 'green', title: 'Maintenance plan', message: res.message });
    onClose();
  };

  const data = choices.data;
  const v = form.values;
  const input = form.getInputProps;
  return (
    <FormDialog
      form={form}
      title={plan ? `Edit Plan ${plan.code}` : 'New Plan'}
      size="lg"
      onClose={onClose}
      onSubmit={submit}
      failure={messageOf}
      submitLabel={plan ? 'Save Plan' : 'Create Plan'}
      busy={create.isPending || update.isPending}
    >
      <ErrorAlert message={choices.isError ? messageOf(choices.error) : null} />
      <TextInput label="What is done" placeholder="Clean the aircon filters" required {...input('title')} />
      <Select
        label="Checklist"
        data={PLAN_CHECKLISTS.map((c) => ({ value: c, label: CHECKLIST_NAMES[c] }))}
        allowDeselect={false}
        {...input('checklist')}
      />
      <Radio.Group label="Plan for" {...input('place')}>
        <Group mt={6}>
          <Radio value="room" label="A room" />
          <Radio value="unit" label="A unit" />
        </Group>
      </Radio.Group>
      {v.place === 'room' ? (
        <Select
          label="Room"
          placeholder="Choose a room"
          searchable
          required
          data={(data?.rooms ?? []).map((r) => ({ value: String(r.id), label: r.label }))}
          {...input('roomId')}
          nothingFoundMessage="No room found"
        />
      ) : (
        <Select
          label="Unit"
          placeholder="Choose a unit kept in a room"
          searchable
          required
          data={(data?.units ?? []).map((u) => ({ value: String(u.id), label: u.label }))}
          {...input('unitId')}
          nothingFoundMessage="No unit with a home room found"
        />
      )}
      <Radio.Group label="Done by" {...input('who')}>
        <Group mt={6}>
          <Radio value="person" label="A personnel member" />
          <Radio value="trade" label="A trade" />
        </Group>
      </Radio.Group>
      {v.who === 'person' ? (
        <Select
          label="Personnel"
          placeholder="Choose a personnel member"
          searchable
          required
          data={(data?.personnel ?? []).map((p) => ({
            value: String(p.id),
            label: [p.name, p.trade].filter(Boolean).join(', '),
          }))}
          {...input('personnelId')}
        />
      ) : (
        <Select
          label="Trade"
          description="The job goes on the schedule for no one yet; assign it there."
          placeholder="Choose a trade"
          searchable
          required
          data={data?.trades ?? []}
          {...input('trade')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Repeats" data={FREQUENCIES} allowDeselect={false} {...input('frequency')} />
        {v.frequency === 'rule' ? (
          <TextInput label="Recurrence rule" placeholder="FREQ=MONTHLY;INTERVAL=3" required {...input('rule')} />
        ) : (
          <NumberInput
            label={`Every how many ${v.frequency}`}
            min={1}
            max={366}
            required
            value={v.interval}
            onChange={(n) => form.setFieldValue('interval', Number(n) || 1)}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          type="date"
          label="First due date"
          description="Closed days move to the next open day."
          required
          {...input('startDate')}
        />
        <TextInput type="time" label="Start time" required {...input('startTime')} />
        <TextInput type="time" label="End time" required {...input('endTime')} />
      </SimpleGrid>
      <Select
        label="Priority"
        data={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
        allowDeselect={false}
        {...input('priority')}
      />
    </FormDialog>
  );
}
