import { afterEach, describe, expect, it } from 'vitest';
import { shiftDate, testClockOffset } from '../testClock';

const Before = Date;
afterEach(() => {
  globalThis.Date = Before;
});

describe('the tests’ set clock', () => {
  it('reads TEST_NOW once as an offset from the real clock, which every process it starts inherits', () => {
    const env: NodeJS.ProcessEnv = { TEST_NOW: '2026-11-28T10:00:00+08:00' };
    const offset = testClockOffset(env);
    expect(Math.abs(Date.now() + offset - Date.parse('2026-11-28T02:00:00Z'))).toBeLessThan(1000);
    expect(env.TEST_CLOCK_OFFSET).toBe(String(offset));
    expect(testClockOffset({ ...env, TEST_NOW: '2030-01-01T00:00:00Z' })).toBe(offset);
    expect(testClockOffset({})).toBe(0);
    expect(() => testClockOffset({ TEST_NOW: 'Saturday' })).toThrow(/TEST_NOW is not a date/);
  });

  // In a run on a set clock Date is moved already, and a second move is ignored (checked at the end of this test).
  it.skipIf(!!process.env.TEST_NOW)(
    'moves now, and only now: new Date(), Date() and Date.now() read the set time; given dates stay as given',
    () => {
      const offset = Date.parse('2026-12-25T02:00:00Z') - Before.now();
      shiftDate(offset);
      expect(new Date().toISOString().slice(0, 13)).toBe('2026-12-25T02');
      expect(Math.abs(Date.now() - Date.parse('2026-12-25T02:00:00Z'))).toBeLessThan(1000);
      expect(Date()).toContain('Dec 25 2026');
      expect(new Date('2026-01-02T03:04:05Z').toISOString()).toBe('2026-01-02T03:04:05.000Z');
      expect(new Date(2026, 0, 2).getFullYear()).toBe(2026);
      expect(new Date() instanceof Date).toBe(true);
      expect(Date.UTC(2026, 0, 1)).toBe(Before.UTC(2026, 0, 1));
      // Put on twice (a setup file and a configuration in one process), it moves once.
      shiftDate(offset);
      expect(new Date().toISOString().slice(0, 13)).toBe('2026-12-25T02');
    },
  );
});
