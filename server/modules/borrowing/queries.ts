/**
 * Reads of borrow requests and loans, the module's face to the others: the lists (lists.ts), one request and the
 * units on loan (requestRows.ts), a unit's page (unitPage.ts), and the figures the dashboards and the landing page ask for (figures.ts).
 */
export * from './requestRows';
export { unitLoans, unitPageOf } from './unitPage';
export * from './lists';
export * from './figures';
export { loansForCalendar } from './calendarLoans';
export * from './reportFigures';
export * from './chartFigures';
export { unitsOutOf } from './unitsOut';
export { overdueLoansNow } from './overdueNow';
