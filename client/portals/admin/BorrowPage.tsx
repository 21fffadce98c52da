import { Stack } from '@mantine/core';
import { BorrowManagementTabs } from '../../features/borrowing/BorrowManagementTabs';
import { ReminderScheduleNote } from '../../features/borrowing/ReminderScheduleNote';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /admin/borrow (docs/product.md): the loans, with Mark Returned on those still out. */
export default function AdminBorrowPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/admin/borrow']} />
      <ReminderScheduleNote />
      <BorrowManagementTabs portal="admin" />
    </Stack>
  );
}
