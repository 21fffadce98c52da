import { Text } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { plural } from '../../../core/format';
import { formatCalendarDate } from '../../../core/time';
import { useReminderSchedule } from './api';

/** One line under the borrow records' title: when borrowers are reminded by themselves, and the last run. */
export function ReminderScheduleNote() {
  const { data } = useReminderSchedule();
  if (!data) return null;
  const last = data.lastRun;
  return (
    <Text size="sm" c="dimmed" mb="md" style={{ display: 'flex', gap: 6, alignItems: 'flex-start' }}>
      <IconBellRinging size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <span>
        {data.time
          ? `Automatic reminders go out daily at ${data.time} (campus time) on the office's open days, for loans due before the next open day or overdue; overdue loans again every ${plural(data.repeatDays, 'day')}. `
          : 'Automatic reminders are off (REMINDER_TIME). '}
        {last
          ? `Last run ${formatCalendarDate(last.runOn)}: ${last.officeClosed ? 'the office was closed, so no one was reminded.' : last.loans ? `${plural(last.borrowers, 'borrower')} reminded of ${plural(last.loans, 'loan')} (${last.overdue} overdue).` : 'nothing was due.'}`
          : data.time
            ? 'No run yet.'
            : ''}
      </span>
    </Text>
  );
}
