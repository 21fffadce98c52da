import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { fieldErrors } from '../../../core/common/forms';
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
  UNIT_STATUS_LABELS,
  UNIT_TAG_MAX,
  unitEditForm,
  unitForm,
  tagOf,
} from '../../../core/inventory/units';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { useRooms } from '../locations/api';
import { useAddUnit, useAddUnits, useEditUnit, useRetireUnit, useTrackItem, type ItemDto, type UnitDto } from './api';

const errorStyle = { '--mantine-color-error': TONE.red } as React.CSSProperties;
const conditionData = UNIT_CONDITIONS.map((c) => ({ value: c, label: UNIT_CONDITION_LABELS[c] }));
const failure = (err: unknown) => (err instanceof ApiError ? err.message : MSG.serverError);

/** The home room: searched among the campus's rooms by code, name or building. */
function RoomSelect({ value, onChange, error }: { value: number | null; onChange: (v: number | null) => void; error?: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const rooms = useRooms({ search: debounced || undefined, pageSize: 50 });
  const data = (rooms.data?.items ?? []).map((r) => ({ value: String(r.id), label: `${r.code} · ${r.name} (${r.buildingName})` }));
  return (
    <Select
      label="Home room"
      description="Where the unit is kept; optional"
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

/** Add Unit, one at a time: its tag, serial number, condition and home room. */
export function AddUnitModal({ item, onClose }: { item: { id: number; name: string }; onClose: () => void }) {
  const [values, setValues] = useState({ tag: '', serialNumber: '', condition: 'good', homeRoomId: null as number | null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddUnit();
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = fieldErrors(unitForm, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const res = await add.mutateAsync({ itemId: item.id, body: values });
      notifications.show({ color: 'green', title: 'Success', message: `${res.message}: ${res.unit.tag}` });
      onClose();
    } catch (err) {
      setServerError(failure(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Add Unit of ${item.name}`} centered>
      <form onSubmit={submit} noValidate style={errorStyle}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Asset tag"
              description="Printed on its label"
              required
              maxLength={UNIT_TAG_MAX}
              value={values.tag}
              error={errors.tag || undefined}
              onChange={(e) => set('tag', e.currentTarget.value)}
              data-autofocus
            />
            <TextInput
              label="Serial number"
              maxLength={UNIT_SERIAL_MAX}
              value={values.serialNumber}
              error={errors.serialNumber || undefined}
              onChange={(e) => set('serialNumber', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Select
            label="Condition"
            allowDeselect={false}
            data={conditionData}
            value={values.condition}
            onChange={(v) => v && set('condition', v)}
          />
          <RoomSelect value={values.homeRoomId} onChange={(v) => set('homeRoomId', v)} error={errors.homeRoomId || undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Unit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Add Units in bulk: how many and the tag prefix; the tags PREFIX-0001, ... skip the ones taken. */
export function AddUnitsModal({ item, onClose }: { item: { id: number; name: string }; onClose: () => void }) {
  const [values, setValues] = useState({ count: 10 as number | string, prefix: '', condition: 'good', homeRoomId: null as number | null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const add = useAddUnits();
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const body = { ...values, count: typeof values.count === 'number' ? values.count : undefined };
    const found = fieldErrors(bulkUnitsForm, body);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const res = await add.mutateAsync({ itemId: item.id, body });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
    } catch (err) {
      setServerError(failure(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Add Units of ${item.name}`} centered>
      <form onSubmit={submit} noValidate style={errorStyle}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="How many"
              required
              min={1}
              max={UNIT_BULK_MAX}
              allowDecimal={false}
              value={values.count}
              error={errors.count || undefined}
              onChange={(v) => set('count', v)}
              data-autofocus
            />
            <TextInput
              label="Tag prefix"
              required
              maxLength={UNIT_PREFIX_MAX}
              value={values.prefix}
              error={errors.prefix || undefined}
              onChange={(e) => set('prefix', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Text size="sm" c="dark.6">
            {values.prefix.trim()
              ? `Tags from ${tagOf(values.prefix, 1)} on, skipping tags already used.`
              : 'Such as PROJ: tags PROJ-0001, PROJ-0002, …'}
          </Text>
          <Select
            label="Condition"
            allowDeselect={false}
            data={conditionData}
            value={values.condition}
            onChange={(v) => v && set('condition', v)}
          />
          <RoomSelect value={values.homeRoomId} onChange={(v) => set('homeRoomId', v)} error={errors.homeRoomId || undefined} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Units
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Edit Unit: serial number, condition, home room, and status among the office's corrections. */
export function EditUnitModal({ unit, onClose }: { unit: UnitDto; onClose: () => void }) {
  const [values, setValues] = useState({
    serialNumber: unit.serialNumber ?? '',
    condition: unit.condition,
    homeRoomId: unit.homeRoom?.id ?? null,
    status: unit.status,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const edit = useEditUnit();
  const set = <K extends keyof typeof values>(k: K, v: (typeof values)[K]) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  const locked = unit.status === 'on_loan' || unit.status === 'retired';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = fieldErrors(unitEditForm, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const res = await edit.mutateAsync({ id: unit.id, body: values });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
    } catch (err) {
      setServerError(failure(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Edit Unit ${unit.tag}`} centered>
      <form onSubmit={submit} noValidate style={errorStyle}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          {locked && (
            <Text size="sm" c={TONE.red} role="alert">
              {unit.status === 'on_loan'
                ? `${unit.tag} is out on loan; it can be changed once it is back.`
                : `${unit.tag} is retired; it can no longer be changed.`}
            </Text>
          )}
          <TextInput
            label="Serial number"
            maxLength={UNIT_SERIAL_MAX}
            value={values.serialNumber}
            error={errors.serialNumber || undefined}
            onChange={(e) => set('serialNumber', e.currentTarget.value)}
            disabled={locked}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <Select
              label="Condition"
              allowDeselect={false}
              data={conditionData}
              value={values.condition}
              onChange={(v) => v && set('condition', v)}
              disabled={locked}
            />
            <Select
              label="Status"
              allowDeselect={false}
              data={(locked ? [unit.status] : UNIT_EDIT_STATUSES).map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }))}
              value={values.status}
              error={errors.status || undefined}
              onChange={(v) => v && set('status', v as typeof values.status)}
              disabled={locked}
            />
          </SimpleGrid>
          {!locked && (
            <RoomSelect value={values.homeRoomId} onChange={(v) => set('homeRoomId', v)} error={errors.homeRoomId || undefined} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={edit.isPending} disabled={locked}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Retire Unit: why; it leaves the stock for good and stays in the history. */
export function RetireUnitModal({ unit, onClose }: { unit: UnitDto; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const retire = useRetireUnit();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = fieldErrors(retireUnitForm, { reason });
    setError(found.reason ?? '');
    if (found.reason) return;
    try {
      const res = await retire.mutateAsync({ id: unit.id, reason });
      notifications.show({ color: 'green', title: 'Success', message: `${res.message}: ${unit.tag}` });
      onClose();
    } catch (err) {
      setServerError(failure(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Retire Unit ${unit.tag}`} centered>
      <form onSubmit={submit} noValidate style={errorStyle}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          <Text size="sm">A retired unit leaves the stock for good; its history stays.</Text>
          <Textarea
            label="Reason"
            required
            autosize
            minRows={2}
            maxLength={UNIT_REASON_MAX}
            value={reason}
            error={error || undefined}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError('');
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={TONE.red} loading={retire.isPending}>
              Retire Unit
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Track Units: a counted item becomes tracked, one unit made per item on hand or on loan; says how many first. */
export function TrackItemModal({ item, onClose, onDone }: { item: ItemDto; onClose: () => void; onDone?: () => void }) {
  const [prefix, setPrefix] = useState('');
  const [error, setError] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const track = useTrackItem();
  const n = Math.max(0, item.quantity);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = fieldErrors(trackItemForm, { prefix, condition: 'good' });
    setError(found.prefix ?? '');
    if (found.prefix) return;
    try {
      const res = await track.mutateAsync({ id: item.id, body: { prefix, condition: 'good' } });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
      onDone?.();
    } catch (err) {
      setServerError(failure(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Track Units of ${item.name}`} centered>
      <form onSubmit={submit} noValidate style={errorStyle}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
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
            value={prefix}
            error={error || undefined}
            onChange={(e) => {
              setPrefix(e.currentTarget.value);
              setError('');
            }}
            description={
              prefix.trim() && n > 0
                ? `Tags ${tagOf(prefix, 1)}${n > 1 ? ` to ${tagOf(prefix, n)} (skipping tags already used)` : ''}`
                : 'Such as PROJ'
            }
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={track.isPending}>
              {n === 0 ? 'Track Units' : `Create ${n} ${n === 1 ? 'Unit' : 'Units'}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
