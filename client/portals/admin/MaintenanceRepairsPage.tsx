import { Stack } from '@mantine/core';
import { RepairsBoard } from '../../features/repairs/RepairsBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /admin/maintenance-repairs (docs/product.md): every repair report to assign, edit, check and print. */
export default function AdminMaintenanceRepairsPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/admin/maintenance-repairs']} />
      <RepairsBoard portal="admin" />
    </Stack>
  );
}
