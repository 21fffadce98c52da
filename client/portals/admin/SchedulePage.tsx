import { Stack } from '@mantine/core';
import { WeekBoard } from '../../features/schedule/WeekBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /admin/schedule (docs/product.md): the week's manual entries and repair work, Add Schedule per day. */
export default function AdminSchedulePage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/admin/schedule']} />
      <WeekBoard portal="admin" />
    </Stack>
  );
}
