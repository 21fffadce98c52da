import { useEffect, useState } from 'react';
import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { firstError } from '../../../core/common/forms';
import { allowedHostsForm } from '../../../core/webhooks/rules';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { useAllowedHosts, useSaveAllowedHosts } from './api';

/**
 * The allowed on-campus hosts (docs/decisions/webhooks.md): webhook addresses on private, loopback or link-local
 * networks are refused unless their host is one of these names or addresses; http:// is accepted only for them.
 */
export function AllowedHostsCard() {
  const stored = useAllowedHosts();
  const save = useSaveAllowedHosts();
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (stored.data && text === null) setText(stored.data.hosts.join('\n'));
  }, [stored.data, text]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (text === null) return;
    const wrong = firstError(allowedHostsForm, { hosts: text });
    setProblem(wrong);
    if (wrong) return;
    save.mutate(text, {
      onSuccess: (res) => {
        setText(res.hosts.join('\n'));
        notifications.show({ color: 'green', title: 'Success', message: 'The allowed on-campus hosts are saved.' });
      },
    });
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="webhook-hosts-title">
      <Title order={2} size="h4" id="webhook-hosts-title">
        Webhooks: allowed on-campus hosts
      </Title>
      <Text size="sm" c="dark.6" mt={4} mb="md">
        Webhooks are never sent to private, loopback or link-local addresses, except to the hosts named here (campus systems on the campus
        network). These may also use http://.
      </Text>
      {stored.isError && <ErrorAlert message={stored.error.message} />}
      {text === null ? (
        !stored.isError && <Text size="sm">Loading...</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            {(problem || save.isError) && <ErrorAlert message={problem ?? save.error!.message} />}
            <Textarea
              label="Allowed hosts"
              description="One host name or IP address per line, such as facilities.campus.local or 10.20.0.15"
              autosize
              minRows={3}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={problem ? true : undefined}
            />
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save Allowed Hosts
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
