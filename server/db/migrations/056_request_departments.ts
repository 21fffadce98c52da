import type { Kysely } from 'kysely';

/**
 * Every request charged to its requester's department (docs/decisions/departments.md): set when the request is
 * submitted and kept when the person later moves. Requests filed before departments existed have none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('borrow_requests')
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('borrow_requests_department').on('borrow_requests').columns(['department_id', 'created_at']).execute();
}
