import { Stack } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Portal } from '../../../core/roles';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { useMe } from '../auth/api';
import { CalendarFeedCard } from '../calendar/CalendarFeedCard';
import { PushSettingsCard } from '../push/PushSettingsCard';
import { DeleteAccountCard, PasswordCard, ProfileCard } from './SettingsCards';

/** What each portal's calendar feed shows (docs/decisions/calendar-feeds.md). */
const FEED_WHAT: Record<Portal, string> = {
  user: 'the days you pick up and return what you borrow',
  personnel: 'your tasks of this week and the next, at their times',
  admin: 'the pick-up and return days of what you borrow',
};

/** A portal's Settings screen: profile and password; users and personnel may also delete their account. */
export function AccountSettings({ portal, children }: { portal: Portal; children?: ReactNode }) {
  const me = useMe();
  const { hash } = useLocation();
  const ready = !!me.data;
  // The header's Change Password leads here: bring the card into view with its first field focused.
  useEffect(() => {
    if (!ready || hash !== '#change-password') return;
    const card = document.getElementById('change-password');
    card?.scrollIntoView({ block: 'start' });
    card?.querySelector('input')?.focus();
  }, [ready, hash]);
  if (!me.data) return <PageLoader />;
  return (
    <Stack>
      <PageHeader title="Settings" subtitle="Your profile, your password and your account." />
      {/* Keyed by the account, so a saved profile starts the form again from what the server kept. */}
      <ProfileCard key={`${me.data.id}:${me.data.email}:${me.data.fullName}`} portal={portal} account={me.data} />
      <PasswordCard portal={portal} />
      <CalendarFeedCard what={FEED_WHAT[portal]} />
      <PushSettingsCard />
      {children}
      {portal !== 'admin' && <DeleteAccountCard portal={portal} />}
    </Stack>
  );
}
