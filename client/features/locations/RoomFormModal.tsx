import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FLOOR_MAX, LOCATION_NAME_MAX, LOCATION_NOTES_MAX, ROOM_CODE_MAX, roomForm } from '../../../core/locations/rules';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
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
  const form = useSchemaForm(
    roomForm,
    {
      buildingId: room?.buildingId ?? defaultBuilding ?? null,
      code: room?.code ?? '',
      name: room?.name ?? '',
      floor: room?.floor ?? '',
      notes: room?.notes ?? '',
    },
    { toBody: (v) => ({ ...v, buildingId: v.buildingId ?? undefined }) },
  );
  const save = useSaveRoom();
  const submit = async (body: ReturnType<typeof form.getTransformedValues>) => {
    const res = await save.mutateAsync({ id: room?.id ?? null, body });
    notifications.show({ color: 'green', title: 'Success', message: res.message });
    onClose();
  };
  const { buildingId } = form.values;

  return (
    <FormDialog
      form={form}
      title={room ? 'Edit Room' : 'Add Room'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={room ? 'Save Changes' : 'Add Room'}
      busy={save.isPending}
    >
      <Select
        label="Building"
        required
        searchable
        openOnFocus={false}
        data={buildings.map((b) => ({ value: String(b.id), label: `${b.name} (${b.code})` }))}
        value={buildingId === null ? null : String(buildingId)}
        error={form.errors.buildingId}
        onChange={(v) => form.setFieldValue('buildingId', v ? Number(v) : null)}
        data-autofocus
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput label="Room Code" description="Such as SCI-101" required maxLength={ROOM_CODE_MAX} {...form.getInputProps('code')} />
        <TextInput label="Floor" description="Such as Ground, 2nd, Roof" maxLength={FLOOR_MAX} {...form.getInputProps('floor')} />
      </SimpleGrid>
      <TextInput label="Room Name" required maxLength={LOCATION_NAME_MAX} {...form.getInputProps('name')} />
      <Textarea label="Notes" autosize minRows={2} maxLength={LOCATION_NOTES_MAX} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
