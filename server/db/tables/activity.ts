/** The activity feed, the notices and the office's bell (the activity module). */
import type { Generated } from 'kysely';
import type { EntityType } from '../../../core/activity/schemas';

export interface ActivityTable {
  id: Generated<number>;
  actor_id: number | null;
  subject_id: number | null;
  /** What the entry is about (migration 004): 'borrow_request' and its id, say; null for none. */
  entity_type: EntityType | null;
  entity_id: number | null;
  action_type: string;
  description: string;
  created_at: string;
  /** 1 for an entry an automatic job wrote (migration 045): named as the system's, never "Deleted user". */
  automatic: Generated<number>;
  /** The API token the entry was made with (migration 065), named in the log instead of its administrator. */
  api_token_id: Generated<number | null>;
}

export interface NotificationsTable {
  id: Generated<number>;
  account_id: number;
  title: string;
  message: string;
  entity_type: EntityType | null;
  entity_id: number | null;
  read_at: string | null;
  created_at: string;
}

export interface OfficeBellTable {
  account_id: number;
  seen_at: string | null;
  /** The newest activity entry when the person last marked the bell read; newer ones are unread. */
  seen_id: number | null;
  email_office_events: Generated<number>;
}

export interface ActivityTables {
  activity: ActivityTable;
  notifications: NotificationsTable;
  office_bell: OfficeBellTable;
}
