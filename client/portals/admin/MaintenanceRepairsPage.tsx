import { Stack } from '@mantine/core';
import { RepairsBoard } from '../../features/repairs/RepairsBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /admin/maintenance-repairs (docs/product.md): every repair report to assign, edit, check and print. */
export default function AdminMaintenanceRepairsPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Maintenance & Repairs" subtitle="Assign, schedule and follow every repair report" />
      <RepairsBoard portal="admin" />
    </Stack>
  );
}
