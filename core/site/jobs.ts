/** What administrators read of the app's scheduled jobs (Settings, Scheduled jobs): each job's name and period. */
export const JOB_WORDS: Record<string, { label: string; every: string }> = {
  return_reminders: { label: 'Return reminders', every: 'Daily, at the reminder time' },
  repair_escalation: { label: 'Repair deadline alerts', every: 'Hourly' },
  reservation_release: { label: 'Release of uncollected reservations', every: 'Daily, just after midnight' },
  reorder_digest: { label: 'Reorder digest (items that reached their reorder level)', every: 'Daily, at 7:00 AM' },
  saved_reports: { label: 'Scheduled reports', every: 'Every minute' },
  overdue_events: { label: 'Overdue loans told to webhooks', every: 'Daily, just after midnight' },
  webhook_deliveries: { label: 'Webhook deliveries', every: 'Every 5 seconds while there are some to send' },
  housekeeping: { label: 'Housekeeping (expired sessions and sign-in limits)', every: 'Every 10 minutes' },
};

export const jobWords = (name: string) => JOB_WORDS[name] ?? { label: name, every: '' };
