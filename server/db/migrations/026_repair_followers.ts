import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Followers of repair reports (docs/decisions/rooms-and-followers.md): a faculty member who finds the problem
 * already reported in a room follows that report instead of filing a second one, and is told its updates.
 *
 * - repair_followers: (report, account, when), one row per pair; a report's or an account's deletion takes its
 *   rows with it.
 * - The repair lists show how many people follow each report and the room's code, and the week's schedule shows
 *   the room: a follow or an unfollow, and a room's new code or name, raise the 'repair_reports' list version
 *   (migration 021) as a change to a report does, so no kept answer shows the old figure or name.
 *
 * Numbered 026: it runs after 025 (the tracked units), whatever that holds; it touches none of its tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('repair_followers')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('repair_reports.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('repair_followers_pk', ['report_id', 'account_id'])
    .execute();
  await db.schema.createIndex('repair_followers_account').on('repair_followers').columns(['account_id', 'report_id']).execute();

  const run = async (statements: string[]) => {
    for (const s of statements) await sql.raw(s).execute(db);
  };
  const bump = `update list_versions set version = version + 1 where name = 'repair_reports'`;
  if (isPostgres(db)) {
    await run([
      `create function bump_repair_followers_list_version() returns trigger language plpgsql as $$
       begin ${bump}; return null; end $$`,
      `create trigger repair_followers_list_version after insert or delete on repair_followers
         for each statement execute function bump_repair_followers_list_version()`,
      `create trigger rooms_repair_list_version after update of code, name on rooms
         for each statement execute function bump_repair_followers_list_version()`,
    ]);
  } else {
    await run([
      `create trigger repair_followers_list_version_insert after insert on repair_followers begin ${bump}; end`,
      `create trigger repair_followers_list_version_delete after delete on repair_followers begin ${bump}; end`,
      `create trigger rooms_repair_list_version after update of code, name on rooms
         when old.code is not new.code or old.name is not new.name begin ${bump}; end`,
    ]);
  }
}
