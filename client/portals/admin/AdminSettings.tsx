import { Alert, Card, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, failureOf } from '../../lib/api';
import { useSiteStatus } from '../../features/site/api';
import { siteStatusKey } from '../../lib/queryKeys';
import { isAdministrator } from '../../../core/accounts/rules';
import { useMe } from '../../features/auth/api';
import { AccountSettings } from '../../features/accounts/AccountSettings';
import { CampusMapCard, OfficeDetailsCard } from '../../features/site/SiteSettingsCards';
import { DamageTradesCard } from '../../features/site/DamageTradesCard';
import { SupplyRequestersCard } from '../../features/site/SupplyRequestersCard';
import { ScheduledJobsCard } from '../../features/site/ScheduledJobsCard';
import { OfficeCalendarCard } from '../../features/site/OfficeCalendarCard';
import { RepairTargetsCard } from '../../features/repairs/RepairTargetsCard';
import { DepartmentsCard } from '../../features/departments/DepartmentsCard';
import { AllowedHostsCard } from '../../features/webhooks/AllowedHostsCard';

export default function AdminSettings() {
  const me = useMe().data;
  const status = useSiteStatus();
  const qc = useQueryClient();
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api.put('/api/site/maintenance', { body: { enabled } }),
    onSuccess: (res) => {
      qc.invalidateQueries({ queryKey: siteStatusKey });
      notifications.show({
        color: res.available ? 'green' : 'orange',
        title: 'Site availability',
        message: res.available ? 'The site is open to everyone.' : 'Maintenance mode is on: only the admin portal is open.',
      });
    },
    onError: (err) => notifications.show({ color: 'red', ...failureOf(err) }),
  });
  const on = status.data ? !status.data.available : false;
  // Site settings are the administrators'; staff see their own account settings only.
  if (!me || !isAdministrator(me.role)) return <AccountSettings portal="admin" />;
  return (
    <AccountSettings portal="admin">
      <Card withBorder padding="lg" maw={640}>
        <Title order={2} size="h4">
          Site availability
        </Title>
        <Text size="sm" c="dark.6" mt={4} mb="md">
          While maintenance mode is on, every page except the admin login and the admin portal shows the maintenance screen.
        </Text>
        <Switch
          label="Maintenance mode"
          checked={on}
          disabled={!status.data || status.data.maintenanceForced || toggle.isPending}
          onChange={(e) => toggle.mutate(e.currentTarget.checked)}
        />
        {status.data?.maintenanceForced && (
          <Alert color="yellow" mt="md">
            Maintenance mode is set by the server's MAINTENANCE_MODE setting and cannot be changed here.
          </Alert>
        )}
      </Card>
      <OfficeDetailsCard />
      <DepartmentsCard />
      <OfficeCalendarCard />
      <RepairTargetsCard />
      <CampusMapCard />
      <DamageTradesCard />
      <SupplyRequestersCard />
      <AllowedHostsCard />
      <ScheduledJobsCard />
    </AccountSettings>
  );
}
