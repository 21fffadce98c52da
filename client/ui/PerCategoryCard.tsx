import { useEffect, type ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { CATEGORIES, type Category } from '../../core/inventory/rules';
import { ErrorAlert } from './ErrorAlert';

interface Props<V> {
  /** The card's element id, also its heading's. */
  id: string;
  title: string;
  description: string;
  /** The setting as stored (undefined while it loads), the error that kept it from loading. */
  stored: Record<Category, V> | undefined;
  loadError: Error | null;
  /** Saves the settings; resolves with them as the server kept them. */
  save: (values: Record<Category, V>) => Promise<Record<Category, V>>;
  saving: boolean;
  saveError: Error | null;
  savedMessage: string;
  submitLabel: string;
  /** The field of one category, given its value and how to change it. */
  field: (category: Category, value: V, change: (value: V) => void) => ReactNode;
}

/**
 * A settings card with one field per item category (the suggested repair trade, who may request supplies), kept in
 * @mantine/form and saved whole.
 */
export function PerCategoryCard<V>(p: Props<V>) {
  const form = useForm<Record<Category, V>>({ mode: 'controlled' });
  const loaded = form.initialized;
  useEffect(() => {
    if (p.stored && !loaded) form.initialize(p.stored);
  }, [p.stored, loaded, form]);

  const submit = form.onSubmit(async (values) => {
    const kept = await p.save(values).catch(() => null);
    if (!kept) return;
    form.setValues(kept);
    notifications.show({ color: 'green', title: 'Success', message: p.savedMessage });
  });

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby={`${p.id}-title`}>
      <Title order={2} size="h4" id={`${p.id}-title`}>
        {p.title}
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        {p.description}
      </Text>
      {p.loadError && <ErrorAlert message={p.loadError.message} />}
      {!loaded ? (
        !p.loadError && <Text size="sm">Loading...</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {p.saveError && <ErrorAlert message={p.saveError.message} />}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              {CATEGORIES.map((c) => (
                <div key={c}>{p.field(c, form.getValues()[c], (v) => form.setFieldValue(c, v as never))}</div>
              ))}
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={p.saving}>
                {p.submitLabel}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
