import { useState } from 'react';
import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useItemChoices } from './deliveryApi';

export interface LineValues {
  itemId: string | null;
  itemName: string;
  tracked: boolean;
  quantity: number | string;
  unitCost: number | string;
  tagPrefix: string;
}
export const emptyLine = (): LineValues => ({ itemId: null, itemName: '', tracked: false, quantity: '', unitCost: '', tagPrefix: '' });

/** One line's item: the inventory searched as the name is typed, the chosen item kept among the choices. */
function ItemPicker({ line, onPick }: { line: LineValues; onPick: (item: { id: number; name: string; tracked: boolean } | null) => void }) {
  const [search, setSearch] = useState(line.itemName);
  const choices = useItemChoices(search === line.itemName ? '' : search.trim());
  const items = choices.data?.items ?? [];
  const data = items.map((i) => ({ value: String(i.id), label: i.name }));
  if (line.itemId && !data.some((d) => d.value === line.itemId)) data.unshift({ value: line.itemId, label: line.itemName });
  return (
    <Select
      label="Item"
      placeholder="Type to search the inventory"
      searchable
      required
      data={data}
      value={line.itemId}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={choices.isFetching ? 'Searching…' : 'No items match'}
      onChange={(value) => {
        const item = items.find((i) => String(i.id) === value);
        if (!value) onPick(null);
        else if (item) onPick({ id: item.id, name: item.name, tracked: item.tracking === 'tracked' });
      }}
    />
  );
}

/** Record delivery's lines: item, quantity and unit cost each, a tag prefix for a tracked item's new units. */
export function DeliveryLines<V extends { lines: LineValues[] }, B>({ form }: { form: UseFormReturnType<V, B> }) {
  const lines = form.getValues().lines;
  const path = (i: number, field: keyof LineValues) => `lines.${i}.${field}`;
  return (
    <>
      {lines.map((line, i) => (
        <Fieldset key={form.key(`lines.${i}`)} legend={`Line ${i + 1}`} p="sm">
          <ItemPicker
            line={line}
            onPick={(item) => {
              form.setFieldValue(path(i, 'itemId') as never, (item ? String(item.id) : null) as never);
              form.setFieldValue(path(i, 'itemName') as never, (item?.name ?? '') as never);
              form.setFieldValue(path(i, 'tracked') as never, (item?.tracked ?? false) as never);
            }}
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs">
            <NumberInput label="Quantity" min={1} allowDecimal={false} required {...form.getInputProps(path(i, 'quantity'))} />
            <NumberInput
              label="Unit cost (₱)"
              min={0}
              prefix="₱"
              decimalScale={2}
              thousandSeparator=","
              required
              {...form.getInputProps(path(i, 'unitCost'))}
            />
          </SimpleGrid>
          {line.tracked && (
            <TextInput
              mt="xs"
              label="Tag prefix"
              description="Each new unit is tagged with it, as Add Units tags them."
              required
              {...form.getInputProps(path(i, 'tagPrefix'))}
            />
          )}
          {lines.length > 1 && (
            <Group justify="flex-end" mt="xs">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove line ${i + 1}`}
                onClick={() => form.removeListItem('lines' as never, i)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Fieldset>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => form.insertListItem('lines' as never, emptyLine() as never)}
        >
          Add line
        </Button>
      </Group>
    </>
  );
}
