// The tests that depend on the date (docs/decisions/test-clock.md): run once more as if it were a chosen moment, by
// `npm run test:on-date` and by .ci/run's PostgreSQL and closure-day stages. A test that counts days, weeks, working
// hours or closures belongs on these lists.

/** The API tests whose rules count campus days, the week, working time or the office calendar. */
export const DATED_API_TESTS = [
  'admin-reports',
  'availability',
  'borrow-office',
  'borrow-requests',
  'calendar-feeds',
  'dashboard-charts',
  'maintenance-plans',
  'office-calendar',
  'partial-returns',
  'reminders',
  'repair-deadlines',
  'repair-escalation',
  'reports',
  'schedule',
];

/**
 * The journeys that choose or show dates: dates needed and returns, deadlines in working time, the week, closures,
 * the charts' months, the scheduled reports. Those whose only dates are loans placed so many days back
 * (e2e/journeyData.ts) are day-proof by construction and run once, which keeps these stages short.
 */
export const DATED_JOURNEYS = [
  'availability',
  'borrow-form',
  'calendar-feed',
  'campus-time',
  'dashboard-charts',
  'maintenance-plans',
  'office-calendar',
  'office-figures',
  'repair-deadlines',
  'reports',
  'schedule',
];
