import { MultiSelect, Radio, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { COUNT_MSG, COUNT_SCREEN, COUNT_WORDS, startCountForm } from '../../../core/inventory/counts';
import { CATEGORIES } from '../../../core/inventory/rules';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useBuildings } from '../locations/api';
import { useStartCount, type StartCountBody } from './api';

interface Values {
  reference: string;
  name: string;
  scope: 'campus' | 'buildings';
  buildingIds: string[];
  categories: string[];
}

const bodyOf = (v: Values): StartCountBody => ({
  reference: v.reference.trim(),
  name: v.name.trim(),
  ...(v.scope === 'buildings' ? { buildingIds: v.buildingIds.map(Number) } : {}),
  ...(v.categories.length ? { categories: v.categories } : {}),
});

/** A count of chosen buildings with none chosen would count the whole campus: it is asked for instead. */
const CHOOSE_BUILDINGS = 'Choose the buildings to count, or count the whole campus.';

/**
 * Start count (docs/decisions/counts.md): a reference and a name, the whole campus or chosen buildings, and
 * optionally some categories. What the count expects is fixed when it starts.
 */
export function StartCountDialog({ onClose, onStarted }: { onClose: () => void; onStarted: (id: number) => void }) {
  const buildings = useBuildings();
  const start = useStartCount();
  const form = useSchemaForm<Values, StartCountBody>(
    startCountForm,
    { reference: '', name: '', scope: 'buildings', buildingIds: [], categories: [] },
    { toBody: bodyOf, show: 'first' },
  );
  const submit = async (body: StartCountBody) => {
    if (form.values.scope === 'buildings' && !body.buildingIds?.length) throw new Error(CHOOSE_BUILDINGS);
    const res = await start.mutateAsync(body);
    notifications.show({ color: 'green', message: COUNT_MSG.started(res.count.reference) });
    onClose();
    onStarted(res.count.id);
  };
  return (
    <FormDialog
      form={form}
      title={COUNT_SCREEN.startCount}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={COUNT_SCREEN.startCount}
      failure={(err) => (err instanceof Error ? err.message : String(err))}
      intro="What the count expects is fixed when it starts: units added or moved afterwards do not change it."
    >
      <TextInput
        label="Reference"
        description="For example CNT-2026-001"
        required
        autoCapitalize="characters"
        {...form.getInputProps('reference')}
      />
      <TextInput label="Name" description="For example Yearly count 2026" required {...form.getInputProps('name')} />
      <Radio.Group label="What to count" {...form.getInputProps('scope')}>
        <Group mt={4}>
          <Radio value="buildings" label="Chosen buildings" />
          <Radio value="campus" label={COUNT_WORDS.wholeCampus} />
        </Group>
      </Radio.Group>
      {form.values.scope === 'buildings' && (
        <MultiSelect
          label="Buildings"
          placeholder={buildings.isPending ? 'Loading buildings…' : 'Choose buildings'}
          searchable
          data={(buildings.data?.items ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
          error={buildings.isError ? 'The buildings could not be loaded.' : undefined}
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps('buildingIds')}
        />
      )}
      <Stack gap={2}>
        <MultiSelect
          label="Categories"
          description={`None chosen: ${COUNT_WORDS.allCategories.toLowerCase()}`}
          placeholder={COUNT_WORDS.allCategories}
          data={[...CATEGORIES]}
          clearable
          comboboxProps={{ keepMounted: false }}
          {...form.getInputProps('categories')}
        />
      </Stack>
    </FormDialog>
  );
}
