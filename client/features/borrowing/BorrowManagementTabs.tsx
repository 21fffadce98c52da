import { Tabs } from '@mantine/core';
import { BorrowRecordsBoard } from './BorrowRecordsBoard';
import { OfficeDayWeek } from './OfficeDayWeek';

/** Borrow Management's two views, for the office in either portal: the loans, and the day and week. */
export function BorrowManagementTabs({ portal }: { portal: 'admin' | 'personnel' }) {
  return (
    <Tabs defaultValue="loans" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="loans">Loans</Tabs.Tab>
        <Tabs.Tab value="calendar">Day and week</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="loans">
        <BorrowRecordsBoard portal={portal} />
      </Tabs.Panel>
      <Tabs.Panel value="calendar">
        <OfficeDayWeek portal={portal} />
      </Tabs.Panel>
    </Tabs>
  );
}
