import { Stack } from '@mantine/core';
import { WeekBoard } from '../../features/schedule/WeekBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /admin/schedule (docs/product.md): the week's manual entries and repair work, Add Schedule per day. */
export default function AdminSchedulePage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Schedule" subtitle="Weekly schedule of maintenance and repair work" />
      <WeekBoard portal="admin" />
    </Stack>
  );
}
