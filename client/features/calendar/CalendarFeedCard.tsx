import { useState } from 'react';
import { Alert, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare, IconCheck, IconCopy } from '@tabler/icons-react';
import { failureOf } from '../../lib/api';
import { confirmAction } from '../../ui/confirm';
import { useFeedActions, useFeedStatus } from './api';

/**
 * My calendar (docs/decisions/calendar-feeds.md): a private iCalendar address for a calendar app, turned on,
 * made anew or turned off. The address is shown once, when made: only its hash is kept.
 */
export function CalendarFeedCard({ what }: { what: string }) {
  const status = useFeedStatus();
  const { create, remove } = useFeedActions();
  const [address, setAddress] = useState<string | null>(null);
  const enabled = status.data?.enabled ?? false;
  const fail = (err: unknown) => notifications.show({ color: 'red', ...failureOf(err) });

  const make = async () => {
    if (
      enabled &&
      !(await confirmAction({
        title: 'Make a new address?',
        message: 'The old address stops working: calendar apps using it stop updating.',
        confirmLabel: 'Make New Address',
      }))
    )
      return;
    create.mutate(undefined, {
      onSuccess: (res) => {
        // The app's own origin: the address a calendar app on this network reaches.
        setAddress(new URL(res.path, window.location.origin).toString());
        notifications.show({ color: 'green', title: 'Calendar feed', message: res.message });
      },
      onError: fail,
    });
  };
  const turnOff = async () => {
    if (
      !(await confirmAction({
        title: 'Turn off your calendar feed?',
        message: 'Its address stops working at once.',
        confirmLabel: 'Turn Off',
      }))
    )
      return;
    remove.mutate(undefined, {
      onSuccess: (res) => {
        setAddress(null);
        notifications.show({ color: 'green', title: 'Calendar feed', message: res.message });
      },
      onError: fail,
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} id="calendar-feed">
      <Title order={2} size="h4">
        My calendar
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Subscribe to a private address in Google Calendar, Outlook or Apple Calendar to see {what}. Anyone with the address can read it:
        keep it to yourself, and make a new one if it was shared.
      </Text>
      <Stack gap="sm">
        {address && (
          <>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Calendar address"
                value={address}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={address}>
                {({ copied, copy }) => (
                  <Button variant="light" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Alert color="blue">
              Copy it now: this address is shown only once. In your calendar app, choose to add a calendar from a URL (subscribe) and paste
              it.
            </Alert>
          </>
        )}
        {!address && (
          <Text size="sm" fw={500}>
            {status.isPending ? 'Loading...' : enabled ? 'Your calendar feed is on.' : 'Your calendar feed is off.'}
          </Text>
        )}
        <Group>
          <Button leftSection={<IconCalendarShare size={18} />} loading={create.isPending} disabled={status.isPending} onClick={make}>
            {enabled ? 'Make New Address' : 'Turn On Calendar Feed'}
          </Button>
          {enabled && (
            <Button variant="default" color="red" loading={remove.isPending} onClick={turnOff}>
              Turn Off
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
