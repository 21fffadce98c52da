import { sql, type Kysely } from 'kysely';

/**
 * Activity entries and notifications point at any entity (entity_type, entity_id), not at a borrow request
 * column or a screen path: the link is built from the entity when asked (now core/activity/links.ts).
 * Existing rows: activity.request_id becomes ('borrow_request', id); a notification linked to My Requests
 * becomes the request its message names (REQ-n) when that request still exists, else points at nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['activity', 'notifications']) {
    await db.schema.alterTable(table).addColumn('entity_type', 'text').execute();
    await db.schema.alterTable(table).addColumn('entity_id', 'integer').execute();
  }

  await sql`update activity set entity_type = 'borrow_request', entity_id = request_id where request_id is not null`.execute(db);

  const linked = await db.selectFrom('notifications').select(['id', 'message']).where('link', '=', '/users/requests').execute();
  const named = linked.flatMap((n) => {
    const m = /\bREQ-(\d{1,9})\b/.exec(n.message);
    return m ? [{ id: n.id as number, requestId: Number(m[1]) }] : [];
  });
  const requestIds = [...new Set(named.map((n) => n.requestId))];
  const existing = new Set<number>();
  for (let i = 0; i < requestIds.length; i += 500) {
    const rows = await db
      .selectFrom('borrow_requests')
      .select('id')
      .where('id', 'in', requestIds.slice(i, i + 500))
      .execute();
    for (const r of rows) existing.add(Number(r.id));
  }
  for (const n of named) {
    if (!existing.has(n.requestId)) continue;
    await db.updateTable('notifications').set({ entity_type: 'borrow_request', entity_id: n.requestId }).where('id', '=', n.id).execute();
  }

  await db.schema.alterTable('activity').dropColumn('request_id').execute();
  await db.schema.alterTable('notifications').dropColumn('link').execute();
}
