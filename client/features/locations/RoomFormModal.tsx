import { useState } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fieldErrors } from '../../../core/common/forms';
import { FLOOR_MAX, LOCATION_NAME_MAX, LOCATION_NOTES_MAX, ROOM_CODE_MAX, roomForm } from '../../../core/locations/rules';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { useSaveRoom, type BuildingDto, type RoomDto } from './api';

/** Add Room and Edit Room (docs/decisions/locations.md): building, code, name, floor, notes, checked by the core form rule. */
export function RoomFormModal({
  room,
  buildings,
  defaultBuilding,
  onClose,
}: {
  room: RoomDto | null;
  buildings: BuildingDto[];
  defaultBuilding?: number;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    buildingId: room?.buildingId ?? defaultBuilding ?? null,
    code: room?.code ?? '',
    name: room?.name ?? '',
    floor: room?.floor ?? '',
    notes: room?.notes ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveRoom();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const body = { ...values, buildingId: values.buildingId ?? undefined };
    const found = fieldErrors(roomForm, body);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const res = await save.mutateAsync({ id: room?.id ?? null, body });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : MSG.serverError);
    }
  };

  return (
    <Modal opened onClose={onClose} title={room ? 'Edit Room' : 'Add Room'} centered>
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': TONE.red } as React.CSSProperties}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          <Select
            label="Building"
            required
            searchable
            openOnFocus={false}
            data={buildings.map((b) => ({ value: String(b.id), label: `${b.name} (${b.code})` }))}
            value={values.buildingId === null ? null : String(values.buildingId)}
            error={errors.buildingId || undefined}
            onChange={(v) => set('buildingId', v ? Number(v) : null)}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label="Room Code"
              description="Such as SCI-101"
              required
              maxLength={ROOM_CODE_MAX}
              value={values.code}
              error={errors.code || undefined}
              onChange={(e) => set('code', e.currentTarget.value)}
            />
            <TextInput
              label="Floor"
              description="Such as Ground, 2nd, Roof"
              maxLength={FLOOR_MAX}
              value={values.floor}
              error={errors.floor || undefined}
              onChange={(e) => set('floor', e.currentTarget.value)}
            />
          </SimpleGrid>
          <TextInput
            label="Room Name"
            required
            maxLength={LOCATION_NAME_MAX}
            value={values.name}
            error={errors.name || undefined}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <Textarea
            label="Notes"
            autosize
            minRows={2}
            maxLength={LOCATION_NOTES_MAX}
            value={values.notes}
            error={errors.notes || undefined}
            onChange={(e) => set('notes', e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {room ? 'Save Changes' : 'Add Room'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
