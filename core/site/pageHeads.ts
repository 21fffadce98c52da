/**
 * The title and subtitle of the portal screens whose heading does not depend on who is looking: one place for the
 * words, which the screens show and the build draws into their pages before the app's code arrives
 * (scripts/prerender-portals.tsx; docs/performance.md).
 */
export interface PageHead {
  title: string;
  subtitle?: string;
  /** A dashboard greets the person instead ("Welcome, …", welcomeLine): who, when the account has no name. */
  welcome?: string;
}

/** A dashboard's greeting, as the screen shows it. */
export const welcomeLine = (fullName: string | null | undefined, nameless: string) => `Welcome, ${fullName || nameless}`;

export const PAGE_HEADS = {
  '/users': { title: 'User Dashboard', welcome: 'Regular User' },
  '/users/borrow-item': { title: 'Borrow Items', subtitle: 'Choose what you need, then tell us when and why.' },
  '/personnel': { title: 'Personnel Dashboard', welcome: 'Personnel User' },
  '/personnel/requests': { title: 'Requests Management', subtitle: 'Approve or reject borrow requests and verify returned items' },
  '/personnel/borrow': { title: 'Borrow Management', subtitle: 'Borrow records: items out on loan, returned and overdue' },
  '/personnel/maintenance-repairs': { title: 'Maintenance & Repairs', subtitle: 'Manage assigned repair reports and maintenance tasks' },
  '/personnel/request-supplies': { title: 'Request Supplies', subtitle: 'Ask the office for supplies: issued to you, not returned.' },
  '/personnel/schedule': { title: 'Weekly Schedule', subtitle: 'Maintenance and repair work, week by week' },
  '/admin': { title: 'Dashboard', subtitle: 'Campus-wide figures for the General Services Office' },
  '/admin/requests': { title: 'Service Requests', subtitle: 'Approve, reject, remind on and verify borrow requests' },
  '/admin/borrow': { title: 'Borrow Management', subtitle: 'Borrow records: items out on loan, returned and completed' },
  '/admin/inventory': { title: 'Inventory', subtitle: 'Stock on hand, what is low, and what can be lent' },
  '/admin/reorder': { title: 'To Reorder', subtitle: 'Items at or below their reorder level, with what to buy' },
  '/admin/maintenance-repairs': { title: 'Maintenance & Repairs', subtitle: 'Assign, schedule and follow every repair report' },
  '/admin/request-supplies': { title: 'Request Supplies', subtitle: 'Ask the office for supplies: issued to you, not returned.' },
  '/admin/schedule': { title: 'Schedule', subtitle: 'Weekly schedule of maintenance and repair work' },
} as const satisfies Record<string, PageHead>;

export type HeadedPath = keyof typeof PAGE_HEADS;
export const headOf = (pathname: string): PageHead | undefined =>
  Object.hasOwn(PAGE_HEADS, pathname) ? PAGE_HEADS[pathname as HeadedPath] : undefined;
