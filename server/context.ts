import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, Dialect } from './db/database';
import type { Mailer } from './lib/mail';
import type { FileStore } from './lib/fileStore';
import type { SessionService } from './plugins/auth';
import type { ActivityService } from './modules/activity/service';
import type { SettingsService } from './modules/site/service';

/** What every module is given: the app's services, built once in app.ts. */
export interface Ctx {
  config: Config;
  db: Db;
  dialect: Dialect;
  log: FastifyBaseLogger;
  mailer: Mailer;
  files: FileStore;
  sessions: SessionService;
  settings: SettingsService;
  activity: ActivityService;
}
