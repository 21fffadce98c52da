import type { AccountListType } from '../../core/accounts/rules';
import type { RecordTab } from '../../core/borrowing/rules';
import type { RequestTab, SeriesBody } from '../../core/borrowing/schemas';
import type { ChartPeriod } from '../../core/dashboard/charts';
import type { CountUnitGroup } from '../../core/inventory/counts';
import type { PlanListQuery } from '../../core/maintenance/schemas';
import type { RepairTab } from '../../core/repairs/rules';
import type { RoomReportTab } from '../../core/repairs/schemas';
import type { ReportKind } from '../../core/reports/rules';
import type { ReportFilters } from '../../core/reports/schemas';
import type { AccountStatus } from '../../core/roles';

/**
 * Every query key of the browser app, one factory per domain. A feature's api.ts queries under its own factory, and
 * a write that changes what another feature shows invalidates that feature's keys from here, so no feature imports
 * another's api file to refresh it (docs/ARCHITECTURE.md, client/). Invalidating a factory's `all` refreshes every
 * query of its domain.
 */

/** The list's query; no status lists every account of the kind. */
export type AccountListParams = { type: AccountListType; search: string; status?: AccountStatus; page: number; pageSize: number };
export type AuditFilter = { person?: string; type?: string; from?: string; to?: string };
export type RequestParams = { search?: string; status: RequestTab; page: number; pageSize: number };
export type RecordParams = { search?: string; status: RecordTab; page: number; pageSize: number };
export type InspectionParams = { building?: string; room?: string; page: number; pageSize: number };
/** The category is one of the list's tabs ('all' or a category): useListParams only yields the tabs it was given. */
export type ItemParams = { search?: string; category?: string; kind?: 'lent' | 'supply'; page?: number; pageSize?: number };
export type UnitParams = { search?: string; status?: string; page?: number; pageSize?: number };
export type RoomParams = { search?: string; building?: number; show?: 'suggested'; page?: number; pageSize?: number };
export type RepairListParams = {
  search?: string;
  status: RepairTab;
  page: number;
  pageSize: number;
  building?: number | 'office';
  room?: number;
  sort?: 'board' | 'due';
  due?: 'overdue' | 'soon';
};

export const authKeys = {
  me: ['auth', 'me'] as const,
  resetLink: (token: string) => ['auth', 'reset-link', token] as const,
};
/** The signed-in account, or null. */
export const meKey = authKeys.me;

export const accountKeys = {
  all: ['accounts'] as const,
  list: (params: AccountListParams) => [...accountKeys.all, 'list', params] as const,
};

/** The activity feed and the Activity Log. */
export const activityKeys = {
  all: ['activity'] as const,
  feed: (page: number, pageSize: number) => [...activityKeys.all, 'feed', page, pageSize] as const,
  audit: (params: AuditFilter & { page: number }) => [...activityKeys.all, 'audit', params] as const,
};

/** Borrowing's lists and requests. */
export const borrowingKeys = {
  all: ['borrowing'] as const,
  mine: (params: RequestParams) => [...borrowingKeys.all, 'mine', params] as const,
  office: (params: RequestParams) => [...borrowingKeys.all, 'office', params] as const,
  records: (params: RecordParams) => [...borrowingKeys.all, 'records', params] as const,
  one: (id: number | string) => [...borrowingKeys.all, 'one', String(id)] as const,
  reminders: () => [...borrowingKeys.all, 'reminders'] as const,
  availability: (params: { items: string; from: string; to: string; fromTime?: string; toTime?: string }) =>
    [...borrowingKeys.all, 'availability', params] as const,
  calendar: (params: { date: string; view: 'day' | 'week' }) => [...borrowingKeys.all, 'calendar', params] as const,
  series: (body: SeriesBody | null) => [...borrowingKeys.all, 'series', body] as const,
  seriesDates: (seriesId: number) => [...borrowingKeys.all, 'series-dates', seriesId] as const,
};

export const calendarKeys = {
  all: ['calendar-feed'] as const,
  status: () => [...calendarKeys.all, 'status'] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  admin: () => [...dashboardKeys.all, 'admin'] as const,
  user: () => [...dashboardKeys.all, 'user'] as const,
  report: () => [...dashboardKeys.all, 'report'] as const,
  damageLoss: () => [...dashboardKeys.all, 'damage-loss'] as const,
  charts: (who: 'office' | 'personnel' | 'user', period: ChartPeriod) => [...dashboardKeys.all, 'charts', who, period] as const,
};

export const departmentKeys = {
  all: ['departments'] as const,
  list: () => [...departmentKeys.all, 'list'] as const,
  choices: (keep: number | null) => [...departmentKeys.all, 'choices', keep] as const,
};

export const designationKeys = {
  all: ['designations'] as const,
  list: () => [...designationKeys.all, 'list'] as const,
};

export const inspectionKeys = {
  all: ['inspections'] as const,
  list: (params: InspectionParams) => [...inspectionKeys.all, 'list', params] as const,
};

/** The inventory's lists: invalidating `all` refreshes stock everywhere it shows. */
export const itemKeys = {
  all: ['items'] as const,
  list: (params: ItemParams) => [...itemKeys.all, 'list', params] as const,
  unreturned: () => [...itemKeys.all, 'unreturned'] as const,
  report: () => [...itemKeys.all, 'report'] as const,
  figures: (ids: number[]) => [...itemKeys.all, 'figures', ids] as const,
  units: (itemId: number, params: UnitParams) => [...itemKeys.all, 'units', itemId, params] as const,
  unitPage: (tag: string) => [...itemKeys.all, 'unit', tag.toUpperCase()] as const,
  unitLookup: (tag: string) => [...itemKeys.all, 'unit-lookup', tag.toUpperCase()] as const,
  /** An item's stock card page (docs/decisions/stock-card.md). */
  stockCard: (itemId: number, page: number, pageSize: number) => [...itemKeys.all, 'stock-card', itemId, { page, pageSize }] as const,
  /** To Reorder (docs/decisions/reorder.md). */
  reorder: () => [...itemKeys.all, 'reorder'] as const,
};

/** Custody of tracked units (docs/decisions/custody.md): a unit's holder, my accountabilities, the people to issue to. */
export const custodyKeys = {
  all: ['custody'] as const,
  unit: (unitId: number) => [...custodyKeys.all, 'unit', unitId] as const,
  mine: () => [...custodyKeys.all, 'mine'] as const,
  custodians: () => [...custodyKeys.all, 'custodians'] as const,
};

/** The yearly count (docs/decisions/counts.md): the counts, a count's figures and lists, a room opened to count it, Not seen. */
export type CountListParams = { search?: string; status: 'all' | 'open' | 'closed'; page: number; pageSize: number };
export type CountUnitParams = { group: CountUnitGroup; page: number; pageSize: number; buildingId?: number; roomId?: number };
export const countKeys = {
  all: ['counts'] as const,
  list: (params: CountListParams) => [...countKeys.all, 'list', params] as const,
  one: (id: number) => [...countKeys.all, 'one', id] as const,
  buildings: (id: number) => [...countKeys.one(id), 'buildings'] as const,
  rooms: (id: number, params: { buildingId?: number; page: number; pageSize: number }) => [...countKeys.one(id), 'rooms', params] as const,
  room: (id: number, roomId: number) => [...countKeys.one(id), 'room', roomId] as const,
  units: (id: number, params: CountUnitParams) => [...countKeys.one(id), 'units', params] as const,
  unknownTags: (id: number, page: number, pageSize: number) => [...countKeys.one(id), 'unknown-tags', { page, pageSize }] as const,
  items: (id: number, page: number, pageSize: number) => [...countKeys.one(id), 'items', { page, pageSize }] as const,
  notSeen: (page: number, pageSize: number) => [...countKeys.all, 'not-seen', { page, pageSize }] as const,
};

/** Deliveries, suppliers and the warranty list (docs/decisions/stock-card.md). */
export type DeliveryParams = { search: string; status: 'all' | 'received' | 'reversed'; page: number; pageSize: number };
export const deliveryKeys = {
  all: ['deliveries'] as const,
  list: (params: DeliveryParams) => [...deliveryKeys.all, 'list', params] as const,
  one: (id: number) => [...deliveryKeys.all, 'one', id] as const,
  suppliers: () => [...deliveryKeys.all, 'suppliers'] as const,
  warranty: (days: number, page: number, pageSize: number) => [...deliveryKeys.all, 'warranty', { days, page, pageSize }] as const,
};

/** The buildings and rooms (docs/decisions/locations.md). */
export const locationKeys = {
  all: ['locations'] as const,
  buildings: () => [...locationKeys.all, 'buildings'] as const,
  rooms: (params: RoomParams) => [...locationKeys.all, 'rooms', params] as const,
  /** One room by its code (the room page, /r/CODE). */
  roomByCode: (code: string) => [...locationKeys.all, 'room-code', code.toUpperCase()] as const,
  /** A room's history (docs/decisions/rooms-and-followers.md). */
  history: (roomId: number, page: number, pageSize: number) => [...locationKeys.all, 'history', roomId, { page, pageSize }] as const,
};

export const maintenanceKeys = {
  all: ['maintenance-plans'] as const,
  list: (q: PlanListQuery) => [...maintenanceKeys.all, 'list', q] as const,
  choices: () => [...maintenanceKeys.all, 'choices'] as const,
  compliance: () => [...maintenanceKeys.all, 'compliance'] as const,
  mine: () => [...maintenanceKeys.all, 'mine'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  bell: () => [...notificationKeys.all, 'bell'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** Web Push on this person's devices (docs/decisions/push.md). */
export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  mine: () => [...pushKeys.all, 'mine'] as const,
  /** This browser's own subscription, if any. */
  here: () => [...pushKeys.all, 'here'] as const,
};

/** The repair lists and reports. */
export const repairKeys = {
  all: ['repairs'] as const,
  mine: (params: RepairListParams) => [...repairKeys.all, 'mine', params] as const,
  office: (params: RepairListParams) => [...repairKeys.all, 'office', params] as const,
  assigned: (params: RepairListParams) => [...repairKeys.all, 'assigned', params] as const,
  one: (id: number | string) => [...repairKeys.all, 'one', String(id)] as const,
  personnel: () => [...repairKeys.all, 'personnel'] as const,
  /** A room's reports for the office (docs/decisions/rooms-and-followers.md). */
  room: (roomId: number, params: { show: RoomReportTab; page: number; pageSize: number }) =>
    [...repairKeys.all, 'room', roomId, params] as const,
  /** A room's open reports as a faculty member sees them before filing. */
  roomOpen: (roomId: number) => [...repairKeys.all, 'room-open', roomId] as const,
  /** The office's targets per priority (docs/decisions/repair-deadlines.md). */
  targets: () => [...repairKeys.all, 'targets'] as const,
  /** A report's timeline (docs/decisions/repair-deadlines.md). */
  timeline: (id: number) => [...repairKeys.one(id), 'timeline'] as const,
  /** The kept-promises figures over 30 or 90 days. */
  keptPromises: (days: '30' | '90') => [...repairKeys.all, 'kept-promises', days] as const,
};

export const reportKeys = {
  all: ['reports'] as const,
  report: (kind: ReportKind, filters: ReportFilters) => [...reportKeys.all, 'report', kind, filters] as const,
  saved: () => [...reportKeys.all, 'saved'] as const,
};

/** The schedule's weeks. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  /** A week by its Monday; `current` for this week in the campus time zone. */
  week: (week: string | null) => [...scheduleKeys.all, 'week', week ?? 'current'] as const,
  /** A page of one day's items (the day card's Show all). */
  day: (date: string, page: number) => [...scheduleKeys.all, 'day', date, page] as const,
  personnel: () => [...scheduleKeys.all, 'personnel'] as const,
};

/** The administrators' API tokens (docs/decisions/api-tokens.md). */
export const tokenKeys = {
  all: ['api-tokens'] as const,
  list: () => [...tokenKeys.all, 'list'] as const,
};

/** The administrators' webhooks and their delivery logs (docs/decisions/webhooks.md). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (id: number, page: number) => [...webhookKeys.all, 'deliveries', id, page] as const,
  allowedHosts: () => [...webhookKeys.all, 'allowed-hosts'] as const,
};

export const siteKeys = {
  all: ['site'] as const,
  status: () => [...siteKeys.all, 'status'] as const,
  stats: () => [...siteKeys.all, 'stats'] as const,
  calendar: () => [...siteKeys.all, 'calendar'] as const,
  damageTrades: () => [...siteKeys.all, 'damage-trades'] as const,
  supplyRequesters: () => [...siteKeys.all, 'supply-requesters'] as const,
  jobs: () => [...siteKeys.all, 'jobs'] as const,
};
/** The site's status (maintenance, time zone), read by the guards and the maintenance screens. */
export const siteStatusKey = siteKeys.status();
