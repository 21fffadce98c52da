import { Anchor, Group } from '@mantine/core';
import type { Portal } from '../../../core/roles';
import { AppLink } from '../../lib/navigation';
import { useSiteStatus } from '../site/api';
import { AuthCard } from '../../ui/AuthCard';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { LoginForm } from './LoginForm';

/** The personnel and admin doors: username, password, Remember me, contact, back home. */
export function StaffLoginPage({ portal, title, subtitle }: { portal: Portal; title: string; subtitle: string }) {
  useDocumentTitle(title);
  const office = useSiteStatus().data?.office;
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <LoginForm
        portal={portal}
        identifierLabel="Username"
        identifierPlaceholder="Email or username"
        links={
          <Group justify="space-between">
            <Anchor href={`mailto:${office?.email ?? 'gso@campus.test'}?subject=${encodeURIComponent('Account help')}`} size="sm">
              Contact Administrator
            </Anchor>
            <Anchor component={AppLink} to="/" size="sm">
              Back to Home
            </Anchor>
          </Group>
        }
      />
    </AuthCard>
  );
}
