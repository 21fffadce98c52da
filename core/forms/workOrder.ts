/** The Work Order Request Form (docs/product.md, docs/decisions/form-checks.md): the university work order, printed as two copies on a page. */

export const WORK_ORDER_TITLE = 'Work Order Request Form';

/** The form's fields, in the spec's order, with their labels and hints. */
export const WORK_ORDER_FIELDS = [
  { key: 'date', label: 'Date' },
  { key: 'campus', label: 'Campus' },
  { key: 'location', label: 'Location' },
  { key: 'building', label: 'Building' },
  { key: 'workOrderRequest', label: 'Work Order Request', long: true },
  { key: 'requestedBy', label: 'Requested By' },
  { key: 'assignedPersonnel', label: 'Assigned Personnel' },
  { key: 'dateTimeStarted', label: 'Date and Time Started' },
  { key: 'materialNeeded', label: 'Material Needed' },
  { key: 'attachment', label: 'Attachment' },
  { key: 'requestedLetter', label: 'Requested Letter', hint: 'PR/BR' },
  { key: 'inspectionReport', label: 'Inspection Report', hint: 'Picture/Report' },
  { key: 'approvedBy', label: 'Approved By', hint: 'Head, General Services Office' },
  { key: 'inspectedBy', label: 'Inspected By' },
  { key: 'dateTimeCompleted', label: 'Date and Time Completed' },
] as const;
export type WorkOrderKey = (typeof WORK_ORDER_FIELDS)[number]['key'];

export const WORK_ORDER_FILE_NAME = 'work_order_request_form.pdf';
