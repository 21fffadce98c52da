import { Stack } from '@mantine/core';
import { ActivityFeed } from '../../features/activity/ActivityFeed';
import { useMe } from '../../features/auth/api';
import { DesignationsCard } from '../../features/designations/DesignationsCard';
import { PageHeader } from '../../ui/PageHeader';
import { PersonnelCharts } from '../../features/dashboard/charts/MyCharts';
import { PAGE_HEADS, welcomeLine } from '../../../core/site/pageHeads';

/** /personnel (docs/product.md): my jobs per week and my rating (charts), the designations grid (each personnel member, read-only) and the office's activity feed. */
export default function PersonnelDashboard() {
  const me = useMe().data;
  return (
    <Stack>
      <PageHeader title={PAGE_HEADS['/personnel'].title} subtitle={welcomeLine(me?.fullName, PAGE_HEADS['/personnel'].welcome)} />
      <PersonnelCharts />
      <DesignationsCard editable={false} />
      <ActivityFeed variant="personnel" title="All Transactions" />
    </Stack>
  );
}
