import { Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { EVENT_GROUPS, type WebhookEvent } from '../../../core/webhooks/events';
import { newWebhookValues, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, webhookForm, type WebhookForm } from '../../../core/webhooks/rules';
import { FormDialog } from '../../ui/form/FormDialog';
import { useSchemaForm } from '../../ui/form/useSchemaForm';
import { useWebhookActions, type WebhookDto } from './api';

/**
 * Add Webhook and Edit (docs/decisions/webhooks.md): the address, a description and the events, checked by core's
 * form rule; the server checks where the address leads. A new webhook's secret is shown once by the opener.
 */
export function WebhookDialog({
  webhook,
  onClose,
  onMade,
}: {
  webhook: WebhookDto | null;
  onClose: () => void;
  onMade: (made: { url: string; secret: string }) => void;
}) {
  const start: WebhookForm = webhook
    ? { url: webhook.url, description: webhook.description, allEvents: webhook.allEvents, events: webhook.events }
    : newWebhookValues();
  const form = useSchemaForm(webhookForm, start, { show: 'first' });
  const { create, update } = useWebhookActions();
  const chosen = new Set(form.values.events);
  const toggle = (event: WebhookEvent, on: boolean) =>
    form.setFieldValue('events', on ? [...form.values.events, event] : form.values.events.filter((e) => e !== event));

  return (
    <FormDialog
      form={form}
      title={webhook ? 'Edit Webhook' : 'Add Webhook'}
      onClose={onClose}
      onSubmit={async (body) => {
        if (webhook) {
          await update.mutateAsync({ id: webhook.id, body });
          onClose();
        } else {
          const res = await create.mutateAsync(body);
          onMade({ url: res.webhook.url, secret: res.secret });
        }
      }}
      submitLabel={webhook ? 'Save Webhook' : 'Add Webhook'}
      submitIcon={<IconWebhook size={18} />}
      busy={create.isPending || update.isPending}
      size="lg"
      intro={
        <Text size="sm" c="dark.6">
          Campus GSO sends each chosen event to this address as a signed POST (Standard Webhooks). Addresses on private networks are refused
          unless Settings allows their host.
        </Text>
      }
    >
      <TextInput
        label="Address (URL)"
        description="https://, or http:// for an allowed on-campus host"
        placeholder="https://hooks.campus.edu/gso"
        required
        maxLength={WEBHOOK_URL_MAX}
        {...form.getInputProps('url')}
        data-autofocus
      />
      <TextInput
        label="Description"
        description="What receives the events, such as Facilities dashboard"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        {...form.getInputProps('description')}
      />
      <Stack gap="xs">
        <Checkbox
          label="All events, including ones added later"
          checked={form.values.allEvents}
          onChange={(e) => form.setFieldValue('allEvents', e.currentTarget.checked)}
        />
        {!form.values.allEvents && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {EVENT_GROUPS.map((group) => (
              <Fieldset key={group.label} legend={group.label} variant="unstyled">
                <Stack gap={6}>
                  {group.events.map(({ event, label }) => (
                    <Checkbox
                      key={event}
                      label={label}
                      description={event}
                      checked={chosen.has(event)}
                      onChange={(e) => toggle(event, e.currentTarget.checked)}
                    />
                  ))}
                </Stack>
              </Fieldset>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </FormDialog>
  );
}
