import { Stack } from '@mantine/core';
import { BorrowManagementTabs } from '../../features/borrowing/BorrowManagementTabs';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /personnel/borrow (docs/product.md): the loans, with Mark Returned on those still out. */
export default function PersonnelBorrowPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/personnel/borrow']} />
      <BorrowManagementTabs portal="personnel" />
    </Stack>
  );
}
