import { Stack } from '@mantine/core';
import { RequestsBoard } from '../../features/borrowing/RequestsBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /admin/requests (docs/product.md): borrow requests to approve, reject, remind on and verify. */
export default function AdminRequestsPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Service Requests" subtitle="Approve, reject, remind on and verify borrow requests" />
      <RequestsBoard portal="admin" />
    </Stack>
  );
}
