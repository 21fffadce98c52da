import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Indicator, Popover, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { UNREAD_MAX } from '../../../core/activity/notices';
import { OFFICE_ROLES } from '../../../core/roles';
import { relativeTimeFine } from '../../../core/time';
import { useMe } from '../auth/api';
import { useCampusTime } from '../site/useCampusTime';
import { useBell, useMarkAllRead, useOfficeBellPreferences, useSaveOfficeBellPreferences } from './api';

/**
 * The header bell, refreshed every 30 seconds (docs/product.md layout): a borrower's notices, or for the office its
 * Recent Activity (what others did), each opening the thing it is about.
 */
export function NotificationBell() {
  const list = useBell();
  const markRead = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const counted = unread > UNREAD_MAX ? `${UNREAD_MAX}+` : String(unread);
  const role = useMe().data?.role;
  const office = !!role && OFFICE_ROLES.includes(role);
  // Controlled, so that opening an entry closes the bell even when it leads to the page already shown.
  const [opened, setOpened] = useState(false);
  const campus = useCampusTime();
  return (
    <Popover width={340} position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setOpened}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          size="lg"
          // The unread badge stands out of the button's corner: not clipped by it.
          style={{ overflow: 'visible' }}
          aria-label={unread ? `Notifications, ${counted} unread` : 'Notifications'}
          onClick={() => setOpened((o) => !o)}
        >
          <Indicator disabled={unread === 0} label={unread > 9 ? '9+' : unread} size={16} color="red" offset={2}>
            <IconBell size={22} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Text fw={700}>Recent Activity</Text>
          {unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate()}>
              Mark all read
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={360}>
          {list.data?.items.length ? (
            <Stack gap={0}>
              {list.data.items.map((n) => {
                const link = n.link;
                return (
                  <Box
                    key={n.id}
                    p="sm"
                    style={{
                      borderBottom: '1px solid var(--mantine-color-gray-2)',
                      display: 'block',
                      color: 'inherit',
                      textDecoration: 'none',
                    }}
                    bg={n.read ? undefined : 'gso.0'}
                    {...(link ? { component: Link as any, to: link, onClick: () => setOpened(false) } : {})}
                  >
                    <Text size="sm" fw={600}>
                      {n.title}
                    </Text>
                    <Text size="sm" c="dark.6">
                      {n.message}
                    </Text>
                    <Text size="xs" c="dark.6" title={campus.dateTime(n.createdAt)}>
                      {relativeTimeFine(n.createdAt)}
                    </Text>
                  </Box>
                );
              })}
            </Stack>
          ) : (
            <Text p="md" size="sm" c="dark.5">
              {list.isPending ? 'Loading...' : office ? 'No activity yet' : 'No notifications yet'}
            </Text>
          )}
        </ScrollArea.Autosize>
        {office && <OfficeMailSwitch />}
      </Popover.Dropdown>
    </Popover>
  );
}

/** Office members choose whether a new request or a return awaiting verification also comes by email. */
function OfficeMailSwitch() {
  const prefs = useOfficeBellPreferences();
  const save = useSaveOfficeBellPreferences();
  return (
    <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Switch
        size="sm"
        label="Email me when a request is filed or a return awaits verification"
        checked={save.isPending ? !!save.variables?.emailOfficeEvents : !!prefs.data?.emailOfficeEvents}
        disabled={prefs.isPending || save.isPending}
        onChange={(e) => save.mutate({ emailOfficeEvents: e.currentTarget.checked })}
      />
    </Box>
  );
}
