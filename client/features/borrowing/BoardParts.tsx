import { dateAndTime } from '../../../core/borrowing/timesOfDay';
import { Group } from '@mantine/core';
import { plural } from '../../../core/format';
import { relativeTimeCoarse } from '../../../core/time';
import { Fact } from '../../ui/Fact';
import { useCampusTime } from '../site/useCampusTime';

/** The pieces borrowing's cards share: the date facts on a card (each a Fact, client/ui) and unit counts. (Lists: client/ui/list.) */

function When({ iso }: { iso: string }) {
  const campus = useCampusTime();
  return (
    <span title={campus.dateTime(iso)}>
      {campus.day(iso)} ({relativeTimeCoarse(iso)})
    </span>
  );
}

/**
 * Requested, returned and completed (instants, with relative time and the exact time on hover);
 * needed and expected return (calendar dates).
 */
export function LoanDates({
  requested,
  needed,
  expectedReturn,
  returned,
  completed,
  timeFrom = null,
  timeTo = null,
}: {
  requested: string;
  needed: string;
  /** Null for a request of supplies only: nothing comes back (docs/decisions/supplies.md). */
  expectedReturn: string | null;
  /** A booking's pick-up and return times (HH:MM); null for whole days. */
  timeFrom?: string | null;
  timeTo?: string | null;
  returned?: string | null;
  completed?: string | null;
}) {
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 4 }}>
      <Fact label="Requested">
        <When iso={requested} />
      </Fact>
      <Fact label="Needed">{dateAndTime(needed, timeFrom)}</Fact>
      {expectedReturn !== null && <Fact label="Expected return">{dateAndTime(expectedReturn, timeTo)}</Fact>}
      {returned && (
        <Fact label="Returned">
          <When iso={returned} />
        </Fact>
      )}
      {completed && completed !== returned && (
        <Fact label="Completed">
          <When iso={completed} />
        </Fact>
      )}
    </Group>
  );
}

export const unitCount = (n: number) => plural(n, 'item');
