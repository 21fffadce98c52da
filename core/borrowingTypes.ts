/** What the borrowing and inventory API answers, as the browser sees it. Dates are YYYY-MM-DD; times ISO. */
import type { RecordStatus, RecordTab, RequestStatus, StockLevel, StockStatus } from './borrowing';

export interface RequestLineDto {
  id: number;
  /** Null when the item has since been deleted from the inventory. */
  itemId: number | null;
  name: string;
  category: string;
  quantityRequested: number;
  quantityApproved: number;
}

export interface BorrowRequestDto {
  id: number;
  /** REQ-{id} */
  code: string;
  /** BRW-{id}: the same loan seen as a borrow record. */
  recordCode: string;
  status: RequestStatus;
  requesterId: number | null;
  /** "Deleted user" when the account is gone. */
  requesterName: string;
  purpose: string;
  dateRequested: string;
  dateNeeded: string;
  dateExpectedReturn: string;
  decidedAt: string | null;
  returnedAt: string | null;
  completedAt: string | null;
  remindedAt: string | null;
  rejectReason: string | null;
  hasProof: boolean;
  /** GET this for the current proof image, when there is one. */
  proofUrl: string | null;
  /** Units requested over all lines. */
  totalItems: number;
  totalApproved: number;
  items: RequestLineDto[];
  /** The loan's state for approved, returned and completed requests, else null. */
  recordStatus: RecordStatus | null;
  /** Days until the expected return (negative when overdue), for approved requests; else null. */
  daysLeft: number | null;
  /** Days past the expected return, for approved requests; 0 when on time. */
  overdueDays: number;
}

export type RequestCounts = Record<'all' | RequestStatus, number>;

export interface RequestList {
  items: BorrowRequestDto[];
  total: number;
  counts: RequestCounts;
}

export interface MyRequestList extends RequestList {
  /** Counts over all my requests, whatever the search. */
  stats: RequestCounts;
  /** Units approved to me and not yet handed back (for the yellow banner). */
  unreturnedItems: number;
}

export interface BorrowRecordDto {
  id: number;
  /** BRW-{id} */
  code: string;
  requestCode: string;
  status: RecordStatus;
  requestStatus: RequestStatus;
  borrowerId: number | null;
  borrower: string;
  purpose: string;
  dateRequested: string;
  dateNeeded: string;
  dateExpectedReturn: string;
  returnedAt: string | null;
  completedAt: string | null;
  daysLeft: number | null;
  overdueDays: number;
  hasProof: boolean;
  proofUrl: string | null;
  /** Units lent. */
  totalItems: number;
  items: { itemId: number | null; name: string; category: string; quantity: number }[];
}

export interface BorrowRecordList {
  items: BorrowRecordDto[];
  total: number;
  counts: Record<RecordTab, number>;
  counters: { activeBorrows: number; approvedRequests: number; completedItems: number; returnedToday: number; overdue: number };
}

export interface ItemDto {
  id: number;
  name: string;
  description: string | null;
  category: string;
  quantity: number;
  minStock: number;
  itemStatus: string;
  stockStatus: StockStatus;
  stockLevel: StockLevel;
  borrowable: boolean;
  availableQuantity: number;
  /** 'available', or why not: 'unavailable', 'damaged', 'out of stock'. */
  availability: string;
}

export interface ItemList {
  items: ItemDto[];
  total: number;
  /** Items per category (under the current search), and 'all'. */
  counts: Record<string, number>;
  /** The whole inventory, for the stat cards. */
  summary: { total: number; inStock: number; lowStock: number; outOfStock: number };
}

export interface UnreturnedItemDto {
  requestId: number;
  requestCode: string;
  status: RequestStatus;
  userId: number | null;
  fullName: string;
  purpose: string;
  itemId: number | null;
  itemName: string;
  category: string;
  quantityApproved: number;
  dateNeeded: string;
  dateExpectedReturn: string;
  overdueDays: number;
}

export interface ActionResult<T = BorrowRequestDto> {
  message: string;
  request: T;
}
