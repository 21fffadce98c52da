/**
 * The ports `ctx` offers the modules (server/context.ts): the services every module uses, and what a module below
 * asks of the modules that build on it. Declared here, under every module, so that the base names none of them;
 * each module implements its own (the settings in site/service.ts, the activity in activity/service.ts, the holds
 * in borrowing, repairs and calendar), and app.ts wires them.
 */
import type { Entity } from '../core/activity/schemas';
import type { ActionTexts, ActivityText, NoticeText } from '../core/activity/notices';
import type { OpenRepairs, UnitsOut } from '../core/messages';
import type { RepairOutcome } from '../core/repairs/damage';
import type { OfficeCalendar } from '../core/site/calendar';
import type { Db } from './db/database';
import type { Account } from './db/schema';

/** The site's settings, by key; each has a default in site/service.ts until an administrator sets it. */
export type SettingKey =
  | 'maintenance_mode'
  | 'office_name'
  | 'office_address'
  | 'office_phone'
  | 'office_email'
  | 'office_week'
  | 'repair_targets'
  | 'campus_map_path'
  | 'damage_trades'
  | 'supply_requesters'
  | 'webhook_allowed_hosts';

/** The site's settings (office details, maintenance mode, the office calendar): `ctx.settings`. */
export interface SettingsService {
  get(key: SettingKey, trx?: Db): Promise<string>;
  getAll(keys: SettingKey[]): Promise<Record<SettingKey, string>>;
  set(key: SettingKey, value: string, trx?: Db): Promise<void>;
  /**
   * The office calendar (docs/decisions/office-calendar.md): the weekly hours and the closures that have not
   * ended by yesterday (a date asked for is today or later; yesterday keeps a closure that ends as the campus's
   * day turns).
   */
  calendar(trx?: Db): Promise<OfficeCalendar>;
  /** docs/decisions/maintenance-mode.md: a stored setting, with an environment override. */
  maintenanceOn(): Promise<boolean>;
}

/** Who did it, whom it concerns, and what it is about (null when it is about no one thing). */
export interface Involved {
  actorId: number | null;
  subjectId: number | null;
  entity: Entity | null;
  /** Written by an automatic job, not a person: the feed names the system as its actor. */
  automatic?: boolean;
}

/** Sends the notice's mail once the transaction that wrote it has committed. */
export type SendMail = () => void;

/**
 * Web Push to people's devices (docs/decisions/push.md): `ctx.push`, implemented by the push module. Called after
 * the transaction that caused the notice has committed; it never throws, and a failure is logged and counted.
 */
export interface PushService {
  /** Sends the notice to the person's devices that chose one of its kinds (none: nothing), opening `entity` on a tap. */
  send(accountId: number, notice: NoticeText, entity: Entity | null): void;
  /** The same to every staff member and administrator whose devices chose one of its kinds. */
  sendToOffice(notice: NoticeText, entity: Entity | null): void;
  /** Resolves once every push started so far has been answered (tests, and a process closing). */
  settled(): Promise<void>;
}

/** The activity feed and the people's notifications (docs/decisions/notifications.md): `ctx.activity`. */
export interface ActivityService {
  /** An entry in the activity feed, written in the caller's transaction. */
  record(who: Involved, text: ActivityText, trx?: Db): Promise<void>;
  /**
   * Writes the bell entry in the caller's transaction; mail (and Web Push, for the notice's kinds) goes after, and a
   * failure of either is only logged.
   */
  notify(accountId: number, entity: Entity | null, notice: NoticeText, trx?: Db): Promise<SendMail>;
  /** An office action: the feed entry, and the notice to the person it concerns while they have an account. */
  tell(who: Involved, texts: ActionTexts, trx?: Db): Promise<SendMail>;
  /**
   * Tells the office by mail, for those who asked (their bell shows the feed entry anyway), and by Web Push to the
   * devices that chose the notice's kind, opening `entity`. Call after the transaction that wrote the entry has
   * committed; a failure is only logged.
   */
  officeAlert(notice: NoticeText, entity?: Entity | null): SendMail;
  /** The office's bell: everything before now counts as seen. */
  markOfficeSeen(accountId: number): Promise<void>;
  setOfficeEmails(accountId: number, on: boolean): Promise<void>;
  markAllRead(accountId: number): Promise<void>;
}

/**
 * What an account still has open in another module: borrowed units not yet returned, repairs not finished, or
 * units in its custody (docs/decisions/custody.md).
 */
export type AccountHolding = { loans: UnitsOut } | { repairs: OpenRepairs } | { custody: number };

/**
 * Another module's say in removing an account (deleting or deactivating it): what the account still holds
 * there, and what to tidy once it goes (run in the removal's transaction, its feed entries written through the
 * activity service). The modules that build on accounts (borrowing, repairs) provide them and app.ts lists them in
 * `ctx.accountHolds`, so the accounts module imports none of them.
 */
export interface AccountHold {
  holding(trx: Db, accountId: number): Promise<AccountHolding | null>;
  release?(activity: ActivityService, trx: Db, account: Account): Promise<void>;
}

/**
 * Another module's units of an item that are out (borrowing's loans). The modules that build on inventory provide
 * them and app.ts lists them in `ctx.itemHolds`, so the inventory module imports none of them.
 */
export interface ItemHold {
  unitsOut(trx: Db, itemId: number): Promise<number>;
  /** Locks what holds the item out, before the item's row is locked (Track Units). */
  lockHolders(trx: Db, itemId: number): Promise<void>;
  /** Track Units: names new units (made available) on what is out, lending them; answers how many it used. */
  giveUnits(trx: Db, itemId: number, units: { tag: string }[], actorId: number): Promise<number>;
}

/**
 * What the locations module asks of the modules that build on it: before a room is deleted, how many of their
 * rows name it (repairs: the reports about it). They provide it through `ctx.roomHolds`, wired in server/app.ts.
 */
export interface RoomHold {
  rowsNaming(trx: Db, roomId: number): Promise<number>;
}

/**
 * Another module's equipment held out by a damage repair (borrowing's return conditions): put back (repaired) or
 * written off (retired), once. The repairs module tells them through `ctx.repairEnds` (repairs/damage.ts).
 */
export interface RepairEnd {
  ended(trx: Db, reportId: number, actorId: number | null, outcome: RepairOutcome, reason: string | null): Promise<void>;
}

/** A unit's accountable holder now (docs/decisions/custody.md): a person, or a room and its building. */
export type Custodian = {
  unitId: number;
  kind: 'person' | 'room';
  accountId: number | null;
  roomId: number | null;
  buildingId: number | null;
  name: string;
};

/**
 * What the inventory's yearly count asks of custody, which builds on the inventory (docs/decisions/counts.md): who
 * holds the units in custody, so that the count expects each with its custodian; and, when the count's second
 * confirmation marks a unit lost, its custody ended in the same transaction (the rows ended, a custody line in the
 * unit's history with the count's reference, the person told). The custody module provides it as
 * `ctx.custodians`, wired in app.ts.
 */
export interface Custodians {
  of(trx: Db, unitIds: number[]): Promise<Custodian[]>;
  /** Answers the holder whose custody ended and the mail to send after the commit, or null when none held it. */
  endLost(
    activity: ActivityService,
    trx: Db,
    loss: { unitId: number; itemId: number; tag: string; actorId: number; reference: string; at: string },
  ): Promise<{ holder: string; send: SendMail } | null>;
}
