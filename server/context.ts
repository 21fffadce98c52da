import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './lib/mail';
import type { Scheduler } from './lib/scheduler';
import type { FileStore } from './lib/fileStore';
import type { SessionService } from './plugins/auth';
import type { AccountHold, ActivityService, Custodians, ItemHold, PushService, RepairEnd, RoomHold, SettingsService } from './ports';

/** What every module is given: the app's services, built once in app.ts (the modules' ports in ports.ts). */
export interface Ctx {
  config: Config;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
  sessions: SessionService;
  settings: SettingsService;
  activity: ActivityService;
  /** Web Push to people's devices (docs/decisions/push.md), sent after the commit like mail. */
  push: PushService;
  /** What other modules say about removing an account (borrowing, then repairs): see accounts/accountHolds.ts. */
  accountHolds: readonly AccountHold[];
  /** Units of an item other modules have out (borrowing's loans): see inventory/service.ts. */
  itemHolds: readonly ItemHold[];
  /** Rows of other modules that name a room (repairs' reports): see locations/service.ts. */
  roomHolds: readonly RoomHold[];
  /** What other modules hold out for a damage repair (borrowing's return conditions): see repairs/damage.ts. */
  repairEnds: readonly RepairEnd[];
  /** Who holds the units in custody, and a loss ending it (custody's, for the inventory's count): see custody/custodians.ts. */
  custodians: Custodians;
  /** The scheduled jobs (server/jobs.ts): started by main.ts, shown to administrators. */
  jobs: Scheduler;
}
