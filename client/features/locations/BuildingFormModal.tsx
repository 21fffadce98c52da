import { TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BUILDING_CODE_MAX, buildingForm, LOCATION_NAME_MAX, LOCATION_NOTES_MAX } from '../../../core/locations/rules';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useSaveBuilding, type BuildingDto } from './api';

/** Add Building and Edit Building (docs/decisions/locations.md): code, name, notes, checked by the core form rule. */
export function BuildingFormModal({ building, onClose }: { building: BuildingDto | null; onClose: () => void }) {
  const form = useSchemaForm(buildingForm, { code: building?.code ?? '', name: building?.name ?? '', notes: building?.notes ?? '' });
  const save = useSaveBuilding();
  const submit = async (body: typeof form.values) => {
    const res = await save.mutateAsync({ id: building?.id ?? null, body });
    notifications.show({ color: 'green', title: 'Success', message: res.message });
    onClose();
  };

  return (
    <FormDialog
      form={form}
      title={building ? 'Edit Building' : 'Add Building'}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={building ? 'Save Changes' : 'Add Building'}
      busy={save.isPending}
    >
      <TextInput
        label="Building Code"
        description="Letters, digits or dashes, such as SCI"
        required
        maxLength={BUILDING_CODE_MAX}
        {...form.getInputProps('code')}
        data-autofocus
      />
      <TextInput label="Building Name" required maxLength={LOCATION_NAME_MAX} {...form.getInputProps('name')} />
      <Textarea label="Notes" autosize minRows={2} maxLength={LOCATION_NOTES_MAX} {...form.getInputProps('notes')} />
    </FormDialog>
  );
}
