import { Stack } from '@mantine/core';
import { RequestsBoard } from '../../features/borrowing/RequestsBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /admin/requests (docs/product.md): borrow requests to approve, reject, remind on and verify. */
export default function AdminRequestsPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/admin/requests']} />
      <RequestsBoard portal="admin" />
    </Stack>
  );
}
