import { Stack } from '@mantine/core';
import { RequestsBoard } from '../../features/borrowing/RequestsBoard';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE_HEADS } from '../../../core/site/pageHeads';

/** /personnel/requests (docs/product.md): approve or reject borrow requests and verify returns. */
export default function PersonnelRequestsPage() {
  return (
    <Stack gap={0}>
      <PageHeader {...PAGE_HEADS['/personnel/requests']} />
      <RequestsBoard portal="personnel" />
    </Stack>
  );
}
