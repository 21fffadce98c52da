import { Stack } from '@mantine/core';
import { RepairsBoard } from '../../features/repairs/RepairsBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel/maintenance-repairs (docs/product.md): only the reports assigned to the signed-in person. */
export default function PersonnelMaintenanceRepairsPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Maintenance & Repairs" subtitle="Manage assigned repair reports and maintenance tasks" />
      <RepairsBoard portal="personnel" />
    </Stack>
  );
}
