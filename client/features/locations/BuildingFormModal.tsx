import { useState } from 'react';
import { Button, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fieldErrors } from '../../../core/common/forms';
import { BUILDING_CODE_MAX, buildingForm, LOCATION_NAME_MAX, LOCATION_NOTES_MAX } from '../../../core/locations/rules';
import { MSG } from '../../../core/messages';
import { ApiError } from '../../lib/api';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { TONE } from '../../ui/tones';
import { useSaveBuilding, type BuildingDto } from './api';

/** Add Building and Edit Building (docs/decisions/locations.md): code, name, notes, checked by the core form rule. */
export function BuildingFormModal({ building, onClose }: { building: BuildingDto | null; onClose: () => void }) {
  const [values, setValues] = useState({ code: building?.code ?? '', name: building?.name ?? '', notes: building?.notes ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveBuilding();
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setServerError(null);
    const found = fieldErrors(buildingForm, values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      const res = await save.mutateAsync({ id: building?.id ?? null, body: values });
      notifications.show({ color: 'green', title: 'Success', message: res.message });
      onClose();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : MSG.serverError);
    }
  };

  return (
    <Modal opened onClose={onClose} title={building ? 'Edit Building' : 'Add Building'} centered>
      <form onSubmit={submit} noValidate style={{ '--mantine-color-error': TONE.red } as React.CSSProperties}>
        <Stack gap="sm">
          <ErrorAlert message={serverError} />
          <TextInput
            label="Building Code"
            description="Letters, digits or dashes, such as SCI"
            required
            maxLength={BUILDING_CODE_MAX}
            value={values.code}
            error={errors.code || undefined}
            onChange={(e) => set('code', e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Building Name"
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
              {building ? 'Save Changes' : 'Add Building'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
