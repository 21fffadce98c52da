import { useState } from 'react';
import { Alert, Card, Checkbox, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../core/messages';
import { PUSH_KIND_INFO, type PushKind } from '../../../core/push/kinds';
import { failureOf } from '../../lib/api';
import { pushSupported } from '../../lib/pushDevice';
import { useEndpointHere, useMyDevices, usePushActions, usePushSettings } from './api';

/**
 * Notifications on this device (docs/decisions/push.md): the switch asks the browser's permission only when clicked,
 * then subscribes this device with the kinds ticked below it, which are the person's role's; a change of kinds is
 * saved at once. Off ends the subscription here and on the server.
 */
export function PushSettingsCard() {
  const supported = pushSupported();
  const key = usePushSettings(supported);
  const devices = useMyDevices(supported);
  const here = useEndpointHere();
  const { save, off } = usePushActions();
  const [blocked, setBlocked] = useState(supported && Notification.permission === 'denied');
  const device = devices.data?.items.find((d) => d.endpoint === here.data);
  const roleKinds = key.data?.kinds ?? [];
  const [chosen, setChosen] = useState<PushKind[] | null>(null);
  // What was ticked here shows at once; the device's saved kinds otherwise, all the role's before the first choice.
  const kinds = chosen ?? device?.kinds ?? roleKinds;
  const busy = save.isPending || off.isPending;
  const failed = (err: unknown) =>
    notifications.show({ color: 'red', ...failureOf(err, () => ({ title: 'Notifications', message: MSG.pushFailed })) });

  const turnOn = async (want: PushKind[]) => {
    const permission = await Notification.requestPermission();
    setBlocked(permission === 'denied');
    if (permission !== 'granted' || !key.data) return;
    save.mutate(
      { publicKey: key.data.publicKey, kinds: want },
      { onSuccess: () => notifications.show({ color: 'green', message: MSG.pushTurnedOn }), onError: failed },
    );
  };
  const toggle = (on: boolean) =>
    on
      ? void turnOn(kinds)
      : off.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: MSG.pushTurnedOff }), onError: failed });
  const choose = (value: string[]) => {
    const want = roleKinds.filter((k) => value.includes(k));
    setChosen(want);
    if (!device || !key.data) return;
    save.mutate(
      { publicKey: key.data.publicKey, kinds: want },
      {
        onSuccess: () => notifications.show({ color: 'green', message: MSG.pushKindsSaved }),
        onError: (err) => {
          setChosen(null);
          failed(err);
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" maw={640} id="notifications">
      <Title order={2} size="h4">
        Notifications on this device
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        A notice on this phone or computer as soon as something needs you, even with Campus GSO closed. The bell and your email go on as
        before.
      </Text>
      {!supported ? (
        <Alert color="gray">{MSG.pushUnsupported}</Alert>
      ) : (
        <Stack gap="md">
          {blocked && <Alert color="yellow">{MSG.pushBlocked}</Alert>}
          <Switch
            label="Notifications on this device"
            checked={!!device}
            disabled={busy || !key.data || devices.isPending || here.isPending}
            onChange={(e) => toggle(e.currentTarget.checked)}
          />
          {roleKinds.length > 0 && (
            <Checkbox.Group label="Send me a notice when" value={kinds} onChange={choose}>
              <Stack gap="xs" mt="xs">
                {roleKinds.map((k) => (
                  <Checkbox key={k} value={k} label={PUSH_KIND_INFO[k].label} disabled={busy} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
