import { Stack, Tabs } from '@mantine/core';
import { OfficeDayWeek } from '../../features/borrowing/OfficeDayWeek';
import { BorrowRecordsBoard } from '../../features/borrowing/BorrowRecordsBoard';
import { PageHeader } from '../../ui/PageHeader';

/** /personnel/borrow (docs/product.md): the loans, with Mark Returned on those still out. */
export default function PersonnelBorrowPage() {
  return (
    <Stack gap={0}>
      <PageHeader title="Borrow Management" subtitle="Borrow records: items out on loan, returned and overdue" />
      <Tabs defaultValue="loans" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="loans">Loans</Tabs.Tab>
          <Tabs.Tab value="calendar">Day and week</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="loans">
          <BorrowRecordsBoard portal="personnel" />
        </Tabs.Panel>
        <Tabs.Panel value="calendar">
          <OfficeDayWeek />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
