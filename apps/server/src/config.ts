import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration in two steps, as in atproto's PDS: `readEnv` picks the raw strings, `envToConfig`
 * validates them into a typed object. Nothing else in the server reads `process.env`.
 */
export interface ServerEnv {
  PORT?: string;
  HOST?: string;
  DATA_DIR?: string;
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  TOKEN_TTL?: string;
  SEED?: string;
  LOG_LEVEL?: string;
  WEB_DIST?: string;
  TRUST_PROXY?: string;
}

export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const keys: (keyof ServerEnv)[] = [
    'PORT',
    'HOST',
    'DATA_DIR',
    'DATABASE_URL',
    'JWT_SECRET',
    'TOKEN_TTL',
    'SEED',
    'LOG_LEVEL',
    'WEB_DIST',
    'TRUST_PROXY',
  ];
  const picked: ServerEnv = {};
  for (const key of keys) {
    const value = env[key];
    if (value !== undefined && value !== '') picked[key] = value;
  }
  return picked;
}

const boolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** `7d`, `12h`, `30m`, `45s` or a number of seconds. */
const duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, 'must be a number of seconds or a duration like 7d, 12h, 30m')
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.trim().slice(-1);
    const factor = unit === 'd' ? 86_400 : unit === 'h' ? 3_600 : unit === 'm' ? 60 : 1;
    return n * factor;
  })
  .refine((seconds) => seconds > 0, 'must be longer than 0 seconds');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded SQLite database)')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration.default(7 * 86_400),
  SEED: boolean.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: boolean.default(false),
});

export type Database = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: Database;
  /** undefined: generated once and kept in DATA_DIR (see auth/jwt-secret.ts). */
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  seed: boolean;
  logLevel: string;
  /** The web app's production build, served from the same origin. */
  webDist: string;
  trustProxy: boolean;
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
      ? { kind: 'postgres', url: v.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'spotter.db') },
    jwtSecret: v.JWT_SECRET,
    tokenTtlSeconds: v.TOKEN_TTL,
    seed: v.SEED,
    logLevel: v.LOG_LEVEL,
    webDist: path.resolve(v.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: v.TRUST_PROXY,
  };
}
