/**
 * The database's tables, as Kysely sees them: each area's in tables/, and DB composing them. Times are ISO-8601
 * UTC strings; calendar dates are YYYY-MM-DD (campus time zone). Flags are 0/1.
 */
import type { AccountTables } from './tables/accounts';
import type { ActivityTables } from './tables/activity';
import type { BorrowingTables } from './tables/borrowing';
import type { CustodyTables } from './tables/custody';
import type { CountTables } from './tables/counts';
import type { DepartmentTables } from './tables/departments';
import type { InfrastructureTables } from './tables/infrastructure';
import type { InventoryTables } from './tables/inventory';
import type { LocationTables } from './tables/locations';
import type { MaintenanceTables } from './tables/maintenance';
import type { PushTables } from './tables/push';
import type { RepairTables } from './tables/repairs';
import type { ReportTables } from './tables/reports';
import type { ScheduleTables } from './tables/schedule';
import type { SiteTables } from './tables/site';
import type { StockTables } from './tables/stock';
import type { WebhookTables } from './tables/webhooks';

export type * from './tables/accounts';
export type * from './tables/activity';
export type * from './tables/borrowing';
export type * from './tables/custody';
export type * from './tables/counts';
export type * from './tables/departments';
export type * from './tables/infrastructure';
export type * from './tables/inventory';
export type * from './tables/locations';
export type * from './tables/maintenance';
export type * from './tables/push';
export type * from './tables/repairs';
export type * from './tables/reports';
export type * from './tables/schedule';
export type * from './tables/site';
export type * from './tables/stock';
export type * from './tables/webhooks';

export interface DB
  extends
    AccountTables,
    ActivityTables,
    BorrowingTables,
    CustodyTables,
    CountTables,
    DepartmentTables,
    InfrastructureTables,
    InventoryTables,
    LocationTables,
    MaintenanceTables,
    PushTables,
    RepairTables,
    ReportTables,
    ScheduleTables,
    SiteTables,
    StockTables,
    WebhookTables {}
