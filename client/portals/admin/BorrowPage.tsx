import { Stack } from '@mantine/core';
import { BorrowManagementTabs } from '../../features/borrowing/BorrowManagementTabs';
import { ReminderScheduleNote } from '../../features/borrowing/ReminderScheduleNote';
import { PageHeader } from '../../ui/PageHeader';

/** /admin/borrow (docs/product.md): the loans, with Mark Returned on those still out. */
export default function AdminBorrowPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Borrow Management" subtitle="Borrow records: items out on loan, returned and completed" />
      <ReminderScheduleNote />
      <BorrowManagementTabs portal="admin" />
    </Stack>
  );
}
