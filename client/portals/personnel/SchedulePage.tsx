import { Stack } from '@mantine/core';
import { WeekBoard } from '../../features/schedule/WeekBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel/schedule (docs/product.md): the week with the signed-in person's own tasks marked 'Your Task'. */
export default function PersonnelSchedulePage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Weekly Schedule" subtitle="Maintenance and repair work, week by week" />
      <WeekBoard portal="personnel" />
    </Stack>
  );
}
