import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { ActivityFeed } from '../../features/activity/ActivityFeed';
import { CampusMapButton } from '../../features/site/CampusMapButton';
import {
  IconCalendarEvent,
  IconChecklist,
  IconClipboardList,
  IconReportAnalytics,
  IconPackage,
  IconTool,
  IconUserCheck,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { DesignationsCard, DESIGNATIONS_ANCHOR } from '../../features/designations/DesignationsCard';
import { scrollIntoPlace } from '../../lib/scrollIntoPlace';
import { AddUserDialog } from '../../features/accounts/AddPeopleDialogs';
import { openOfficeReport, useAdminStats } from '../../features/dashboard/api';
import { percentByMonth, perMonth } from '../../lib/format';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { StatCard } from '../../ui/StatCard';
import { KeptPromisesCard } from '../../features/repairs/KeptPromisesCard';
import { DamageLossCard } from '../../features/dashboard/DamageLossCard';
import { PlanComplianceCard } from '../../features/maintenance/PlanComplianceCard';
import { OfficeCharts } from '../../features/dashboard/charts/OfficeCharts';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** A shortcut tile: an icon, its name and what it leads to. */
function Tile({
  icon,
  label,
  hint,
  ...rest
}: { icon: React.ReactNode; label: string; hint: string } & ({ to: string } | { onClick: () => void })) {
  const body = (
    <Group wrap="nowrap" gap="md">
      {icon}
      <Stack gap={0}>
        <Text fw={700}>{label}</Text>
        <Text size="sm" c="dark.6">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
  const style = {
    padding: 'var(--mantine-spacing-md)',
    border: '1px solid var(--mantine-color-gray-3)',
    borderRadius: 8,
    display: 'block',
  };
  return 'to' in rest ? (
    <UnstyledButton component={Link} to={rest.to} style={style}>
      {body}
    </UnstyledButton>
  ) : (
    <UnstyledButton onClick={rest.onClick} style={style}>
      {body}
    </UnstyledButton>
  );
}

export default function AdminDashboard() {
  const stats = useAdminStats();
  const s = stats.data;
  const [adding, setAdding] = useState(false);
  return (
    <Stack>
      <PageHeader
        {...PAGE_HEADS['/admin']}
        actions={
          <>
            <CampusMapButton />
            <Button variant="default" leftSection={<IconReportAnalytics size={18} />} onClick={openOfficeReport}>
              Generate Report
            </Button>
            <Button component={Link} to="/admin/requests" leftSection={<IconClipboardList size={18} />}>
              Requests
            </Button>
          </>
        }
      />
      <ErrorAlert message={stats.error?.message} />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        {!s ? (
          [1, 2, 3, 4].map((i) => <Skeleton key={i} h={110} />)
        ) : (
          <>
            <StatCard
              label="Total Users"
              value={s.totalUsers.value}
              icon={<IconUsers />}
              note={`Accepted accounts; ${s.totalUsers.pending} awaiting approval. Joined: ${perMonth(s.totalUsers)}`}
            />
            <StatCard
              label="Pending Requests"
              value={s.pendingRequests.value}
              icon={<IconClipboardList />}
              color="orange"
              note={`Awaiting a decision now. Requests filed: ${perMonth(s.pendingRequests)}`}
            />
            <StatCard
              label="Inventory Items"
              value={s.inventoryItems.value}
              icon={<IconPackage />}
              color="teal"
              note={`Items on record. Added: ${perMonth(s.inventoryItems)}`}
            />
            <StatCard
              label="Completion Rate"
              value={s.completionRate.value === null ? 'No loans yet' : `${s.completionRate.value}%`}
              icon={<IconChecklist />}
              color="green"
              note={`Approved loans completed. ${percentByMonth(s.completionRate.thisMonth, s.completionRate.lastMonth)}`}
            />
          </>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Tile
          to="/admin/inventory"
          icon={<IconPackage size={28} aria-hidden />}
          label="Check Inventory"
          hint="Stock levels and item status"
        />
        <Tile
          to="/admin/maintenance-repairs"
          icon={<IconTool size={28} aria-hidden />}
          label="Maintenance Repairs"
          hint="Assign and follow repair reports"
        />
        <Tile
          onClick={() => scrollIntoPlace(document.getElementById(DESIGNATIONS_ANCHOR))}
          icon={<IconUserCheck size={28} aria-hidden />}
          label="Assign Personnel"
          hint="Personnel designations"
        />
      </SimpleGrid>
      <Card withBorder padding="lg">
        <Title order={2} size="h4" mb="sm">
          Quick Actions
        </Title>
        <Group gap="sm">
          <Button component={Link} to="/admin/requests" variant="light" leftSection={<IconClipboardList size={18} />}>
            Requests
          </Button>
          <Button variant="light" leftSection={<IconUserPlus size={18} />} onClick={() => setAdding(true)}>
            Add User
          </Button>
          <Button component={Link} to="/admin/inventory" variant="light" leftSection={<IconPackage size={18} />}>
            Update Inventory
          </Button>
          <Button component={Link} to="/admin/schedule" variant="light" leftSection={<IconCalendarEvent size={18} />}>
            View Schedule
          </Button>
        </Group>
      </Card>
      <OfficeCharts />
      <KeptPromisesCard />
      <PlanComplianceCard />
      <DamageLossCard />
      <DesignationsCard editable />
      <ActivityFeed title="Recent Activity" variant="admin" />
      {adding && <AddUserDialog onClose={() => setAdding(false)} />}
    </Stack>
  );
}
