import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { eventually } from './helpers';
import { shiftDate, testClockOffset } from './testClock';

/** A free TCP port on 127.0.0.1. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  base: string;
  process: ChildProcess;
  /** Everything it printed (JSON log lines and the banner). */
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * `npm start` as a real process (server/main.ts, or with `compiled` the built dist/server/main.js that production
 * runs), on the given data folder or PostgreSQL database, once ready.
 */
export async function startServer(env: Record<string, string>, port?: number, compiled = false): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  // On the run's set clock too, when there is one (TEST_NOW, tests/testClock.ts): shiftDate, self-contained, as a
  // module of its own that plain node loads, and that the server's worker threads (a PDF's drawing) inherit with
  // the rest of its flags.
  const offset = testClockOffset();
  const clock = offset ? ['--import', `data:text/javascript,(${encodeURIComponent(shiftDate.toString())})(${offset})`] : [];
  const child = spawn(process.execPath, compiled ? [...clock, 'dist/server/main.js'] : ['--import', 'tsx', ...clock, 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      SQLITE_PATH: '',
      UPLOAD_DIR: '',
      NODE_ENV: 'development',
      GSO_DEMO: 'true',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      REMINDER_TIME: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${p}`;
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    return (await fetch(`${base}/api/ready`).catch(() => null))?.ok === true;
    // Three workers and their primary each load the app through tsx and the first seeds the demo: beside the other
    // test files on two cores this took 43-46 s on a quiet machine and past 60 s on a loaded one.
  }, 120_000);
  return { base, process: child, output: () => output, exited };
}

/** A client of a running server with its own session cookie. */
export function clientOf(base: string) {
  let cookie = '';
  const call = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, {
      ...init,
      headers: {
        connection: 'close',
        ...(init.body === undefined || init.body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        cookie,
        ...init.headers,
      },
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('gso_session='));
    if (set) cookie = set.split(';')[0];
    return res;
  };
  return {
    call,
    cookie: () => cookie,
    login: (email: string, password: string, portal: string) =>
      call('/api/auth/login', { method: 'POST', body: JSON.stringify({ email, password, portal }) }),
  };
}

/**
 * The office open every day with no closures on a running server (as `openEveryDay` in helpers.ts does in-process),
 * so a test borrowing "today" passes whatever day it runs (docs/decisions/office-calendar.md).
 */
export async function openEveryDayOn(base: string): Promise<void> {
  const admin = clientOf(base);
  if ((await admin.login('admin@campus.test', 'admin123', 'admin')).status !== 200) throw new Error('the demo admin could not sign in');
  const day = { open: '07:00', close: '19:00' };
  const week = Object.fromEntries(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((d) => [d, day]));
  const saved = await admin.call('/api/site/calendar/hours', { method: 'PUT', body: JSON.stringify(week) });
  if (!saved.ok) throw new Error(`office hours: ${saved.status} ${await saved.text()}`);
  const { closures } = (await (await admin.call('/api/site/calendar')).json()) as { closures: { id: number }[] };
  for (const c of closures) {
    const removed = await admin.call(`/api/site/closures/${c.id}`, { method: 'DELETE' });
    if (!removed.ok) throw new Error(`closure ${c.id}: ${removed.status} ${await removed.text()}`);
  }
}
