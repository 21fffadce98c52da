import { sql, type Kysely } from 'kysely';
import { idColumn, isPostgres } from './helpers';

/**
 * Departments (docs/decisions/departments.md): the colleges and offices administrators keep, and each account's
 * department. Before this migration no department was recorded anywhere, so there is nothing to match: the table
 * starts empty and every account's department is null, losing nothing.
 *
 * - The code is unique as kept (in capitals); the name is unique without regard to case.
 * - An archived department keeps its row: accounts and requests that name it keep it.
 * - list_versions row 'departments', raised by every change, so reports that show the names know when they changed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await idColumn(db, db.schema.createTable('departments'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index departments_name on departments (lower(name))`.execute(db);

  await db.schema
    .alterTable('accounts')
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('accounts_department').on('accounts').columns(['department_id']).execute();

  await db.insertInto('list_versions').values({ name: 'departments', version: 0 }).execute();
  const bump = `update list_versions set version = version + 1 where name = 'departments'`;
  const statements = isPostgres(db)
    ? [
        `create function bump_departments_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`,
        `create trigger departments_version after insert or update or delete on departments
         for each statement execute function bump_departments_version()`,
      ]
    : ['insert', 'update', 'delete'].map(
        (event) => `create trigger departments_version_${event} after ${event} on departments begin ${bump}; end`,
      );
  for (const s of statements) await sql.raw(s).execute(db);
}
