import type { Ctx } from '../context';
import type { JobType, Role } from '../../core/roles';
import { hashPassword } from '../lib/passwords';
import { seedBorrowing } from './borrowing';
import { seedDepartments } from './departments';
import { openStockCards } from '../modules/inventory';
import { STOCK_MSG } from '../../core/inventory/stock';
import { seedSupplies } from './supplies';
import { seedUnits } from './units';
import { seedLastYearCount, seedOpenCount } from './counts';
import { seedCustody } from './custody';
import { seedDesignations } from './designations';
import { seedCalendar } from './calendar';
import { linkDemoReports, seedLocations } from './locations';
import { demoItemPicture } from './itemPictures';
import { seedRepairs } from './repairs';
import { seedPlans } from './plans';
import { seedReports } from './reports';
import { seedSchedule } from './schedule';

interface Person {
  full_name: string;
  email: string;
  username?: string;
  contact_number: string;
  role: Role;
  status?: 'pending' | 'accepted' | 'rejected';
  verified?: boolean;
  job_type?: JobType;
  password: string;
}

const PEOPLE: Person[] = [
  {
    full_name: 'Alma Reyes',
    email: 'admin@campus.test',
    username: 'admin',
    contact_number: '09171234501',
    role: 'admin',
    password: 'admin123',
  },
  { full_name: 'Benjie Santos', email: 'staff@campus.test', contact_number: '09171234502', role: 'staff', password: 'staff123' },
  {
    full_name: 'Ramon Dela Cruz',
    email: 'electrician@campus.test',
    contact_number: '09171234503',
    role: 'personnel',
    job_type: 'electrician',
    password: 'personnel123',
  },
  {
    full_name: 'Lito Mendoza',
    email: 'plumber@campus.test',
    contact_number: '09171234504',
    role: 'personnel',
    job_type: 'plumber',
    password: 'personnel123',
  },
  {
    full_name: 'Nestor Aquino',
    email: 'carpenter@campus.test',
    contact_number: '09171234505',
    role: 'personnel',
    job_type: 'carpenter',
    password: 'personnel123',
  },
  {
    full_name: 'Joy Villanueva',
    email: 'janitor@campus.test',
    contact_number: '09171234506',
    role: 'personnel',
    job_type: 'janitor',
    password: 'personnel123',
    verified: false,
  },
  { full_name: 'Dr. Teresa Gomez', email: 'faculty@campus.test', contact_number: '09171234507', role: 'faculty', password: 'faculty123' },
  { full_name: 'Prof. Miguel Tan', email: 'mtan@campus.test', contact_number: '09171234508', role: 'faculty', password: 'faculty123' },
  { full_name: 'Juan Dela Paz', email: 'student@campus.test', contact_number: '09171234509', role: 'student', password: 'student123' },
  { full_name: 'Maria Lopez', email: 'mlopez@campus.test', contact_number: '09171234510', role: 'student', password: 'student123' },
  { full_name: 'Carlo Bautista', email: 'cbautista@campus.test', contact_number: '09171234511', role: 'student', password: 'student123' },
  {
    // Accepted, not yet signed in: the first sign-in at /login goes through /verify-email.
    full_name: 'Bea Santos',
    email: 'newstudent@campus.test',
    contact_number: '09171234515',
    role: 'student',
    verified: false,
    password: 'student123',
  },
  {
    full_name: 'Pia Navarro',
    email: 'pending@campus.test',
    contact_number: '09171234512',
    role: 'student',
    status: 'pending',
    verified: false,
    password: 'student123',
  },
  {
    full_name: 'Andres Ramos',
    email: 'aramos@campus.test',
    contact_number: '09171234513',
    role: 'faculty',
    status: 'pending',
    verified: false,
    password: 'faculty123',
  },
  {
    full_name: 'Kevin Lim',
    email: 'klim@campus.test',
    contact_number: '09171234514',
    role: 'student',
    status: 'rejected',
    verified: false,
    password: 'student123',
  },
];

type Stock = [name: string, category: string, quantity: number, minStock: number, status: string, description: string | null];
/**
 * Items in stock, low, out of stock, damaged and unavailable, across the five categories. Quantities are the
 * stock on hand, after the demo loans still out (seedBorrowing.ts) were taken from it.
 */
const ITEMS: Stock[] = [
  ['Extension Cord (10 m)', 'Electrical', 12, 4, 'available', 'Heavy-duty, 4 outlets'],
  ['LCD Projector', 'Electrical', 3, 3, 'available', 'Epson, with HDMI cable'],
  ['Portable Speaker', 'Electrical', 0, 2, 'available', 'Bluetooth, with microphone'],
  ['Cordless Drill', 'Electrical', 2, 1, 'damaged', 'Battery does not hold a charge'],
  ['Electric Fan (stand)', 'HVAC', 8, 3, 'available', null],
  ['Portable Aircon Unit', 'HVAC', 1, 2, 'available', '1.5 HP, for events'],
  ['Dehumidifier', 'HVAC', 2, 1, 'unavailable', 'Reserved for the library archive'],
  ['Pipe Wrench', 'Plumbing', 5, 2, 'available', '18 inch'],
  ['Plunger', 'Plumbing', 2, 2, 'available', null],
  ['Drain Snake', 'Plumbing', 0, 1, 'available', '25 ft'],
  ['Mop and Bucket Set', 'Janitorial', 15, 5, 'available', null],
  ['Broom', 'Janitorial', 20, 5, 'available', null],
  ['Floor Polisher', 'Janitorial', 1, 1, 'damaged', 'Motor under repair'],
  ['Trash Bins (120 L)', 'Janitorial', 6, 4, 'available', 'For events'],
  ['Folding Table', 'Maintenance', 25, 10, 'available', '6 ft, plastic'],
  ['Monobloc Chair', 'Maintenance', 150, 50, 'available', null],
  ['Ladder (8 ft)', 'Maintenance', 2, 2, 'available', 'Aluminium A-frame'],
  ['Tool Box', 'Maintenance', 4, 2, 'unavailable', 'Being inventoried'],
  // Tracked unit by unit (units.ts adds them): in their rooms, some in someone's custody, counted each year.
  ['Desktop Computer', 'Electrical', 0, 0, 'available', 'Office and laboratory workstations'],
  ['Laptop Computer', 'Electrical', 0, 0, 'available', '14-inch, for faculty and office use'],
];

/** Demo data, loaded only into an empty database (the caller checks GSO_DEMO). */
export async function seedDemo(ctx: Ctx): Promise<boolean> {
  const { db } = ctx;
  const existing = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const hashes = new Map<string, string>();
  for (const p of PEOPLE) if (!hashes.has(p.password)) hashes.set(p.password, await hashPassword(p.password));
  const now = Date.now();
  // Pictures first: a file is written under a temporary name and renamed, so the rows below never point at half a file.
  const photos = new Map<string, string>();
  for (const [name, category] of ITEMS) {
    const picture = await demoItemPicture(name, category);
    if (picture) photos.set(name, await ctx.files.save('items', { buffer: picture, kind: 'png' }));
  }
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('accounts')
      .values(
        PEOPLE.map((p, i) => ({
          full_name: p.full_name,
          email: p.email,
          username: p.username ?? null,
          contact_number: p.contact_number,
          role: p.role,
          status: p.status ?? 'accepted',
          email_verified: p.verified === false ? 0 : 1,
          job_type: p.job_type ?? null,
          password_hash: hashes.get(p.password)!,
          id_file: null,
          id_file_mime: null,
          created_at: new Date(now - (PEOPLE.length - i) * 86_400_000).toISOString(),
        })),
      )
      .execute();
    await trx
      .insertInto('items')
      .values(
        ITEMS.map(([name, category, quantity, min_stock, item_status, description]) => ({
          name,
          category,
          quantity,
          min_stock,
          item_status,
          description,
          photo_path: photos.get(name) ?? null,
          created_at: new Date(now - 60 * 86_400_000).toISOString(),
        })),
      )
      .execute();
    // Each item's stock card opens with the quantity it was given.
    await openStockCards(trx, STOCK_MSG.openingReason);
    await seedBorrowing(ctx, trx);
  });
  // The colleges and offices, each demo person's, and each demo request charged to it.
  await seedDepartments(ctx);
  // Each personnel member's places, through the designations service.
  await seedDesignations(ctx);
  // The campus's buildings and rooms, before the repairs that name them.
  await seedLocations(ctx);
  await seedCalendar(ctx);
  // Tracked units, through the inventory service, kept in their rooms (bought two years ago).
  await seedUnits(ctx);
  // Last year's count, closed, with its report: found, one relocated, one lost (through the count's service).
  await seedLastYearCount(ctx);
  // Units in custody: a faculty member's, a personnel member's awaiting acknowledgement, a transfer, a room's.
  await seedCustody(ctx);
  // This year's count of one building, open, with some scans: the counter screen has something to show.
  await seedOpenCount(ctx);
  // Supplies: deliveries received and requests issued through the services, one item to reorder.
  await seedSupplies(ctx);
  // Through the repairs service, each step its own transaction: after the accounts are committed.
  await seedRepairs(ctx);
  await linkDemoReports(ctx);
  // The week's routine work, through the schedule service.
  await seedSchedule(ctx);
  // A quarterly maintenance plan, its first job on the schedule, through the maintenance service.
  await seedPlans(ctx);
  // Saved reports, one sent weekly, through the reports service.
  await seedReports(ctx);
  ctx.log.info('demo data loaded');
  return true;
}
