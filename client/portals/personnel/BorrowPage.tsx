import { Stack } from '@mantine/core';
import { BorrowManagementTabs } from '../../features/borrowing/BorrowManagementTabs';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel/borrow (docs/product.md): the loans, with Mark Returned on those still out. */
export default function PersonnelBorrowPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Borrow Management" subtitle="Borrow records: items out on loan, returned and overdue" />
      <BorrowManagementTabs portal="personnel" />
    </Stack>
  );
}
