import { Stack } from '@mantine/core';
import { RepairsBoard } from '../../features/repairs/RepairsBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /personnel/maintenance-repairs (docs/product.md): only the reports assigned to the signed-in person. */
export default function PersonnelMaintenanceRepairsPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/personnel/maintenance-repairs']} />
      <RepairsBoard portal="personnel" />
    </Stack>
  );
}
