/**
 * The activity log's action types in words ("repair_escalation" is "Repair escalated"), one map for every screen
 * that names them: the feeds, the office's Activity Log and its filter.
 */
export const ACTION_LABELS: Record<string, string> = {
  request_created: 'Request created',
  request_approved: 'Request approved',
  request_rejected: 'Request rejected',
  request_cancelled: 'Request cancelled',
  items_returned: 'Items returned',
  return_submitted: 'Return submitted',
  return_not_accepted: 'Return not accepted',
  reminder_sent: 'Reminder sent',
  problem_reported: 'Problem reported',
  borrow_hold_placed: 'Borrowing hold placed',
  borrow_hold_lifted: 'Borrowing hold lifted',
  repair_report_created: 'Repair reported',
  repair_report_updated: 'Repair report edited',
  repair_report_deleted: 'Repair report deleted',
  repair_rated: 'Repair rated',
  repair_followed: 'Repair followed',
  repair_unfollowed: 'Repair unfollowed',
  repair_on_hold: 'Repair on hold',
  repair_resumed: 'Repair resumed',
  repair_escalation: 'Repair escalated',
  task_assigned: 'Repair assigned',
  task_started: 'Repair work started',
  task_updated: 'Repair notes updated',
  task_completed: 'Task completed',
  maintenance_completed: 'Repair completed',
  schedule_created: 'Schedule entry added',
  schedule_updated: 'Schedule updated',
  schedule_deleted: 'Schedule entry deleted',
  schedule_completed: 'Schedule completed',
  inventory_update: 'Inventory updated',
  location_update: 'Locations updated',
  designation_added: 'Designation added',
  designation_updated: 'Designation updated',
  designation_deleted: 'Designation deleted',
  registration_accepted: 'Registration accepted',
  registration_rejected: 'Registration rejected',
  account_added: 'Account added',
  account_updated: 'Account updated',
  account_deactivated: 'Account deactivated',
  account_reactivated: 'Account reactivated',
  account_deleted: 'Account deleted',
  role_changed: 'Role changed',
  profile_updated: 'Profile updated',
  password_changed: 'Password changed',
  password_reset: 'Password reset',
  campus_account_created: 'Campus account created',
  campus_account_linked: 'Campus account linked',
  site_settings: 'Site settings changed',
  maintenance_mode: 'Maintenance mode',
  term_sweep: 'Term sweep',
  accounts_imported: 'Accounts from the registrar',
  webhook_update: 'Webhooks changed',
};

/** The words of an action type; one not on the map reads as its words, capitalized ("stock_counted": "Stock counted"). */
export function actionLabel(type: string): string {
  const known = ACTION_LABELS[type];
  if (known) return known;
  const words = type.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
