import { Stack } from '@mantine/core';
import { useMe } from '../../features/auth/api';
import { MyChecklists } from '../../features/maintenance/MyChecklists';
import { RepairsBoard } from '../../features/repairs/RepairsBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/**
 * /personnel/maintenance-repairs (docs/product.md): only the reports assigned to the signed-in person, and below
 * them the checklists of their maintenance plan jobs (docs/decisions/offline-work.md): below, because the card
 * appears only once its jobs are read, and above it would push the reports down as they are being read.
 */
export default function PersonnelMaintenanceRepairsPage() {
  const personId = useMe().data?.id ?? null;
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/personnel/maintenance-repairs']} />
      <RepairsBoard portal="personnel" />
      <MyChecklists personId={personId} />
    </Stack>
  );
}
