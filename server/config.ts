import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODEL } from '../core/assistant/rules';
import type { EmailRule } from '../core/auth/campus';
import { DEFAULT_CAMPUS_TZ } from '../core/time';
import { TOKEN_RATE_LIMIT } from '../core/tokens/rules';

/** A yes/no setting; unset (or empty) answers null, so the caller picks the default. */
const flag = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const s = v.toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(s)) return true;
    if (['0', 'false', 'no', 'off'].includes(s)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true or false' });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v ? v : null));

/** A comma-separated list, trimmed and lower-cased; unset: empty. */
const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

/**
 * Rules on a campus email (docs/decisions/campus-sign-in.md), comma separated: a domain ("faculty.campus.edu", the
 * address ends with @ and it) or a pattern between slashes ("/^[0-9]{8}@campus\\.edu$/", case-insensitive).
 */
const emailRules = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const rules: EmailRule[] = [];
    for (const part of (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (part.length > 2 && part.startsWith('/') && part.endsWith('/')) {
        try {
          rules.push({ pattern: new RegExp(part.slice(1, -1), 'i') });
        } catch {
          ctx.addIssue({ code: 'custom', message: `${part} is not a valid pattern` });
          return z.NEVER;
        }
      } else rules.push({ domain: part.toLowerCase().replace(/^@/, '') });
    }
    return rules;
  });

/** Every setting the server reads, with its default (.env.example lists them for people). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('data'),
  SQLITE_PATH: optionalText,
  UPLOAD_DIR: optionalText,
  DATABASE_URL: optionalText.refine((v) => v === null || /^postgres(ql)?:\/\/.+/.test(v), {
    message: 'must be a postgres:// or postgresql:// address',
  }),
  GSO_DEMO: flag,
  SMTP_URL: optionalText.refine((v) => v === null || /^smtps?:\/\/.+/.test(v), { message: 'must be an smtp:// or smtps:// address' }),
  MAIL_FROM: z.string().min(1).default('Campus GSO <gso@campus.test>'),
  APP_URL: optionalText.refine((v) => v === null || URL.canParse(v), { message: 'must be a full address such as https://gso.campus.edu' }),
  CAMPUS_TZ: z
    .string()
    .default(DEFAULT_CAMPUS_TZ)
    .refine((tz) => isTimeZone(tz), { message: 'must be an IANA time zone such as Asia/Manila' }),
  MAINTENANCE_MODE: z
    .string()
    .optional()
    .transform((v) => v?.toLowerCase() || undefined)
    .pipe(z.enum(['on', 'off']).optional()),
  COOKIE_SECURE: flag,
  TRUST_PROXY: optionalText,
  CAMPUS_MAP_FILE: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).default(500),
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  REMINDER_TIME: z
    .string()
    .trim()
    .default('08:00')
    .refine((v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), { message: 'must be a campus time such as 08:00, or off' }),
  METRICS: z.enum(['off', 'admin', 'public']).default('admin'),
  REMINDER_REPEAT_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  API_TOKEN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(TOKEN_RATE_LIMIT),
  ASSISTANT_BASE_URL: optionalText.refine((v) => v === null || /^https?:\/\/.+/.test(v), {
    message: 'must be an http:// or https:// address of an OpenAI-compatible service, such as https://api.openai.com/v1',
  }),
  ASSISTANT_API_KEY: optionalText,
  ASSISTANT_MODEL: z.string().trim().min(1).default(DEFAULT_MODEL),
  ASSISTANT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.refine((v) => v === null || /^https?:\/\/.+/.test(v), {
    message: 'must be an http:// or https:// address of an S3-compatible service, such as https://s3.eu-west-1.amazonaws.com',
  }),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag,
  OIDC_ISSUER: optionalText.refine((v) => v === null || /^(https:\/\/.+|http:\/\/(localhost|127\.0\.0\.1)(:\d+)?(\/.*)?)$/.test(v), {
    message: "must be the identity provider's https:// issuer address, such as https://accounts.google.com (http:// only on localhost)",
  }),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_NAME: z.string().trim().min(1).max(60).default('Campus account'),
  OIDC_ALLOWED_DOMAINS: list,
  OIDC_ROLE_CLAIM: optionalText,
  OIDC_FACULTY_GROUPS: list,
  OIDC_STUDENT_GROUPS: list,
  OIDC_FACULTY_EMAILS: emailRules,
  OIDC_STUDENT_EMAILS: emailRules,
  OIDC_APPROVE_DOMAINS: list,
  PASSWORD_SIGN_IN_OFF: list.pipe(z.array(z.enum(['student', 'faculty', 'personnel', 'staff', 'admin']))),
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === null || /^[A-Za-z0-9_-]{87}$/.test(v), {
    message: 'must be a VAPID public key (87 base64url characters, as `npx web-push generate-vapid-keys` prints)',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === null || /^[A-Za-z0-9_-]{43}$/.test(v), {
    message: 'must be a VAPID private key (43 base64url characters, as `npx web-push generate-vapid-keys` prints)',
  }),
  VAPID_SUBJECT: optionalText.refine((v) => v === null || /^(mailto:.+@.+|https:\/\/.+)$/.test(v), {
    message: "must be a mailto: address or an https:// address where the push services can reach the site's operators",
  }),
  S3_PREFIX: z
    .string()
    .default('')
    .refine((v) => v === '' || /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/$/.test(v), {
      message: 'must be empty or end with a slash, such as gso/',
    }),
});

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export class ConfigError extends Error {}

/**
 * The settings as the server uses them, derived from the environment's: the type `Config` is what this answers,
 * so the shape is written once.
 */
const configSchema = envSchema.transform((e) => {
  const dev = e.NODE_ENV !== 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadDir = path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads'));
  if (e.FILE_STORE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Campus GSO cannot start: FILE_STORE=s3 needs S3_BUCKET, the bucket to keep files in.');
  const s3 = {
    kind: 's3' as const,
    bucket: e.S3_BUCKET!,
    /** Null: AWS S3 itself (the region decides the address). */
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    /** Null: the SDK's own credentials chain (environment, instance role). */
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== null,
    /** Put before every stored name, so one bucket can hold several installations. */
    prefix: e.S3_PREFIX,
  };
  const local = { kind: 'local' as const, dir: uploadDir };
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean))
    throw new ConfigError('Campus GSO cannot start: campus sign-in needs all three of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.');
  const appUrl = e.APP_URL ?? `http://localhost:${e.PORT}`;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError('Campus GSO cannot start: Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither.');
  const mailAddress = /<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM.trim();
  return {
    port: e.PORT,
    host: e.HOST,
    /** development: codes in API responses (loopback only), the dev outbox for admins, the Test button. */
    dev,
    databaseUrl: e.DATABASE_URL,
    sqlitePath: path.resolve(e.SQLITE_PATH ?? path.join(dataDir, 'gso.sqlite')),
    dataDir,
    uploadDir,
    /** Where uploaded and generated files live: UPLOAD_DIR, or an S3-compatible bucket (FILE_STORE=s3). */
    files: e.FILE_STORE === 's3' ? s3 : local,
    demo: e.GSO_DEMO ?? true,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    campusTimeZone: e.CAMPUS_TZ,
    /** 'on' or 'off' forces maintenance mode whatever the stored setting says. */
    maintenanceOverride: e.MAINTENANCE_MODE ?? null,
    cookieSecure: e.COOKIE_SECURE ?? !dev,
    /** Addresses of the reverse proxies whose X-Forwarded-For is believed; false: the socket's address is the client's. */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** An image file that replaces the campus map the app ships (Show Map). */
    campusMapFile: e.CAMPUS_MAP_FILE ? path.resolve(e.CAMPUS_MAP_FILE) : null,
    logLevel: e.LOG_LEVEL as string,
    /** New uploads are refused while the upload folder's disk has less free space than this. */
    uploadMinFreeBytes: e.UPLOAD_MIN_FREE_MB * 1024 * 1024,
    /** App processes sharing the port (node:cluster); sessions, limits and jobs live in the database. */
    workers: e.WORKERS,
    /** Campus time (HH:MM) of the daily return reminders; null: off. */
    reminderTime: e.REMINDER_TIME === 'off' ? null : e.REMINDER_TIME,
    /** An overdue loan is reminded again after this many days. */
    reminderRepeatDays: e.REMINDER_REPEAT_DAYS,
    /** Requests one API token may make per minute (docs/decisions/api-tokens.md). */
    apiTokenRateLimit: e.API_TOKEN_RATE_LIMIT,
    /** Who may read /metrics: nobody, signed-in administrators, or anyone (a scraper on a private network). */
    metrics: e.METRICS,
    /**
     * The language model (docs/decisions/assistant.md), server-side only; null: the built-in assistant answers.
     * Configured when a base URL or a key is set (the key alone means the OpenAI service itself).
     */
    assistant:
      e.ASSISTANT_BASE_URL || e.ASSISTANT_API_KEY
        ? {
            baseUrl: e.ASSISTANT_BASE_URL,
            apiKey: e.ASSISTANT_API_KEY ?? 'none',
            model: e.ASSISTANT_MODEL,
            timeoutMs: e.ASSISTANT_TIMEOUT_MS,
          }
        : null,
    /**
     * Campus sign-in with OpenID Connect (docs/decisions/campus-sign-in.md), server-side only: the browser learns
     * only whether it is on and the button's name. Null: not configured.
     */
    campusSignIn: e.OIDC_ISSUER
      ? {
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          name: e.OIDC_NAME,
          /** The address to register with the provider. */
          redirectUri: `${new URL(appUrl).origin}/api/auth/campus/callback`,
          /** Emails outside these domains are refused; empty: any verified email. */
          allowedDomains: e.OIDC_ALLOWED_DOMAINS,
          /** A claim naming the person's groups (such as "groups" or "roles"), and the groups of each role. */
          roleClaim: e.OIDC_ROLE_CLAIM,
          facultyGroups: e.OIDC_FACULTY_GROUPS,
          studentGroups: e.OIDC_STUDENT_GROUPS,
          facultyEmails: e.OIDC_FACULTY_EMAILS,
          studentEmails: e.OIDC_STUDENT_EMAILS,
          /** New accounts with these email domains are accepted at once; others wait for the office. */
          approveDomains: e.OIDC_APPROVE_DOMAINS,
        }
      : null,
    /**
     * Web Push (docs/decisions/push.md): the VAPID keys, or null to use the pair the server made once and keeps in
     * its database; and who the push services may contact about this site.
     */
    push: {
      keys: e.VAPID_PUBLIC_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY! } : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${mailAddress}`,
    },
    /** Roles whose password sign-in is turned off (they sign in with the campus account). */
    passwordSignInOff: e.PASSWORD_SIGN_IN_OFF,
  };
});

export type Config = z.output<typeof configSchema>;
export type FileStoreConfig = Config['files'];
export type S3StoreConfig = Extract<FileStoreConfig, { kind: 's3' }>;

/** Reads and checks the environment once; a wrong value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Campus GSO cannot start: these settings are wrong:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** TRUST_PROXY names the proxies (addresses or CIDR ranges, comma separated); unset or "false" trusts none. */
function parseTrustProxy(v: string | null): string[] | false {
  if (!v || ['false', 'off', 'no', '0'].includes(v.toLowerCase())) return false;
  if (['true', 'on', 'yes', '1'].includes(v.toLowerCase()))
    throw new ConfigError('Campus GSO cannot start: TRUST_PROXY must name the proxy addresses (such as 127.0.0.1), not "true".');
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : false;
}

/** Loads ./.env into the environment if it exists; variables already set win. */
export function loadDotEnv(file = path.resolve('.env')): void {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
