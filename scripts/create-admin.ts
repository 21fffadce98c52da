// Makes an administrator account: npm run create-admin -- --email you@campus.edu --name "Your Name" [--password secret]
// Asks for what is not given on the command line.
import readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { isEmail, PASSWORD_MIN } from '../core/auth/rules';
import { loadConfig, loadDotEnv } from '../server/config';
import { createDb } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { hashPassword } from '../server/lib/passwords';
import { createAdministrator, findByEmail } from '../server/modules/accounts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    password: { type: 'string' },
    contact: { type: 'string' },
    username: { type: 'string' },
  },
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

loadDotEnv();
const config = loadConfig();
const { db } = createDb(config);
await migrateToLatest(db);
if (await findByEmail(db, email)) {
  console.error(`An account with the email ${email} already exists.`);
  process.exitCode = 1;
} else {
  await createAdministrator(db, {
    fullName: name,
    email,
    username: values.username ?? null,
    contactNumber: values.contact ?? '',
    passwordHash: await hashPassword(password),
  });
  console.log(`Administrator ${email} created. Sign in at /admin-login.`);
}
await db.destroy();
