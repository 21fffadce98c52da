import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** development: codes in API responses, the dev outbox endpoint, the Test button. */
  dev: boolean;
  databaseUrl: string | null;
  sqlitePath: string;
  dataDir: string;
  uploadDir: string;
  demo: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  appUrl: string;
  campusTimeZone: string;
  /** 'on' or 'off' forces maintenance mode whatever the stored setting says. */
  maintenanceOverride: 'on' | 'off' | null;
  cookieSecure: boolean;
  /** An image file that replaces the campus map the app ships (Show Map). */
  campusMapFile: string | null;
  logLevel: string;
}

const bool = (v: string | undefined, dflt: boolean) =>
  v === undefined || v === '' ? dflt : !['0', 'false', 'no', 'off'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dev = (env.NODE_ENV ?? 'development') !== 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  const port = Number(env.PORT ?? 3000);
  const override = env.MAINTENANCE_MODE?.toLowerCase();
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dev,
    databaseUrl: env.DATABASE_URL || null,
    sqlitePath: path.resolve(env.SQLITE_PATH ?? path.join(dataDir, 'gso.sqlite')),
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    demo: bool(env.GSO_DEMO, true),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? 'Campus GSO <gso@campus.test>',
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    campusTimeZone: env.CAMPUS_TZ ?? 'Asia/Manila',
    maintenanceOverride: override === 'on' || override === 'off' ? override : null,
    cookieSecure: bool(env.COOKIE_SECURE, !dev),
    campusMapFile: env.CAMPUS_MAP_FILE ? path.resolve(env.CAMPUS_MAP_FILE) : null,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
