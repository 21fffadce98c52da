import type { RequestStatus } from '../../../core/borrowing/rules';
import type { TabDef } from '../../ui/list';

export type RequestTab = 'all' | RequestStatus;

/**
 * The request lists' tabs, on My Requests and on the office's Borrow Requests: the six the screens have always had,
 * and Cancelled, so that All is the sum of the tabs (docs/decisions/borrow-lifecycle.md).
 */
export const REQUEST_TABS: readonly TabDef<RequestTab>[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'returned', label: 'Returned' },
  { value: 'completed', label: 'Completed' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];
