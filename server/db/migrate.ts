import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_accounts';
import * as m002 from './migrations/002_borrowing';
import * as m003 from './migrations/003_borrowing_lists';
import * as m004 from './migrations/004_activity_entities';
import * as m005 from './migrations/005_sign_in_limits';
import * as m006 from './migrations/006_office_bell';
import * as m010 from './migrations/010_reminder_jobs';
import * as m011 from './migrations/011_list_versions';
import * as m013 from './migrations/013_repairs';
import * as m014 from './migrations/014_password_resets';
import * as m015 from './migrations/015_inventory';
import * as m016 from './migrations/016_schedule';
import * as m017 from './migrations/017_repair_lists';
import * as m018 from './migrations/018_search_words_split';
import * as m019 from './migrations/019_designations';
import * as m020 from './migrations/020_inspections';
import * as m021 from './migrations/021_repair_search_and_versions';
import * as m022 from './migrations/022_account_deactivation';
import * as m023 from './migrations/023_locations';
import * as m024 from './migrations/024_suggested_rooms';
import * as m025 from './migrations/025_units';
import * as m026 from './migrations/026_repair_followers';
import * as m027 from './migrations/027_office_calendar';
import * as m028 from './migrations/028_location_and_unit_versions';
import * as m030 from './migrations/030_repair_deadlines';
import * as m029 from './migrations/029_return_conditions';
import * as m031 from './migrations/031_partial_returns';
import * as m032 from './migrations/032_borrow_holds';
import * as m033 from './migrations/033_loan_problems';
import * as m034 from './migrations/034_reservations';
import * as m035 from './migrations/035_plans_and_feeds';
import * as m037 from './migrations/037_campus_sign_in';
import * as m038 from './migrations/038_chart_indexes';
import * as m039 from './migrations/039_saved_reports';
import * as m040 from './migrations/040_request_lines_version';
import * as m041 from './migrations/041_borrow_version_at_commit';
import * as m042 from './migrations/042_booking_times';
import * as m043 from './migrations/043_row_changes';
import * as m044 from './migrations/044_row_change_transactions';
import * as m045 from './migrations/045_system_activity';
import * as m046 from './migrations/046_repair_scheduled_slot';
import * as m047 from './migrations/047_damage_reports_by_the_office';
import * as m048 from './migrations/048_scheduled_jobs';
import * as m049 from './migrations/049_repair_issue_photo';
import * as m050 from './migrations/050_repair_rows_not_kept';
import * as m051 from './migrations/051_stock_ledger';
import * as m052 from './migrations/052_asset_register';
import * as m055 from './migrations/055_departments';
import * as m056 from './migrations/056_request_departments';
import * as m058 from './migrations/058_supplies';
import * as m059 from './migrations/059_reorder';
import * as m060 from './migrations/060_stock_card_pages';
import * as m061 from './migrations/061_kept_deliveries_counted_overdue';
import * as m062 from './migrations/062_office_bell_seen_id';
import * as m063 from './migrations/063_custody';
import * as m064 from './migrations/064_counts';
import * as m065 from './migrations/065_api_tokens';
import * as m066 from './migrations/066_idempotency_keys';
import * as m067 from './migrations/067_count_custody';
import * as m068 from './migrations/068_count_tallies';
import * as m069 from './migrations/069_count_found_units';
import * as m070 from './migrations/070_push';
import * as m073 from './migrations/073_webhooks';

/** Versioned migrations, compiled in so the server needs no file lookups at start. */
const migrations = {
  '001_accounts': m001,
  '002_borrowing': m002,
  '003_borrowing_lists': m003,
  '004_activity_entities': m004,
  '005_sign_in_limits': m005,
  '006_office_bell': m006,
  '010_reminder_jobs': m010,
  '011_list_versions': m011,
  '013_repairs': m013,
  '014_password_resets': m014,
  '015_inventory': m015,
  '016_schedule': m016,
  '017_repair_lists': m017,
  '018_search_words_split': m018,
  '019_designations': m019,
  '020_inspections': m020,
  '021_repair_search_and_versions': m021,
  '022_account_deactivation': m022,
  '023_locations': m023,
  '024_suggested_rooms': m024,
  '025_units': m025,
  '026_repair_followers': m026,
  '027_office_calendar': m027,
  '028_location_and_unit_versions': m028,
  '030_repair_deadlines': m030,
  '029_return_conditions': m029,
  '031_partial_returns': m031,
  '032_borrow_holds': m032,
  '033_loan_problems': m033,
  '034_reservations': m034,
  '035_plans_and_feeds': m035,
  '037_campus_sign_in': m037,
  '038_chart_indexes': m038,
  '039_saved_reports': m039,
  '040_request_lines_version': m040,
  '041_borrow_version_at_commit': m041,
  '042_booking_times': m042,
  '043_row_changes': m043,
  '044_row_change_transactions': m044,
  '045_system_activity': m045,
  '046_repair_scheduled_slot': m046,
  '047_damage_reports_by_the_office': m047,
  '048_scheduled_jobs': m048,
  '049_repair_issue_photo': m049,
  '050_repair_rows_not_kept': m050,
  '051_stock_ledger': m051,
  '052_asset_register': m052,
  '055_departments': m055,
  '056_request_departments': m056,
  '058_supplies': m058,
  '059_reorder': m059,
  '060_stock_card_pages': m060,
  '061_kept_deliveries_counted_overdue': m061,
  '062_office_bell_seen_id': m062,
  '063_custody': m063,
  '064_counts': m064,
  '065_api_tokens': m065,
  '066_idempotency_keys': m066,
  '067_count_custody': m067,
  '068_count_tallies': m068,
  '069_count_found_units': m069,
  '070_push': m070,
  '073_webhooks': m073,
} satisfies Record<string, Migration>;

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Migrations of this version that have not run on the database yet. */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const infos = await new Migrator({ db, provider }).getMigrations();
  return infos.filter((m) => !m.executedAt).map((m) => m.name);
}

/** Every migration, or (for tests of a migration's data changes) those up to and including `name`. */
export async function migrateToLatest(db: Db, name?: keyof typeof migrations): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await (name ? migrator.migrateTo(name) : migrator.migrateToLatest());
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
