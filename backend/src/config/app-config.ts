import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { envSchema } from './env.schema';

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The validated, resolved configuration the whole server reads (injected as APP_CONFIG). */
export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  appDomain: string;
  /** Set when an external PostgreSQL is used; otherwise the embedded database under dataDir. */
  databaseUrl?: string;
  databasePoolSize: number;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  contactInbox: string;
  jwtSecret: string;
  corsOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  webDistDir: string;
  /** Multiplier on every rate limit (1 in production). */
  rateLimitScale: number;
  /** Set: rate-limit counters live in this Redis; unset: in PostgreSQL (table rate_limits). */
  redisUrl?: string;
  /** Prefix of every Redis key (default `vidyalaya:`). */
  redisKeyPrefix: string;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. Throws ConfigError with a one-line reason naming the
 * variable, e.g. "PORT: Too big: expected number to be <=65535".
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  let jwtSecret = env.JWT_SECRET;
  if (!jwtSecret) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration: JWT_SECRET: required in production (at least 32 characters)');
    }
    jwtSecret = developmentSecret(dataDir);
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    appDomain: env.APP_DOMAIN.toLowerCase(),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    dataDir,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    contactInbox: env.CONTACT_INBOX,
    jwtSecret,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(__dirname, '..', '..', '..', 'web', 'dist')),
  };
}

/** Outside production a signing secret is made once and kept in DATA_DIR, so sessions survive restarts. */
function developmentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
