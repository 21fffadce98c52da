import { Stack } from '@mantine/core';
import { RequestsBoard } from '../../features/borrowing/RequestsBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel/requests (docs/product.md): approve or reject borrow requests and verify returns. */
export default function PersonnelRequestsPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Requests Management" subtitle="Approve or reject borrow requests and verify returned items" />
      <RequestsBoard portal="personnel" />
    </Stack>
  );
}
