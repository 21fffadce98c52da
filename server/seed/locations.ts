/**
 * The campus's buildings and rooms for the demo (docs/decisions/locations.md): every place the demo repair
 * reports and the week's schedule name, and a few more, as the office's list kept for months (written directly,
 * dated back, so they do not crowd today's activity feed). After the demo reports are made, they are pointed at
 * their rooms through the repairs service.
 */
import type { Ctx } from '../context';
import * as repairs from '../modules/repairs';

const CAMPUS: { code: string; name: string; notes?: string; rooms: [code: string, name: string, floor: string | null][] }[] = [
  {
    code: 'ADM',
    name: 'Administration Building',
    notes: 'Offices of the president, registrar and cashier',
    rooms: [
      ['ADM-105', 'Room 105', '1st'],
      ['ADM-HALL', 'Main Hall', 'Ground'],
      ['ADM-REG', "Registrar's Office", 'Ground'],
    ],
  },
  {
    code: 'CAN',
    name: 'Canteen',
    rooms: [
      ['CAN-KIT', 'Kitchen', 'Ground'],
      ['CAN-DIN', 'Dining Area', 'Ground'],
    ],
  },
  {
    code: 'ENG',
    name: 'Engineering Building',
    rooms: [
      ['ENG-105', 'Room 105', '1st'],
      ['ENG-DRAFT', 'Drafting Room', '2nd'],
    ],
  },
  { code: 'ENGH', name: 'Engineering Hall', rooms: [['ENGH-GCR', 'Ground Floor Comfort Room', 'Ground']] },
  {
    code: 'FC',
    name: 'Faculty Center',
    rooms: [
      ['FC-PANTRY', 'Pantry', 'Ground'],
      ['FC-LOUNGE', 'Faculty Lounge', '2nd'],
    ],
  },
  {
    code: 'GYM',
    name: 'Gymnasium',
    rooms: [
      ['GYM-COURT', 'Main Court', 'Ground'],
      ['GYM-ROOF', 'Rooftop', 'Roof'],
    ],
  },
  {
    code: 'IT',
    name: 'IT Building',
    rooms: [
      ['IT-LAB3', 'Computer Lab 3', '3rd'],
      ['IT-SERVER', 'Server Room', '2nd'],
    ],
  },
  {
    code: 'LIB',
    name: 'Library',
    rooms: [
      ['LIB-2RA', '2nd Floor Reading Area', '2nd'],
      ['LIB-GRR', 'Ground Floor Restrooms', 'Ground'],
    ],
  },
  {
    code: 'SCI',
    name: 'Science Building',
    notes: 'Laboratories on the 2nd and 3rd floors',
    rooms: [
      ['SCI-CHEM2', 'Chem Lab 2', '2nd'],
      ['SCI-101', 'Room 101', '1st'],
      ['SCI-FR', 'Faculty Room', '1st'],
    ],
  },
];

/** The buildings and rooms, before the demo's repairs. */
export async function seedLocations(ctx: Ctx): Promise<void> {
  const at = new Date(Date.now() - 120 * 86_400_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    for (const b of CAMPUS) {
      const { id } = await trx
        .insertInto('buildings')
        .values({ code: b.code, name: b.name, notes: b.notes ?? null, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('rooms')
        .values(b.rooms.map(([code, name, floor]) => ({ building_id: id, code, name, floor, notes: null, created_at: at, updated_at: at })))
        .execute();
    }
  });
}

/** After the demo's repairs: each report at a known place points at its room. */
export async function linkDemoReports(ctx: Ctx): Promise<void> {
  const rooms = await ctx.db
    .selectFrom('rooms')
    .innerJoin('buildings', 'buildings.id', 'rooms.building_id')
    .select(['rooms.id as roomId', 'rooms.name as room', 'buildings.name as building'])
    .execute();
  await repairs.linkReportsToRooms(ctx.db, rooms);
}
