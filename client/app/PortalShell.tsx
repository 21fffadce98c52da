import { useEffect, type ReactNode } from 'react';
import { AppShell, Burger, Button, Group, Menu, NavLink, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { DRAFT_MSG } from '../../core/messages';
import { useMe } from '../features/auth/api';
import { useLogout } from '../features/auth/useLogout';
import { draftCount } from '../lib/drafts';
import { confirmAction } from '../ui/confirm';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { BrandMark } from '../ui/BrandMark';
import { ChatLauncher } from '../features/assistant/ChatLauncher';
import { ScanButton } from '../features/scan/ScanButton';
import type { NavItem, PortalFrame } from '../ui/portalFrame';

const SIDEBAR_BREAKPOINT = 1024;

/**
 * The frame of every portal: sidebar, header with the person's name, bell and logout. `drawn`: rendered before any
 * script (DrawnPortalPage), so the header's buttons, which do nothing until the app runs, are inert: a click or a
 * screen reader waits for the app's own (the sidebar's links work as plain links).
 */
export function PortalShell({
  nav,
  defaultName,
  afterLogout,
  settings,
  chat,
  scan,
  drawn,
  children,
}: PortalFrame & { drawn?: boolean; children: ReactNode }) {
  // Drawn before any script (DrawnPortalPage), the frame is a phone's: the browser reads the width itself.
  const wide = useMediaQuery(`(min-width: ${SIDEBAR_BREAKPOINT}px)`, false, { getInitialValueInEffect: false });
  const [mobileOpen, mobile] = useDisclosure(false);
  const [desktopOpen, desktop] = useDisclosure(true);
  const location = useLocation();
  const me = useMe();
  const logout = useLogout(afterLogout);

  // The sidebar closes on navigation on narrow screens.
  useEffect(() => mobile.close(), [location.pathname]); // eslint-disable-line react-hooks/exhaustive-deps

  // Signing out discards the drafts on this device (lib/storage.ts): asked first when there are any.
  const signOut = async () => {
    const drafts = me.data ? draftCount(me.data.id) : 0;
    const ok =
      drafts === 0 ||
      (await confirmAction({
        title: DRAFT_MSG.signOutTitle,
        message: DRAFT_MSG.signOutText(drafts),
        confirmLabel: DRAFT_MSG.signOut,
        cancelLabel: DRAFT_MSG.staySignedIn,
        danger: true,
      }));
    if (ok) logout.mutate();
  };
  const renderItem = (item: NavItem): ReactNode =>
    item.children ? (
      <NavLink
        key={item.label}
        label={item.label}
        leftSection={<item.icon size={20} />}
        childrenOffset={28}
        defaultOpened={item.children.some((c) => location.pathname.startsWith(c.to))}
      >
        {item.children.map(renderItem)}
      </NavLink>
    ) : (
      <NavLink key={item.to} label={item.label} leftSection={<item.icon size={20} />} component={RouterLink} to={item.to} end={item.end} />
    );
  const open = wide ? desktopOpen : mobileOpen;

  return (
    <AppShell
      header={{ height: 60 }}
      padding="md"
      navbar={{ width: 260, breakpoint: SIDEBAR_BREAKPOINT, collapsed: { mobile: !mobileOpen, desktop: !desktopOpen } }}
    >
      <a className="gso-skip-link" href="#main">
        Skip to main content
      </a>
      <AppShell.Header className="gso-no-print">
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              inert={drawn}
              opened={open}
              onClick={wide ? desktop.toggle : mobile.toggle}
              size="sm"
              aria-label={open ? 'Close navigation' : 'Open navigation'}
              aria-expanded={open}
            />
            <BrandMark to={nav[0].to} />
          </Group>
          <Group gap="xs" wrap="nowrap" inert={drawn}>
            {scan && <ScanButton />}
            <NotificationBell />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton visibleFrom="xs" aria-label={`Account menu of ${me.data?.fullName || defaultName}`} px={4}>
                  <Group gap={4} wrap="nowrap">
                    <Text fw={600} size="sm" truncate maw={200}>
                      {me.data?.fullName || defaultName}
                    </Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={RouterLink} to={settings} leftSection={<IconUser size={16} />}>
                  Profile Settings
                </Menu.Item>
                <Menu.Item component={RouterLink} to={`${settings}#change-password`} leftSection={<IconKey size={16} />}>
                  Change Password
                </Menu.Item>
                <Menu.Item color="red" onClick={() => void signOut()} leftSection={<IconLogout size={16} />}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            <Tooltip label="Logout">
              <Button
                variant="subtle"
                color="red"
                size="compact-md"
                onClick={() => void signOut()}
                leftSection={<IconLogout size={18} />}
                aria-label="Logout"
              >
                <Text span visibleFrom="sm" size="sm">
                  Logout
                </Text>
              </Button>
            </Tooltip>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Main navigation" className="gso-no-print">
        {/* On a phone the header has no room for the name: the menu says who is signed in. */}
        <AppShell.Section hiddenFrom="xs" px="sm" pb="xs" mb="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Text size="xs" c="dark.6">
            Signed in as
          </Text>
          <Text fw={600} size="sm">
            {me.data?.fullName || defaultName}
          </Text>
        </AppShell.Section>
        {/* Scrolled natively: Mantine's ScrollArea measured the page's layout again on every resize while it loaded. */}
        <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
          {nav.filter((item) => !item.roles || (me.data && item.roles.includes(me.data.role))).map(renderItem)}
        </AppShell.Section>
      </AppShell.Navbar>
      {/* Confirmation dialogs are only asked for inside the portals, so their provider (and Modal) load with them. */}
      <AppShell.Main id="main" bg="gray.0">
        <ModalsProvider>{children}</ModalsProvider>
      </AppShell.Main>
      {chat && <ChatLauncher />}
    </AppShell>
  );
}
