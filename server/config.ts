/**
 * Environment configuration, parsed once with zod at start-up. A missing or
 * malformed variable stops the process with a message naming it. Every variable
 * has a safe default so a fresh clone runs with none set.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

/** Whom X-Forwarded-For is believed from: nobody, so many proxy hops, or these addresses and ranges. */
export type TrustProxy = false | number | string[];

/** An empty value (`S3_REGION=` in a .env file) counts as unset, so the default applies. */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const optionalUrl = (protocols: RegExp) =>
  optionalString.pipe(z.url({ protocol: protocols, error: 'must be a valid URL' }).optional());

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65535, 'must be a port number')
      .default(3000),
    HOST: z.string().trim().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
    PUBLIC_URL: optionalUrl(/^https?$/),
    ADMIN_USERNAME: optionalString.pipe(
      z
        .string()
        .min(3, 'must be at least 3 characters')
        .regex(/^[A-Za-z0-9_.-]+$/, 'may contain letters, digits, dot, dash and underscore only')
        .optional(),
    ),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, 'must be at least 12 characters').optional()),
    /** Signs form tokens; generated once and kept in DATA_DIR when unset. Share it across processes. */
    SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    /**
     * Whose X-Forwarded-For names the client: the reverse proxies' addresses or CIDR ranges
     * (`10.0.0.2,192.168.0.0/16`, the safe form), or how many proxies stand in front (`1`).
     * Unset or 0: nobody's, the connection's own address counts.
     */
    TRUST_PROXY: optionalString.transform((value, context): TrustProxy => {
      if (value === undefined || value === '0') return false;
      if (/^\d+$/.test(value)) return Number(value);
      const entries = value.split(',').map((entry) => entry.trim());
      const valid = entries.every((entry) => {
        const [address = '', bits, ...rest] = entry.split('/');
        const version = isIP(address);
        if (!version || rest.length > 0) return false;
        if (bits === undefined) return true;
        return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
      });
      if (valid) return entries;
      context.addIssue({
        code: 'custom',
        message:
          "must be the proxies' addresses or ranges, comma-separated (10.0.0.2,192.168.0.0/16), or how many proxies there are",
      });
      return z.NEVER;
    }),
    /** How many pages may render at once; past that a page is a quick 503 with Retry-After, so the API keeps answering. */
    MAX_RENDERS: z.coerce
      .number({ error: 'must be a whole number from 1 to 256' })
      .int('must be a whole number from 1 to 256')
      .min(1, 'must be a whole number from 1 to 256')
      .max(256, 'must be a whole number from 1 to 256')
      .default(8),
    /**
     * How long after a write a shared cache (a CDN or a caching proxy in front of the site) may
     * still show the old copy of a public page or feed: half of it fresh (`s-maxage`), half stale
     * while it fetches the new one (`stale-while-revalidate`). 0: public pages are `private`, as
     * before. Signed-in and personal answers are always `private`.
     */
    SHARED_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 86400' })
      .int('must be a whole number of seconds from 0 to 86400')
      .min(0, 'must be a whole number of seconds from 0 to 86400')
      .max(86400, 'must be a whole number of seconds from 0 to 86400')
      .default(60),
    /** How many days raw page views are kept (0 = for ever); the dashboard reads daily roll-ups, kept for ever. */
    ANALYTICS_RAW_DAYS: z.coerce
      .number({ error: 'must be a whole number of days' })
      .int('must be a whole number of days')
      .min(0, 'must be a whole number of days')
      .default(180),
    /**
     * The IP-to-country tables the analytics' Country table reads (issue 48): CSV files of
     * `start,end,CC` rows, separated by spaces; unset, the bundled package's (docs/architecture.md
     * says how to bring a fresher one).
     */
    ANALYTICS_COUNTRY_FILES: blankIsUnset(z.string().max(4000).optional()),
    /** Pages: `build` serves the production build, `dev` runs Vite with hot reload, `off` serves the API only. */
    WEB_APP: z.enum(['build', 'dev', 'off']).default('build'),
    REDIS_URL: optionalUrl(/^rediss?$/),
    SMTP_URL: optionalUrl(/^smtps?$/),
    NOTIFY_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
    /**
     * The owner's private ICS feed addresses (Google's and Outlook's "secret address"), separated
     * by spaces: their busy times block booking slots (issue 49). Each must be http(s).
     */
    BOOKING_ICS_URLS: optionalString.pipe(
      z
        .string()
        .max(8000)
        .refine(
          (value) =>
            value
              .split(/\s+/)
              .filter(Boolean)
              .every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)),
          { error: 'must be http(s) addresses separated by spaces' },
        )
        .optional(),
    ),
    /**
     * The owner's CalDAV account (iCloud, Fastmail, Nextcloud…), the user name and app password in
     * the address: `https://user:app-password@caldav.example/` (issue 49). Its calendars' busy
     * times block slots, and bookings are written to its first calendar (or the one chosen on
     * the owner's Calls page).
     */
    BOOKING_CALDAV_URL: optionalString.pipe(
      z
        .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
        .refine((value) => new URL(value).username !== '' && new URL(value).password !== '', {
          error: 'must hold the user name and app password: https://user:password@host/',
        })
        .optional(),
    ),
    /** Sender of notification emails; NOTIFY_EMAIL when unset. */
    MAIL_FROM: optionalString,
    /** Newsletter emails sent per second, across every process (providers' limits). */
    NEWSLETTER_RATE: blankIsUnset(
      z.coerce
        .number({ error: 'must be a number of emails per second' })
        .positive('must be a number of emails per second')
        .max(1000, 'must be at most 1000 emails per second')
        .default(5),
    ),
    /** Activities one fediverse server may post to the inboxes per minute (issue 47, point 6). */
    FEDIVERSE_INBOX_LIMIT: blankIsUnset(
      z.coerce
        .number({ error: 'must be a whole number of activities a minute' })
        .int('must be a whole number of activities a minute')
        .min(1, 'must be at least 1')
        .max(100_000, 'must be at most 100000')
        .default(600),
    ),
    UPLOAD_DIR: optionalString,
    /** Uploads in S3-compatible storage when set (several app processes share them). */
    S3_BUCKET: optionalString,
    S3_REGION: blankIsUnset(z.string().trim().min(1).default('us-east-1')),
    /** An S3-compatible service's address (R2, MinIO...); unset for AWS. */
    S3_ENDPOINT: optionalUrl(/^https?$/),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /**
     * Whether the server asks each project's demo site if it may be framed (at start and daily).
     * 'auto': when PUBLIC_URL is https, i.e. a site on the internet; a local run asks nobody.
     */
    DEMO_FRAME_CHECK: blankIsUnset(
      z.enum(['auto', 'on', 'off'], { error: 'must be auto, on or off' }).default('auto'),
    ),
    /**
     * Test-only: outbound fetches (the fediverse's remote actors and inboxes) may reach loopback and
     * private addresses, so a test can federate over http on 127.0.0.1. Off by default.
     */
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: blankIsUnset(
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
    ),
    S3_FORCE_PATH_STYLE: blankIsUnset(
      z
        .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
        .default('false')
        .transform((value) => value === 'true' || value === '1'),
    ),
    S3_PREFIX: blankIsUnset(
      z
        .string()
        .trim()
        .regex(/^([\w.-]+\/)*$/, 'must be empty or folder names ending in /, like uploads/')
        .default('uploads/'),
    ),
    /**
     * Lets a scraper that comes through the proxy (or from another machine) read /metrics, as
     * `Authorization: Bearer <token>`; without it the metrics are for this machine alone.
     */
    METRICS_TOKEN: optionalString.pipe(z.string().min(24, 'must be at least 24 characters').optional()),
    /**
     * On SIGTERM, how long the process keeps serving while /readyz says it is stopping, so that a
     * proxy checking it (deploy/Caddyfile: every 2 s) sends the next requests to the other process
     * before this one closes. 0: it closes at once (one process, nothing to send them to).
     */
    SHUTDOWN_DRAIN_MS: blankIsUnset(
      z.coerce
        .number({ error: 'must be a whole number of milliseconds' })
        .int('must be a whole number of milliseconds')
        .min(0, 'must be from 0 to 8000')
        .max(8000, 'must be from 0 to 8000')
        .default(0),
    ),
    /** Where the daily backups go; DATA_DIR/backups when unset. */
    BACKUP_DIR: optionalString,
    /** How many daily backups are kept (the newest). */
    BACKUP_KEEP: blankIsUnset(
      z.coerce
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(1, 'must be at least 1')
        .max(365, 'must be at most 365')
        .default(7),
    ),
    /**
     * A bucket (on the S3_ service, with its credentials) that gets a copy of each daily backup,
     * kept by BACKUP_KEEP days and BACKUP_KEEP_WEEKLY weeks; unset: backups stay on this machine.
     */
    BACKUP_S3_BUCKET: optionalString,
    BACKUP_S3_PREFIX: blankIsUnset(
      z
        .string()
        .trim()
        .regex(/^([\w.-]+\/)*$/, 'must be empty or folder names ending in /, like backups/')
        .default('backups/'),
    ),
    /** How many weeks keep their newest backup in the bucket, beside the BACKUP_KEEP newest days. */
    BACKUP_KEEP_WEEKLY: blankIsUnset(
      z.coerce
        .number({ error: 'must be a whole number' })
        .int('must be a whole number')
        .min(0, 'must be at least 0')
        .max(520, 'must be at most 520')
        .default(4),
    ),
    GITHUB_CLIENT_ID: optionalString,
    GITHUB_CLIENT_SECRET: optionalString,
    /** Where GitHub's OAuth and API live; changed only to point tests at a stand-in server. */
    GITHUB_OAUTH_URL: z
      .url({ protocol: /^https?$/, error: 'must be a valid URL' })
      .default('https://github.com'),
    GITHUB_API_URL: z
      .url({ protocol: /^https?$/, error: 'must be a valid URL' })
      .default('https://api.github.com'),
    /** AI features: `local` (built-in, offline) or `openai-compatible` (AI_BASE_URL, AI_API_KEY). */
    AI_PROVIDER: z.enum(['local', 'openai-compatible']).default('local'),
    /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1. */
    AI_BASE_URL: optionalUrl(/^https?$/),
    AI_API_KEY: optionalString,
    AI_CHAT_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    AI_IMAGE_MODEL: z.string().trim().min(1).default('dall-e-3'),
    /** How long one call to the AI provider may take before it is abandoned. */
    AI_TIMEOUT_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a number of milliseconds')
      .min(100, 'must be at least 100 milliseconds')
      .default(30_000),
  })
  .superRefine((env, ctx) => {
    if (env.SMTP_URL && !env.NOTIFY_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['NOTIFY_EMAIL'], message: 'must be set when SMTP_URL is set' });
    }
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME'],
        message: 'must be set together with ADMIN_USERNAME and ADMIN_PASSWORD',
      });
    }
    if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['AI_BASE_URL'],
        message: 'must be set when AI_PROVIDER is openai-compatible',
      });
    }
  });

export type Config = z.infer<typeof configSchema> & {
  publicUrl: string;
  isProduction: boolean;
  /**
   * The site is served over HTTPS (PUBLIC_URL starts with https://): cookies are Secure with the
   * __Host- prefix, responses carry HSTS and pages upgrade insecure requests. Tied to the address
   * visitors use rather than NODE_ENV, so `npm start` on http://localhost keeps sign-in working.
   */
  isHttps: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws a ConfigError listing each bad variable by name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = result.data;
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return {
    ...config,
    publicUrl,
    isProduction: config.NODE_ENV === 'production',
    isHttps: publicUrl.startsWith('https://'),
  };
}
