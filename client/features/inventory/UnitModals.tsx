import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Text, TextInput, Textarea, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  bulkUnitsForm,
  retireUnitForm,
  trackItemForm,
  UNIT_BULK_MAX,
  UNIT_CONDITION_LABELS,
  UNIT_CONDITIONS,
  UNIT_EDIT_STATUSES,
  UNIT_PREFIX_MAX,
  UNIT_REASON_MAX,
  UNIT_SERIAL_MAX,
  UNIT_MSG,
  UNIT_STATUS_LABELS,
  UNIT_TAG_MAX,
  unitEditForm,
  unitForm,
  tagOf,
} from '../../../core/inventory/units';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { TONE } from '../../ui/tones';
import { useRooms } from '../locations/api';
import { useAddUnit, useAddUnits, useEditUnit, useRetireUnit, useTrackItem, type ItemDto, type UnitDto } from './api';

const conditionData = UNIT_CONDITIONS.map((c) => ({ value: c, label: UNIT_CONDITION_LABELS[c] }));
const done = (message: string) => notifications.show({ color: 'green', title: 'Success', message });

/** The home room: searched among the campus's rooms by code, name or building. */
export function RoomSelect({
  value = null,
  onChange,
  error,
  label = 'Home room',
  description = 'Where the unit is kept; optional',
}: {
  value?: number | null;
  onChange: (v: number | null) => void;
  error?: string;
  label?: string;
  description?: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const rooms = useRooms({ search: debounced || undefined, pageSize: 50 });
  const data = (rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: `${r.code} · ${r.name} (${r.buildingName})` }));
  return (
    <Select
      label={label}
      description={description}
      placeholder="Search rooms"
      searchable
      clearable
      nothingFoundMessage={rooms.isPending ? 'Loading rooms…' : 'No room matches'}
      data={data}
      value={value === null ? null : String(value)}
      onSearchChange={setSearch}
      onChange={(v) => onChange(v ? Number(v) : null)}
      error={error}
      filter={({ options }) => options}
    />
  );
}

const ConditionSelect = (props: SelectProps) => <Select label="Condition" allowDeselect={false} data={conditionData} {...props} />;

/** Add Unit, one at a time: its tag, serial number, condition and home room. */
export function AddUnitModal({ item, onClose }: { item: { id: number; name: string }; onClose: () => void }) {
  const form = useSchemaForm(unitForm, { tag: '', serialNumber: '', condition: 'good', homeRoomId: null as number | null });
  const add = useAddUnit();
  const submit = async (body: typeof form.values) => {
    const res = await add.mutateAsync({ itemId: item.id, body });
    done(`${res.message}: ${res.unit.tag}`);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={`Add Unit of ${item.name}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add Unit"
      busy={add.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label="Asset tag"
          description="Printed on its label"
          required
          maxLength={UNIT_TAG_MAX}
          {...form.getInputProps('tag')}
          data-autofocus
        />
        <TextInput label="Serial number" maxLength={UNIT_SERIAL_MAX} {...form.getInputProps('serialNumber')} />
      </SimpleGrid>
      <ConditionSelect {...form.getInputProps('condition')} />
      <RoomSelect {...form.getInputProps('homeRoomId')} />
    </FormDialog>
  );
}

/** Add Units in bulk: how many and the tag prefix; the tags PREFIX-0001, ... skip the ones taken. */
export function AddUnitsModal({ item, onClose }: { item: { id: number; name: string }; onClose: () => void }) {
  const form = useSchemaForm(
    bulkUnitsForm,
    { count: 10 as number | string, prefix: '', condition: 'good', homeRoomId: null as number | null },
    { toBody: (v) => ({ ...v, count: typeof v.count === 'number' ? v.count : undefined }) },
  );
  const add = useAddUnits();
  const submit = async (body: ReturnType<typeof form.getTransformedValues>) => {
    const res = await add.mutateAsync({ itemId: item.id, body });
    done(res.message);
    onClose();
  };
  const { prefix } = form.values;
  return (
    <FormDialog
      form={form}
      title={`Add Units of ${item.name}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Add Units"
      busy={add.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label="How many"
          required
          min={1}
          max={UNIT_BULK_MAX}
          allowDecimal={false}
          {...form.getInputProps('count')}
          data-autofocus
        />
        <TextInput label="Tag prefix" required maxLength={UNIT_PREFIX_MAX} {...form.getInputProps('prefix')} />
      </SimpleGrid>
      <Text size="sm" c="dark.6">
        {prefix.trim() ? `Tags from ${tagOf(prefix, 1)} on, skipping tags already used.` : 'Such as PROJ: tags PROJ-0001, PROJ-0002, …'}
      </Text>
      <ConditionSelect {...form.getInputProps('condition')} />
      <RoomSelect {...form.getInputProps('homeRoomId')} />
    </FormDialog>
  );
}

/** Edit Unit: serial number, condition, home room, and status among the office's corrections. */
export function EditUnitModal({ unit, onClose }: { unit: UnitDto; onClose: () => void }) {
  const form = useSchemaForm(unitEditForm, {
    serialNumber: unit.serialNumber ?? '',
    condition: unit.condition,
    homeRoomId: unit.homeRoom?.id ?? null,
    status: unit.status,
  });
  const edit = useEditUnit();
  const locked = unit.status === 'on_loan' || unit.status === 'issued' || unit.status === 'retired';
  const submit = async (body: typeof form.values) => {
    const res = await edit.mutateAsync({ id: unit.id, body });
    done(res.message);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={`Edit Unit ${unit.tag}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Save Changes"
      busy={edit.isPending}
      submitDisabled={locked}
    >
      {locked && (
        <Text size="sm" c={TONE.red} role="alert">
          {unit.status === 'on_loan'
            ? `${unit.tag} is out on loan; it can be changed once it is back.`
            : unit.status === 'issued'
              ? UNIT_MSG.unitIssued(unit.tag)
              : `${unit.tag} is retired; it can no longer be changed.`}
        </Text>
      )}
      <TextInput
        label="Serial number"
        maxLength={UNIT_SERIAL_MAX}
        {...form.getInputProps('serialNumber')}
        disabled={locked}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ConditionSelect {...form.getInputProps('condition')} disabled={locked} />
        <Select
          label="Status"
          allowDeselect={false}
          data={(locked ? [unit.status] : UNIT_EDIT_STATUSES).map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }))}
          {...form.getInputProps('status')}
          disabled={locked}
        />
      </SimpleGrid>
      {!locked && <RoomSelect {...form.getInputProps('homeRoomId')} />}
    </FormDialog>
  );
}

/** Retire Unit: why; it leaves the stock for good and stays in the history. */
export function RetireUnitModal({ unit, onClose }: { unit: UnitDto; onClose: () => void }) {
  const form = useSchemaForm(retireUnitForm, { reason: '' });
  const retire = useRetireUnit();
  const submit = async ({ reason }: typeof form.values) => {
    const res = await retire.mutateAsync({ id: unit.id, reason });
    done(`${res.message}: ${unit.tag}`);
    onClose();
  };
  return (
    <FormDialog
      form={form}
      title={`Retire Unit ${unit.tag}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel="Retire Unit"
      submitColor={TONE.red}
      busy={retire.isPending}
    >
      <Text size="sm">A retired unit leaves the stock for good; its history stays.</Text>
      <Textarea label="Reason" required autosize minRows={2} maxLength={UNIT_REASON_MAX} {...form.getInputProps('reason')} data-autofocus />
    </FormDialog>
  );
}

/** Track Units: a counted item becomes tracked, one unit made per item on hand or on loan; says how many first. */
export function TrackItemModal({ item, onClose, onDone }: { item: ItemDto; onClose: () => void; onDone?: () => void }) {
  const form = useSchemaForm(trackItemForm, { prefix: '', condition: 'good' });
  const track = useTrackItem();
  const n = Math.max(0, item.quantity);
  const submit = async (body: typeof form.values) => {
    const res = await track.mutateAsync({ id: item.id, body });
    done(res.message);
    onClose();
    onDone?.();
  };
  const { prefix } = form.values;
  return (
    <FormDialog
      form={form}
      title={`Track Units of ${item.name}`}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={n === 0 ? 'Track Units' : `Create ${n} ${n === 1 ? 'Unit' : 'Units'}`}
      busy={track.isPending}
    >
      <Text size="sm">
        {n === 0
          ? `${item.name} has none on hand: units are made only for any out on loan. Add units after.`
          : `${n} ${n === 1 ? 'unit' : 'units'} will be created, one per item on hand, each with its own asset tag.`}{' '}
        Any out on loan get theirs too, named on their loans as lent. From then on its quantity is counted from its units available, not
        typed.
      </Text>
      <TextInput
        label="Tag prefix"
        required
        maxLength={UNIT_PREFIX_MAX}
        {...form.getInputProps('prefix')}
        description={
          prefix.trim() && n > 0
            ? `Tags ${tagOf(prefix, 1)}${n > 1 ? ` to ${tagOf(prefix, n)} (skipping tags already used)` : ''}`
            : 'Such as PROJ'
        }
        data-autofocus
      />
    </FormDialog>
  );
}
