import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { MSG } from '../../core/messages';

/** The maintenance notice, shown as the /maintenance page and as the landing page's dialog. */
export function MaintenanceNotice({
  onTryAgain,
  checking,
  supportEmail,
  inDialog = false,
}: {
  onTryAgain: () => void;
  checking: boolean;
  supportEmail: string;
  inDialog?: boolean;
}) {
  return (
    <Stack align="center" gap="md" ta="center">
      <ThemeIcon size={72} radius="xl" color="orange" variant="light" aria-hidden>
        <IconTool size={40} />
      </ThemeIcon>
      {!inDialog && (
        <Title order={1} size="h2">
          {MSG.maintenanceTitle}
        </Title>
      )}
      <Text fw={700} c="red.9">
        {MSG.maintenanceCode}
      </Text>
      <Text maw={460}>
        We are improving the General Services Office system. Expected downtime is 2-4 hours. Thank you for your patience.
      </Text>
      <Group>
        <Button onClick={onTryAgain} loading={checking}>
          Try Again
        </Button>
        <Button component="a" variant="default" href={`mailto:${supportEmail}?subject=${encodeURIComponent('Campus GSO website')}`}>
          Contact Support
        </Button>
      </Group>
    </Stack>
  );
}
