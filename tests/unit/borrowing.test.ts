import { describe, expect, it } from 'vitest';
import {
  ALL_TAB_ORDER,
  borrowRequestForm,
  canDo,
  clampQuantity,
  expectedReturnBadge,
  isFinal,
  isUncollectedBooking,
  mayBorrowCategory,
  OVERDUE_BAND_TONES,
  overdueBand,
  overdueDays,
  parseRequestCode,
  recordCode,
  recordStatus,
  REQUEST_ACTIONS,
  REQUEST_STATUSES,
  requestCode,
  returnBadgeFor,
  statusRank,
  wrongStateMessage,
} from '../../core/borrowing/rules';
import * as say from '../../core/borrowing/notices';
import { firstError } from '../../core/common/forms';
import { formatPeso } from '../../core/format';
import { availabilityOf, stockLevel, stockStatus } from '../../core/inventory/rules';
import { MSG } from '../../core/messages';
import { addDays, startOfDayUtc, todayIn } from '../../core/time';
import { searchWords } from '../../server/db/search';
import { pageSegments } from '../../server/lib/paging';
import { searchTextOf } from '../../server/modules/borrowing/queries';

describe('request transitions', () => {
  it('follow the spec: pending to approved, rejected or cancelled; approved to returned (or, a booking not handed out, cancelled); returned to completed or back', () => {
    const moves = Object.entries(REQUEST_ACTIONS).flatMap(([action, a]) => a.from.map((f) => `${f} -${action}-> ${a.to}`));
    expect(moves.sort()).toEqual([
      'approved -cancelBooking-> cancelled',
      'approved -issued-> completed',
      'approved -markReturned-> completed',
      'approved -remind-> approved',
      'approved -return-> returned',
      'pending -approve-> approved',
      'pending -cancel-> cancelled',
      'pending -reject-> rejected',
      'returned -complete-> completed',
      'returned -notReturned-> approved',
    ]);
  });

  it('completed, rejected and cancelled are final', () => {
    expect(REQUEST_STATUSES.filter(isFinal)).toEqual(['completed', 'rejected', 'cancelled']);
    for (const action of Object.keys(REQUEST_ACTIONS) as (keyof typeof REQUEST_ACTIONS)[]) {
      expect(canDo(action, 'completed')).toBe(false);
    }
  });

  it('explains a refused move', () => {
    expect(wrongStateMessage('approve', 'approved')).toBe('Only pending requests can be approved; this request is approved.');
    expect(wrongStateMessage('complete', 'approved')).toBe('Only returned requests can be marked as completed; this request is approved.');
    expect(wrongStateMessage('cancel', 'returned')).toBe('Only pending requests can be cancelled; this request is awaiting verification.');
  });

  it('a booking may be cancelled by its borrower only while approved and not handed out', () => {
    const booking = { status: 'approved', bookAhead: true, handedOutAt: null };
    expect(isUncollectedBooking(booking)).toBe(true);
    expect(isUncollectedBooking({ ...booking, handedOutAt: '2026-11-27T01:00:00.000Z' })).toBe(false);
    expect(isUncollectedBooking({ ...booking, bookAhead: false })).toBe(false);
    expect(isUncollectedBooking({ ...booking, status: 'pending' })).toBe(false);
  });
});

describe('availability (docs/decisions/stock-and-approval.md)', () => {
  it('is available only when the item status is available and there is stock on hand', () => {
    expect(availabilityOf({ item_status: 'available', quantity: 5 })).toEqual({
      borrowable: true,
      availableQuantity: 5,
      status: 'available',
    });
    expect(availabilityOf({ item_status: 'available', quantity: 0 })).toEqual({
      borrowable: false,
      availableQuantity: 0,
      status: 'out of stock',
    });
    expect(availabilityOf({ item_status: 'available', quantity: -2 }).availableQuantity).toBe(0);
    expect(availabilityOf({ item_status: 'damaged', quantity: 3 })).toEqual({ borrowable: false, availableQuantity: 0, status: 'damaged' });
    expect(availabilityOf({ item_status: 'unavailable', quantity: 3 }).status).toBe('unavailable');
  });

  it('feeds the spec message', () => {
    expect(MSG.itemNotAvailable(availabilityOf({ item_status: 'damaged', quantity: 1 }).status)).toBe(
      'This item is currently damaged and cannot be borrowed.',
    );
  });

  it('keeps cart quantities between 1 and what is available', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(9, 5)).toBe(5);
    expect(clampQuantity(3, 5)).toBe(3);
  });

  it('lets faculty but not students borrow electrical items', () => {
    expect(mayBorrowCategory('student', 'Electrical')).toBe(false);
    expect(mayBorrowCategory('faculty', 'Electrical')).toBe(true);
    expect(mayBorrowCategory('student', 'Plumbing')).toBe(true);
  });
});

describe('stock status (docs/product.md)', () => {
  it('is out of stock at 0 or less, low at or below the minimum, else in stock', () => {
    expect(stockStatus(0, 2)).toBe('out_of_stock');
    expect(stockStatus(-1, 0)).toBe('out_of_stock');
    expect(stockStatus(2, 2)).toBe('low_stock');
    expect(stockStatus(1, 2)).toBe('low_stock');
    expect(stockStatus(3, 2)).toBe('in_stock');
    expect(stockStatus(1, 0)).toBe('in_stock');
  });
  it('maps to the admin names good, low, critical', () => {
    expect([stockLevel(5, 2), stockLevel(2, 2), stockLevel(0, 2)]).toEqual(['good', 'low', 'critical']);
  });
});

describe('overdue (docs/decisions/calendar-dates.md)', () => {
  it('counts calendar days since the expected return, from the day after, never negative', () => {
    expect(overdueDays('2025-03-10', '2025-03-09')).toBe(0);
    expect(overdueDays('2025-03-10', '2025-03-10')).toBe(0);
    expect(overdueDays('2025-03-10', '2025-03-11')).toBe(1);
    expect(overdueDays('2025-02-27', '2025-03-02')).toBe(3);
    expect(overdueDays('2024-12-31', '2025-01-08')).toBe(8);
  });

  it('falls into the colour bands over 7, over 3, over 0, on time', () => {
    expect([0, 1, 3, 4, 7, 8].map(overdueBand)).toEqual(['onTime', 'over0', 'over0', 'over3', 'over3', 'over7']);
  });

  it('gives the expected-return badge of docs/product.md, overdue in the one set of bands', () => {
    expect(expectedReturnBadge('2025-03-08', '2025-03-10')).toEqual({
      color: 'orange',
      filled: false,
      label: '2 days overdue',
      daysLeft: -2,
    });
    expect(expectedReturnBadge('2025-03-09', '2025-03-10')).toEqual({
      color: 'orange',
      filled: false,
      label: '1 day overdue',
      daysLeft: -1,
    });
    expect(expectedReturnBadge('2025-03-06', '2025-03-10')).toEqual({ color: 'red', filled: false, label: '4 days overdue', daysLeft: -4 });
    expect(expectedReturnBadge('2025-03-02', '2025-03-10')).toEqual({ color: 'red', filled: true, label: '8 days overdue', daysLeft: -8 });
    expect(expectedReturnBadge('2025-03-10', '2025-03-10')).toEqual({ color: 'yellow', filled: false, label: 'Due today', daysLeft: 0 });
    expect(expectedReturnBadge('2025-03-13', '2025-03-10')).toEqual({ color: 'yellow', filled: false, label: '3 days left', daysLeft: 3 });
    expect(expectedReturnBadge('2025-03-14', '2025-03-10')).toEqual({ color: 'green', filled: true, label: '4 days left', daysLeft: 4 });
    // Each band looks different from the next, and none like "due soon".
    const looks = (['over7', 'over3', 'over0'] as const).map((b) => JSON.stringify(OVERDUE_BAND_TONES[b]));
    expect(new Set([...looks, JSON.stringify(returnBadgeFor(2))]).size).toBe(4);
  });

  it('uses the campus calendar, not the server clock', () => {
    // 20:30 UTC on 10 March is already 11 March in Manila (UTC+8).
    const late = new Date('2025-03-10T20:30:00Z');
    expect(todayIn('Asia/Manila', late)).toBe('2025-03-11');
    expect(overdueDays('2025-03-10', todayIn('Asia/Manila', late))).toBe(1);
    expect(overdueDays('2025-03-10', todayIn('America/New_York', late))).toBe(0);
    expect(startOfDayUtc('2025-03-11', 'Asia/Manila')).toBe('2025-03-10T16:00:00.000Z');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
  });
});

describe('borrow record status (docs/decisions/borrow-lifecycle.md)', () => {
  it('is derived from the request and the dates: approved until the date needed, then active, then overdue', () => {
    expect(recordStatus('approved', '2025-03-12', '2025-03-15', '2025-03-11')).toBe('approved');
    expect(recordStatus('approved', '2025-03-11', '2025-03-15', '2025-03-11')).toBe('active');
    expect(recordStatus('approved', '2025-03-01', '2025-03-10', '2025-03-10')).toBe('active');
    expect(recordStatus('approved', '2025-03-01', '2025-03-10', '2025-03-11')).toBe('overdue');
    expect(recordStatus('returned', '2025-03-01', '2025-03-01', '2025-03-11')).toBe('returned');
    expect(recordStatus('completed', '2025-03-01', '2025-03-01', '2025-03-11')).toBe('completed');
    expect(recordStatus('pending', '2025-03-01', '2025-03-01', '2025-03-11')).toBeNull();
    expect(recordStatus('rejected', '2025-03-01', '2025-03-01', '2025-03-11')).toBeNull();
  });
});

describe('ids and order', () => {
  it('shows REQ- and BRW- ids and reads them back', () => {
    expect(requestCode(12)).toBe('REQ-12');
    expect(recordCode(12)).toBe('BRW-12');
    for (const text of ['REQ-12', 'req-12', 'BRW-12', 'brw 12', '#12', '12', ' REQ12 ']) expect(parseRequestCode(text), text).toBe(12);
    for (const text of ['REQ-', 'chairs', 'REQ-12a', '1 2']) expect(parseRequestCode(text), text).toBeNull();
  });

  it('sorts the All tab pending, approved, returned, completed, rejected, others last', () => {
    const statuses = ['rejected', 'unknown', 'completed', 'cancelled', 'pending', 'returned', 'approved'];
    expect([...statuses].sort((a, b) => statusRank(a) - statusRank(b)).slice(0, 5)).toEqual([
      'pending',
      'approved',
      'returned',
      'completed',
      'rejected',
    ]);
    expect(ALL_TAB_ORDER.slice(0, 5)).toEqual(['pending', 'approved', 'returned', 'completed', 'rejected']);
  });
});

describe('the borrow form (docs/product.md, docs/decisions/form-checks.md)', () => {
  const today = '2025-03-10';
  const firstBorrowForm = (input: object, day: string) => firstError(borrowRequestForm(day), input);
  const good = { purpose: 'Seminar', dateNeeded: '2025-03-10', dateExpectedReturn: '2025-03-12', items: [{ itemId: 1, quantity: 2 }] };

  it('accepts a complete request, needed today', () => {
    expect(firstBorrowForm(good, today)).toBeNull();
  });

  it('asks for every required field and a cart item with the spec message', () => {
    for (const missing of [{ purpose: '   ' }, { dateNeeded: '' }, { dateExpectedReturn: '' }, { items: [] }]) {
      expect(firstBorrowForm({ ...good, ...missing }, today)).toBe('Please fill in all required fields and add items to cart');
    }
  });

  it('refuses bad dates, past dates and returns before the date needed', () => {
    expect(firstBorrowForm({ ...good, dateNeeded: '2025-02-30' }, today)).toBe(MSG.borrowInvalidDate);
    expect(firstBorrowForm({ ...good, dateNeeded: '10/03/2025' }, today)).toBe(MSG.borrowInvalidDate);
    expect(firstBorrowForm({ ...good, dateNeeded: '2025-03-09' }, today)).toBe(MSG.dateNeededPast);
    expect(firstBorrowForm({ ...good, dateExpectedReturn: '2025-03-09' }, today)).toBe(MSG.returnBeforeNeeded);
    expect(firstBorrowForm({ ...good, dateExpectedReturn: '2025-03-10' }, today)).toBeNull();
  });

  it('refuses the same item twice and quantities below 1', () => {
    expect(
      firstBorrowForm(
        {
          ...good,
          items: [
            { itemId: 1, quantity: 1 },
            { itemId: 1, quantity: 2 },
          ],
        },
        today,
      ),
    ).toBe(MSG.duplicateCartItem);
    expect(firstBorrowForm({ ...good, items: [{ itemId: 1, quantity: 0 }] }, today)).toBe(MSG.quantityInvalid);
    expect(firstBorrowForm({ ...good, items: [{ itemId: 1, quantity: 1.5 }] }, today)).toBe(MSG.quantityInvalid);
    expect(firstBorrowForm({ ...good, items: [{ itemId: 1, quantity: -3 }] }, today)).toBe(MSG.quantityInvalid);
  });
});

describe('the borrow form reports only its first failure, in the order the checks were written (firstError)', () => {
  const today = '2025-03-10';
  const good = { purpose: 'Seminar', dateNeeded: '2025-03-10', dateExpectedReturn: '2025-03-12', items: [{ itemId: 1, quantity: 2 }] };
  const first = (input: object) => firstError(borrowRequestForm(today), input);
  const twice = [
    { itemId: 1, quantity: 0 },
    { itemId: 1, quantity: 2 },
  ];

  it('asks for the missing fields before looking at any value', () => {
    expect(first({})).toBe(MSG.borrowRequiredFields);
    expect(first({ ...good, dateNeeded: '2025-02-30', items: [] })).toBe(MSG.borrowRequiredFields);
  });
  it('then for calendar dates, then the dates in order, then the cart', () => {
    expect(first({ ...good, dateNeeded: '2025-03-09', dateExpectedReturn: 'soon' })).toBe(MSG.borrowInvalidDate);
    expect(first({ ...good, dateNeeded: '2025-03-09', dateExpectedReturn: '2025-03-08', items: twice })).toBe(MSG.dateNeededPast);
    expect(first({ ...good, dateExpectedReturn: '2025-03-09', items: twice })).toBe(MSG.returnBeforeNeeded);
    expect(first({ ...good, items: twice })).toBe(MSG.duplicateCartItem);
  });
});

describe('pesos (docs/decisions/money-and-relative-time.md)', () => {
  it('shows ₱ with two decimals and thousands separators', () => {
    expect(formatPeso(0)).toBe('₱0.00');
    expect(formatPeso(1234.5)).toBe('₱1,234.50');
    expect(formatPeso(-75)).toBe('-₱75.00');
    expect(formatPeso(0.005)).toBe('₱0.01');
  });
});

describe('paging across segments', () => {
  it('covers exactly the rows of the page, segment by segment', () => {
    const segments = [
      { key: 'a', size: 3 },
      { key: 'b', size: 0 },
      { key: 'c', size: 5 },
    ];
    expect(pageSegments(segments, 0, 2)).toEqual([{ key: 'a', offset: 0, limit: 2 }]);
    expect(pageSegments(segments, 2, 4)).toEqual([
      { key: 'a', offset: 2, limit: 1 },
      { key: 'c', offset: 0, limit: 3 },
    ]);
    expect(pageSegments(segments, 6, 20)).toEqual([{ key: 'c', offset: 3, limit: 2 }]);
    expect(pageSegments(segments, 8, 20)).toEqual([]);
    // Every row exactly once, whatever the page size.
    for (const size of [1, 2, 3, 7]) {
      const seen: string[] = [];
      for (let offset = 0; offset < 8; offset += size) {
        for (const s of pageSegments(segments, offset, size)) for (let i = 0; i < s.limit; i++) seen.push(`${s.key}${s.offset + i}`);
      }
      expect(seen).toEqual(['a0', 'a1', 'a2', 'c0', 'c1', 'c2', 'c3', 'c4']);
    }
  });
});

describe('search text', () => {
  it('puts the requester name on the first line (migration 003 triggers rely on it)', () => {
    expect(searchTextOf('Juan\nDela Paz', 'Seminar', ['Broom', 'Mop'])).toBe('Juan Dela Paz\nSeminar\nBroom\nMop');
  });

  it('searches by words: letters and digits, lower case, punctuation dropped', () => {
    expect(searchWords('  Maria   LOP ')).toEqual(['maria', 'lop']);
    expect(searchWords('Bautista-Reyes "chairs" (10 m)')).toEqual(['bautista', 'reyes', 'chairs', '10', 'm']);
    expect(searchWords('Peña')).toEqual(['peña']);
    expect(searchWords('%_*')).toEqual([]);
  });
});

describe('dates in notices and dialogs', () => {
  it('are written as the cards write them, never as a bare ISO date', () => {
    expect(say.reminderSentDetail('Juan Dela Paz', 5, '2026-11-26')).toBe(
      'Juan Dela Paz has been reminded to return REQ-5 by Nov 26, 2026.',
    );
    const reminded = say.borrowerReminded('Admin', 5, 'Juan Dela Paz', 'Fair', '2026-11-26');
    expect(reminded.notice?.message).toContain('expected back on Nov 26, 2026.');
    expect(JSON.stringify(reminded)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const approved = say.requestApproved('Admin', 5, 'Juan Dela Paz', [{ name: 'Broom', quantity: 1 }], '2026-12-01');
    expect(JSON.stringify(approved)).toContain('Dec 1, 2026');
    expect(JSON.stringify(approved)).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
