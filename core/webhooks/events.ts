/**
 * The events a webhook endpoint may ask for (docs/decisions/webhooks.md): each a change the office's records go
 * through, named `<record>.<what happened>` as Standard Webhooks' `type`. The payload's `data` is the record's
 * public fields (core/webhooks/payloads.ts).
 */

export const WEBHOOK_EVENTS = [
  'request.submitted',
  'request.approved',
  'request.rejected',
  'request.handed_out',
  'request.returned',
  'request.overdue',
  'repair.reported',
  'repair.assigned',
  'repair.on_hold',
  'repair.completed',
  'unit.damaged',
  'unit.lost',
  'stock.below_reorder_level',
  'count.closed',
  'account.approved',
  'account.deactivated',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Sent by Send test event only, to that one endpoint: never asked for. */
export const TEST_EVENT = 'webhook.test';
export type SentEvent = WebhookEvent | typeof TEST_EVENT;

/** The words of each event, grouped as the dialog's checkboxes show them. */
export const EVENT_GROUPS: readonly { label: string; events: readonly { event: WebhookEvent; label: string }[] }[] = [
  {
    label: 'Borrow requests',
    events: [
      { event: 'request.submitted', label: 'Submitted' },
      { event: 'request.approved', label: 'Approved' },
      { event: 'request.rejected', label: 'Rejected' },
      { event: 'request.handed_out', label: 'Handed out (a booking collected)' },
      { event: 'request.returned', label: 'Returned (checked in by the office)' },
      { event: 'request.overdue', label: 'Overdue' },
    ],
  },
  {
    label: 'Repairs',
    events: [
      { event: 'repair.reported', label: 'Reported' },
      { event: 'repair.assigned', label: 'Assigned' },
      { event: 'repair.on_hold', label: 'On hold' },
      { event: 'repair.completed', label: 'Completed' },
    ],
  },
  {
    label: 'Inventory',
    events: [
      { event: 'unit.damaged', label: 'Unit damaged' },
      { event: 'unit.lost', label: 'Unit lost' },
      { event: 'stock.below_reorder_level', label: 'Stock at or below its reorder level' },
      { event: 'count.closed', label: 'Count closed' },
    ],
  },
  {
    label: 'Accounts',
    events: [
      { event: 'account.approved', label: 'Account approved' },
      { event: 'account.deactivated', label: 'Account deactivated' },
    ],
  },
];

const EVENT_LABELS = new Map<string, string>(EVENT_GROUPS.flatMap((g) => g.events.map((e) => [e.event, `${g.label}: ${e.label}`])));
EVENT_LABELS.set(TEST_EVENT, 'Test event');

/** An event in words ("Borrow requests: Approved"); an unknown one as it is. */
export const eventLabel = (type: string) => EVENT_LABELS.get(type) ?? type;

/** What an event is about: the record its payload describes. */
export type EventSubjectKind = 'borrow_request' | 'repair_report' | 'account' | 'unit' | 'item' | 'count';
export interface EventSubject {
  kind: EventSubjectKind;
  id: number;
}
