import { Stack } from '@mantine/core';
import { WeekBoard } from '../../features/schedule/WeekBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /personnel/schedule (docs/product.md): the week with the signed-in person's own tasks marked 'Your Task'. */
export default function PersonnelSchedulePage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/personnel/schedule']} />
      <WeekBoard portal="personnel" />
    </Stack>
  );
}
