import { expect, it } from 'vitest';
import { seriesDates } from '../../server/modules/borrowing/recurrence';
it('x', () => {
  expect(seriesDates({ startDate: '2026-12-01', weekdays: ['TU'], interval: 1, count: 6 })).toEqual([
    '2026-12-01',
    '2026-12-08',
    '2026-12-15',
    '2026-12-22',
    '2026-12-29',
    '2027-01-05',
  ]);
  expect(seriesDates({ startDate: '2026-12-02', weekdays: ['TU'], interval: 1, until: '2026-12-16' })).toEqual([
    '2026-12-08',
    '2026-12-15',
  ]);
});
