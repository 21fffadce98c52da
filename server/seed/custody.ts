/**
 * The demo's custody (docs/decisions/custody.md), through the custody service as the office and the holders work:
 * a laptop with Dr. Teresa Gomez (acknowledged), a desktop of the IT lab with the electrician (awaiting his
 * acknowledgement), a laptop Prof. Miguel Tan holds being transferred to Dr. Gomez (awaiting her confirmation),
 * and a laptop held by the Science Building's Faculty Room.
 */
import type { Ctx } from '../context';
import type { Account } from '../db/schema';
import { acknowledge, issueToCustodian, transferCustody } from '../modules/custody';
import { findUnitByTag } from '../modules/inventory';
import { findRoomByCode } from '../modules/locations';

const person = (ctx: Ctx, email: string): Promise<Account> =>
  ctx.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirstOrThrow();

export async function seedCustody(ctx: Ctx): Promise<void> {
  const [staff, gomez, tan, electrician] = await Promise.all(
    ['staff@campus.test', 'faculty@campus.test', 'mtan@campus.test', 'electrician@campus.test'].map((e) => person(ctx, e)),
  );
  const unitId = async (tag: string) => (await findUnitByTag(ctx.db, tag))?.id;
  const [lap1, lap2] = [await unitId('LAP-0001'), await unitId('LAP-0002')];
  if (lap1 === undefined || lap2 === undefined) return;

  await issueToCustodian(ctx, staff, { tags: ['LAP-0001'], holder: 'person', accountId: gomez.id });
  await acknowledge(ctx, gomez, lap1);
  await issueToCustodian(ctx, staff, { tags: ['DSK-0004'], holder: 'person', accountId: electrician.id });
  await issueToCustodian(ctx, staff, { tags: ['LAP-0002'], holder: 'person', accountId: tan.id });
  await acknowledge(ctx, tan, lap2);
  await transferCustody(ctx, staff, { tags: ['LAP-0002'], holder: 'person', accountId: gomez.id });
  const room = await findRoomByCode(ctx.db, 'SCI-FR');
  if (room) await issueToCustodian(ctx, staff, { tags: ['LAP-0003'], holder: 'room', roomId: room.id });
}
