import path from 'node:path';
import { defaultMediaLimitsMb } from '@spotter/contract';
import { z } from 'zod';

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const durationPattern = /^(\d+)\s*([smhd]?)$/;
const toSeconds = (v: string) => {
  const [, n = '0', unit] = durationPattern.exec(v.trim()) ?? [];
  const factor = unit === 'd' ? 86_400 : unit === 'h' ? 3_600 : unit === 'm' ? 60 : 1;
  return Number.parseInt(n, 10) * factor;
};

/** `7d`, `12h`, `30m`, `45s` or a number of seconds. */
const duration = z
  .string()
  .regex(durationPattern, 'must be a number of seconds or a duration like 7d, 12h, 30m')
  .transform(toSeconds)
  .refine((seconds) => seconds > 0, 'must be longer than 0 seconds');

/** A request budget: how many requests in which window, e.g. `10/1m`; `off` for no limit. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

const rateLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx): RateLimit | null => {
      if (v.trim() === 'off') return null;
      const match = /^\s*(\d+)\s*\/\s*(\d+\s*[smhd]?)\s*$/.exec(v);
      const max = Number(match?.[1]);
      const windowSeconds = match?.[2] ? toSeconds(match[2]) : 0;
      if (!match || max < 1 || windowSeconds < 1) {
        ctx.addIssue({ code: 'custom', message: 'must be a count per window like 10/1m, 100/1h, or off' });
        return z.NEVER;
      }
      return { max, windowSeconds };
    });

/** A comma-separated list of origins such as `https://app.example.com`. */
const originList = z.string().transform((v, ctx) => {
  const origins: string[] = [];
  for (const item of v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const origin = originOf(item);
    if (!origin) ctx.addIssue({ code: 'custom', message: `"${item}" is not an http(s) origin` });
    else origins.push(origin);
  }
  return origins;
});

/** The origin of an http(s) URL (`https://host[:port]`), or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

const megabytes = (fallback: number) =>
  z.coerce.number().positive('must be a number of megabytes above 0').max(10_000).default(fallback);

/** An absolute http(s) URL without its trailing slash. */
const baseUrl = z
  .string()
  .regex(/^https?:\/\/[^/]/, 'must be an absolute http(s) URL')
  .transform((v) => v.replace(/\/+$/, ''));

/** The main PostgreSQL pool's connections a server opens by default. */
export const defaultPostgresPoolSize = 10;

/**
 * Every environment variable Spotter reads, with its type and default: the one list (the README's
 * configuration table is held to it by a test). Configuration comes in two steps, as in atproto's
 * PDS: `readEnv` picks these variables' raw strings, `envToConfig` validates them into a typed
 * object. Nothing else in the server reads `process.env`.
 */
const envShape = {
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(defaultPostgresPoolSize),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration.default(7 * 86_400),
  // Seals two-factor keys in the database (issue 45): a dump without it cannot make codes.
  TWO_FACTOR_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED: boolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: boolean.default(false),
  PUBLIC_URL: baseUrl.optional(),
  MEDIA_STORE: z.enum(['local', 's3']).default('local'),
  MEDIA_MAX_IMAGE_MB: megabytes(defaultMediaLimitsMb.image),
  MEDIA_MAX_VIDEO_MB: megabytes(defaultMediaLimitsMb.video),
  MEDIA_PUBLIC_URL: baseUrl.optional(),
  // The media lane (issue 17, finding 2): image and video work, apart from logins and reads.
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  MEDIA_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(16),
  MEDIA_QUEUE_WAIT: duration.default(60),
  MEDIA_MAX_DECODED_MB: megabytes(400),
  MEDIA_QUOTA_MB: z.coerce
    .number()
    .min(0, 'must be a number of megabytes, 0 for no quota')
    .max(10_000_000)
    .default(1024),
  S3_ENDPOINT: baseUrl.optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  CORS_ORIGINS: originList.default([]),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_PREFIX: z.string().default('spotter:'),
  NOTIFICATION_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(3600).default(25),
  // Issue 45, finding 2: each open stream holds a socket and about 32 KB; a person needs one per tab or device.
  STREAM_MAX_PER_USER: z.coerce.number().int().min(1).max(10_000).default(5),
  STREAM_MAX_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(20),
  UNPAGED_LIST_MAX: z.coerce.number().int().min(1).max(100_000).default(500),
  HTTP_REQUEST_TIMEOUT: duration.default(300),
  HTTP_HEADERS_TIMEOUT: duration.default(20),
  HTTP_KEEP_ALIVE_TIMEOUT: duration.default(72),
  HOME_TIMELINE_LENGTH: z.coerce.number().int().min(1).max(100_000).default(400),
  FANOUT_FOLLOWER_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(10_000),
  // Issue 16: these existing accounts are made admins at start (a name not yet signed up is skipped
  // with a warning, so nobody can take an admin name by signing up first).
  ADMIN_USERNAMES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  RATE_LIMITS: boolean.default(true),
  RATE_LIMIT_LOGIN_IP: rateLimit('10/1m'),
  // Three times the per-IP budget: one address cannot lock an account's owner out (issue 17, finding 4).
  RATE_LIMIT_LOGIN_USER: rateLimit('30/1m'),
  RATE_LIMIT_SIGNUP_IP: rateLimit('10/1h'),
  RATE_LIMIT_WRITES: rateLimit('120/1m'),
  RATE_LIMIT_UPLOADS: rateLimit('60/1h'),
  // Generous: ten reads a second for a minute is far beyond a person scrolling (issue 17).
  RATE_LIMIT_READS: rateLimit('600/1m'),
  // An export reads everything a person made and every file they uploaded: a few an hour is plenty.
  RATE_LIMIT_EXPORTS: rateLimit('5/1h'),
  // Email (issue 45): off unless SMTP_URL is set.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
  // Each mail goes to a mailbox someone else may own: a few an hour per person, IP and username.
  RATE_LIMIT_EMAILS: rateLimit('5/1h'),
  RATE_LIMIT_FORGOT_PASSWORD_IP: rateLimit('10/1h'),
  RATE_LIMIT_FORGOT_PASSWORD_USER: rateLimit('3/1h'),
  // A CSV import reads up to 10 MB (150,000 rows) and writes them all (issue 45, finding 3).
  RATE_LIMIT_IMPORTS: rateLimit('10/1h'),
  // The import lane: one import at a time per server, these many waiting at most, this long each.
  IMPORT_QUEUE_MAX: z.coerce.number().int().min(0).max(1_000).default(4),
  IMPORT_QUEUE_WAIT: duration.default(120),
  // Federation (issue 49): unset, on when PUBLIC_URL is https; `false` turns it off, `true` on.
  FEDERATION: boolean.optional(),
  // For tests on loopback only: lookups and deliveries to private addresses are refused without it.
  FEDERATION_ALLOW_PRIVATE_ADDRESSES: boolean.default(false),
  // Decision 096: deliveries one remote host may make to our inboxes a minute (0: no limit).
  FEDERATION_INBOX_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(3000),
  // Decision 096: milliseconds between two of our deliveries to one remote host (0: not spaced).
  FEDERATION_DELIVERY_SPACING_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  // Decision 096: the first retry of a failed delivery waits this long, then each wait doubles.
  FEDERATION_RETRY_FIRST_DELAY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  // Authorized fetch (Mastodon's secure mode): outboxes, follow lists and Notes only to signed GETs.
  FEDERATION_AUTHORIZED_FETCH: boolean.default(false),
};

const envSchema = z
  .object(envShape)
  .refine((v) => v.MEDIA_STORE !== 's3' || !!v.S3_BUCKET, {
    message: 'is required when MEDIA_STORE=s3',
    path: ['S3_BUCKET'],
  })
  .refine((v) => v.HTTP_HEADERS_TIMEOUT <= v.HTTP_REQUEST_TIMEOUT, {
    message: 'must not be longer than HTTP_REQUEST_TIMEOUT (the headers are part of the request)',
    path: ['HTTP_HEADERS_TIMEOUT'],
  })
  .refine((v) => !v.SMTP_URL || !!v.PUBLIC_URL, {
    message: 'is required when SMTP_URL is set: the links a mail carries must say where this server is',
    path: ['PUBLIC_URL'],
  })
  .refine((v) => v.FEDERATION !== true || !!v.PUBLIC_URL, {
    message: 'is required when FEDERATION=true: every actor and post is named by its URL',
    path: ['PUBLIC_URL'],
  })
  .refine((v) => !v.S3_ACCESS_KEY_ID === !v.S3_SECRET_ACCESS_KEY, {
    message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK then finds credentials itself)',
    path: ['S3_SECRET_ACCESS_KEY'],
  });

export const envVariables = Object.keys(envShape) as (keyof typeof envShape)[];

/** The raw strings of the variables that are set (an empty one counts as unset). */
export type ServerEnv = Partial<Record<keyof typeof envShape, string>>;

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const picked: ServerEnv = {};
  for (const key of envVariables) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  return picked;
}

/** The schema of one variable, for checking the README's table against it. */
export const envVariableSchema = (name: keyof typeof envShape): z.ZodType => envShape[name];

export type Database =
  | { kind: 'sqlite'; file: string }
  /** `poolSize`: the main pool's connections (the notifications reads have 3 more: decision 052). */
  | { kind: 'postgres'; url: string; poolSize?: number };

export type MediaStoreConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS itself; set: any S3-compatible server, addressed path-style. */
      endpoint: string | undefined;
      /** Unset: the SDK's own credential chain (instance role, ~/.aws, ...). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export interface MediaConfig {
  store: MediaStoreConfig;
  /** Where clients fetch media: MEDIA_PUBLIC_URL, or this server's own `/media`. */
  publicUrl: string;
  maxImageBytes: number;
  maxVideoBytes: number;
  ffmpegPath: string;
  ffprobePath: string;
  /** Uploads in progress; on the local store's disk, so a finished file is renamed, not copied. */
  tmpDir: string;
  lane: MediaLane;
  /** The most bytes an image may take once decoded: width x height x frames x channels x bytes per sample. */
  maxDecodedBytes: number;
  /** The most bytes of stored media one person may own; 0: no quota. */
  quotaBytes: number;
}

/** Image and video work runs through its own bounded queue (modules/media/lane.ts). */
export type MediaLane = WorkLaneConfig;

/** A bounded queue of heavy jobs (http/work-lane.ts): the media lane's and the import lane's. */
export interface WorkLaneConfig {
  /** Jobs processed at once. */
  concurrency: number;
  /** Jobs waiting for a turn; beyond it a request is refused at once with 503 and Retry-After. */
  queueMax: number;
  /** How long a job may wait for its turn before its request gets 503 and Retry-After. */
  waitSeconds: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  /** undefined: generated once and kept in DATA_DIR (see auth/jwt-secret.ts). */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  /** TWO_FACTOR_KEY: seals the TOTP keys stored in the database; undefined: they are stored as they are. */
  twoFactorKey: string | undefined;
  seed: boolean;
  logLevel: string;
  /** The web app's production build, served from the same origin. */
  webDist: string;
  trustProxy: boolean;
  /**
   * The origin browsers reach this server at (PUBLIC_URL). Unset: taken from the Host header, but
   * only when that names a loopback host or an IP address (a DNS name could be rebound to us).
   */
  publicOrigin: string | undefined;
  /** Where uploaded media is served from when it is not this origin (S3 or a CDN); CSP allows it. */
  media: MediaConfig;
  mediaPublicUrl: string | undefined;
  /** Other origins whose pages may call the API (CORS); every other cross-origin call gets a 403. */
  corsOrigins: string[];
  /** Shared rate-limit counters for several app servers; unset: counted in this process's memory. */
  redis: { url: string; prefix: string } | undefined;
  /** null: that limit is off. */
  rateLimits: RateLimits;
  /** How often an idle notification stream sends a heartbeat comment (proxies close silent connections). */
  notificationHeartbeatSeconds: number;
  /** The most notification streams open at once per person and per client address (issue 45). */
  streamCaps: StreamCaps;
  /** The most items an unpaged list (the spec's GET /posts, /posts/user/{u}, /users) answers: the newest. */
  unpagedListMax: number;
  /** Precomputed home timelines (modules/posts/queries/home-timeline.ts). */
  homeTimeline: HomeTimelineConfig;
  /** How long a client may take; 0 would let slow-header and slow-body clients hold sockets forever. */
  httpTimeouts: HttpTimeouts;
  /** ADMIN_USERNAMES: made admins at start (issue 16). */
  adminUsernames: string[];
  /** SMTP_URL and MAIL_FROM; undefined: email features are off (issue 45). */
  mail: MailConfig | undefined;
  /** CSV imports run one at a time per server, in their own lane (modules/training/import-lane.ts). */
  importLane: WorkLaneConfig;
  /** ActivityPub (issue 49, modules/federation); undefined: off. */
  federation: FederationConfig | undefined;
}

export interface FederationConfig {
  /** PUBLIC_URL's origin: every actor, inbox and post is named under it. */
  origin: string;
  /** FEDERATION_ALLOW_PRIVATE_ADDRESSES: fetch from and deliver to loopback and private addresses (tests). */
  allowPrivateAddresses: boolean;
  /** FEDERATION_INBOX_LIMIT_PER_MINUTE; unset or 0: no limit. */
  inboxLimitPerHostPerMinute?: number;
  /** FEDERATION_DELIVERY_SPACING_MS; unset or 0: not spaced. */
  deliverySpacingMs?: number;
  /** FEDERATION_RETRY_FIRST_DELAY_MS; unset: a minute (modules/federation/retry-policy.ts). */
  retryFirstDelayMs?: number;
  /** FEDERATION_AUTHORIZED_FETCH: outboxes, follow lists and Notes answer only signed GETs (actors stay public). */
  authorizedFetch?: boolean;
}

export interface MailConfig {
  /** smtp:// (STARTTLS when offered) or smtps:// (TLS from the start), credentials in the URL. */
  smtpUrl: string;
  /** The From of every mail: MAIL_FROM, else `Spotter <no-reply@PUBLIC_URL's host>`. */
  from: string;
}

export interface StreamCaps {
  perUser: number;
  perIp: number;
}

export interface HomeTimelineConfig {
  /** Rows kept per viewer (about: trimmed now and then); older pages are read the slow way. */
  length: number;
  /** Authors with more followers than this are not fanned out: their posts are merged at read time. */
  fanoutFollowerLimit: number;
}

export interface HttpTimeouts {
  /** The whole request, headers and body (a 50 MB video at about 1.4 Mbit/s fits). */
  requestSeconds: number;
  /** The request's headers (slowloris). */
  headersSeconds: number;
  /** An idle kept-alive connection; above the usual 60 s of load balancers, which should close first. */
  keepAliveSeconds: number;
}

export interface RateLimits {
  /** Login attempts per client IP. */
  loginPerIp: RateLimit | null;
  /** Login and password-change attempts per username, wherever they come from. */
  loginPerUser: RateLimit | null;
  signupPerIp: RateLimit | null;
  /** POST and DELETE calls per signed-in user (per IP without a token), uploads and auth apart. */
  writesPerUser: RateLimit | null;
  /** Media uploads per signed-in user. */
  uploadsPerUser: RateLimit | null;
  /** GET calls of the API per signed-in user (per IP without a token). */
  readsPerUser: RateLimit | null;
  /** Account exports (GET /api/users/me/export) per signed-in user. */
  exportsPerUser: RateLimit | null;
  /** Verification mails (POST /api/users/me/email) per signed-in user. */
  emailsPerUser: RateLimit | null;
  /** "Forgot password?" calls per client IP, and per username asked about. */
  forgotPasswordPerIp: RateLimit | null;
  forgotPasswordPerUser: RateLimit | null;
  /** CSV imports (POST /api/workouts/import) per signed-in user. */
  importsPerUser: RateLimit | null;
}

export class ConfigError extends Error {}

export function envToConfig(env: ServerEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Spotter cannot start: the environment is not valid.\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    database: v.DATABASE_URL
      ? { kind: 'postgres', url: v.DATABASE_URL, poolSize: v.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.join(dataDir, 'spotter.db') },
    jwtSecret: v.JWT_SECRET,
    tokenTtlSeconds: v.TOKEN_TTL,
    twoFactorKey: v.TWO_FACTOR_KEY,
    seed: v.SEED,
    logLevel: v.LOG_LEVEL,
    webDist: path.resolve(v.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: v.TRUST_PROXY,
    publicOrigin: v.PUBLIC_URL ? originOf(v.PUBLIC_URL) : undefined,
    mediaPublicUrl: v.MEDIA_PUBLIC_URL,
    corsOrigins: v.CORS_ORIGINS,
    redis: v.REDIS_URL ? { url: v.REDIS_URL, prefix: v.REDIS_PREFIX } : undefined,
    notificationHeartbeatSeconds: v.NOTIFICATION_HEARTBEAT_SECONDS,
    streamCaps: { perUser: v.STREAM_MAX_PER_USER, perIp: v.STREAM_MAX_PER_IP },
    unpagedListMax: v.UNPAGED_LIST_MAX,
    homeTimeline: { length: v.HOME_TIMELINE_LENGTH, fanoutFollowerLimit: v.FANOUT_FOLLOWER_LIMIT },
    httpTimeouts: {
      requestSeconds: v.HTTP_REQUEST_TIMEOUT,
      headersSeconds: v.HTTP_HEADERS_TIMEOUT,
      keepAliveSeconds: v.HTTP_KEEP_ALIVE_TIMEOUT,
    },
    adminUsernames: v.ADMIN_USERNAMES,
    mail: v.SMTP_URL
      ? {
          smtpUrl: v.SMTP_URL,
          from: v.MAIL_FROM ?? `Spotter <no-reply@${new URL(v.PUBLIC_URL ?? 'http://localhost').hostname}>`,
        }
      : undefined,
    importLane: { concurrency: 1, queueMax: v.IMPORT_QUEUE_MAX, waitSeconds: v.IMPORT_QUEUE_WAIT },
    federation: federationOf(v.FEDERATION, v.PUBLIC_URL, v.FEDERATION_ALLOW_PRIVATE_ADDRESSES, {
      inboxLimitPerHostPerMinute: v.FEDERATION_INBOX_LIMIT_PER_MINUTE,
      deliverySpacingMs: v.FEDERATION_DELIVERY_SPACING_MS,
      retryFirstDelayMs: v.FEDERATION_RETRY_FIRST_DELAY_MS,
      authorizedFetch: v.FEDERATION_AUTHORIZED_FETCH,
    }),
    rateLimits: v.RATE_LIMITS
      ? {
          loginPerIp: v.RATE_LIMIT_LOGIN_IP,
          loginPerUser: v.RATE_LIMIT_LOGIN_USER,
          signupPerIp: v.RATE_LIMIT_SIGNUP_IP,
          writesPerUser: v.RATE_LIMIT_WRITES,
          uploadsPerUser: v.RATE_LIMIT_UPLOADS,
          readsPerUser: v.RATE_LIMIT_READS,
          exportsPerUser: v.RATE_LIMIT_EXPORTS,
          emailsPerUser: v.RATE_LIMIT_EMAILS,
          forgotPasswordPerIp: v.RATE_LIMIT_FORGOT_PASSWORD_IP,
          forgotPasswordPerUser: v.RATE_LIMIT_FORGOT_PASSWORD_USER,
          importsPerUser: v.RATE_LIMIT_IMPORTS,
        }
      : {
          loginPerIp: null,
          loginPerUser: null,
          signupPerIp: null,
          writesPerUser: null,
          uploadsPerUser: null,
          readsPerUser: null,
          exportsPerUser: null,
          emailsPerUser: null,
          forgotPasswordPerIp: null,
          forgotPasswordPerUser: null,
          importsPerUser: null,
        },
    media: {
      store:
        v.MEDIA_STORE === 's3'
          ? {
              kind: 's3',
              bucket: v.S3_BUCKET ?? '',
              region: v.S3_REGION,
              endpoint: v.S3_ENDPOINT,
              credentials:
                v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
                  ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
                  : undefined,
            }
          : { kind: 'local', dir: path.join(dataDir, 'media') },
      publicUrl: v.MEDIA_PUBLIC_URL ?? '/media',
      maxImageBytes: Math.floor(v.MEDIA_MAX_IMAGE_MB * 1024 * 1024),
      maxVideoBytes: Math.floor(v.MEDIA_MAX_VIDEO_MB * 1024 * 1024),
      ffmpegPath: v.FFMPEG_PATH,
      ffprobePath: v.FFPROBE_PATH,
      tmpDir: path.join(dataDir, 'uploads-in-progress'),
      lane: { concurrency: v.MEDIA_CONCURRENCY, queueMax: v.MEDIA_QUEUE_MAX, waitSeconds: v.MEDIA_QUEUE_WAIT },
      maxDecodedBytes: Math.floor(v.MEDIA_MAX_DECODED_MB * 1024 * 1024),
      quotaBytes: Math.floor(v.MEDIA_QUOTA_MB * 1024 * 1024),
    },
  };
}

/** On when FEDERATION=true, or when it is unset and PUBLIC_URL is https; never without PUBLIC_URL. */
function federationOf(
  setting: boolean | undefined,
  publicUrl: string | undefined,
  allowPrivateAddresses: boolean,
  limits: Pick<
    FederationConfig,
    'inboxLimitPerHostPerMinute' | 'deliverySpacingMs' | 'retryFirstDelayMs' | 'authorizedFetch'
  > = {},
): FederationConfig | undefined {
  const origin = publicUrl ? originOf(publicUrl) : undefined;
  if (!origin || setting === false) return undefined;
  if (setting === undefined && !origin.startsWith('https:')) return undefined;
  return { origin, allowPrivateAddresses, ...limits };
}
