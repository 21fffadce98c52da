/** Web Push (the push module, migration 070; docs/decisions/push.md). */
import type { Generated } from 'kysely';

export interface PushSubscriptionsTable {
  id: Generated<number>;
  account_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The kinds chosen on the device, comma separated. */
  kinds: string;
  created_at: string;
  last_success_at: string | null;
}

/** The VAPID keys the server made once, when the settings name none: one row, id 1. */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: string;
}

export interface PushTables {
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
}
