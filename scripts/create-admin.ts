// Makes an administrator account: npm run create-admin -- --email you@campus.edu --name "Your Name" [--password secret]
// Asks for what is not given on the command line.
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isEmail, PASSWORD_MIN } from '../core/validation';
import { loadConfig } from '../server/config';
import { createDb } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { hashPassword } from '../server/lib/passwords';

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, contact: { type: 'string' }, username: { type: 'string' } },
});
const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
const ask = async (q: string, given?: string) => given ?? (await rl.question(q)).trim();

const email = (await ask('Email: ', values.email)).toLowerCase();
const name = await ask('Full name: ', values.name);
const password = await ask(`Password (at least ${PASSWORD_MIN} characters): `, values.password);
rl.close();
if (!isEmail(email)) throw new Error('Please enter a valid email address');
if (!name) throw new Error('Full name is required');
if (password.length < PASSWORD_MIN) throw new Error(`Password must be at least ${PASSWORD_MIN} characters long`);

const config = loadConfig();
const { db } = createDb(config);
await migrateToLatest(db);
const taken = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirst();
if (taken) {
  console.error(`An account with the email ${email} already exists.`);
  process.exitCode = 1;
} else {
  await db.insertInto('accounts').values({
    full_name: name, email, username: values.username ?? null, contact_number: values.contact ?? '',
    role: 'admin', status: 'accepted', email_verified: 1, job_type: null,
    password_hash: await hashPassword(password), id_file: null, id_file_mime: null, created_at: new Date().toISOString(),
  }).execute();
  console.log(`Administrator ${email} created. Sign in at /admin-login.`);
}
await db.destroy();
