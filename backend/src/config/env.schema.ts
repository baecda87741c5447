import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);
const list = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

/** A parseable URL with a host whose path, if any, is a database number (never echoes the value: it may hold a password). */
function isRedisUrl(value: string): boolean {
  try {
    const url = new URL(value);
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
    return url.hostname !== '' && /^(\/\d*)?$/.test(url.pathname);
  } catch {
    return false;
  }
}

/**
 * Every environment variable the server reads, validated once at start. A bad or missing value
 * stops the process with a one-line reason (see main.ts); nothing else reads process.env.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  APP_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host name with an optional port, e.g. vidyalaya.in or localhost:3000')
    .default('localhost:3000'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  MAIL_FROM: z.string().min(3).default('Vidyalaya <no-reply@vidyalaya.local>'),
  CONTACT_INBOX: z.string().email('must be an e-mail address').default('hello@vidyalaya.local'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: list.default(['app://vidyalaya']),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /** Multiplies the per-address rate limits; for test rigs whose requests all come from one address. */
  RATE_LIMIT_SCALE: z.coerce.number().min(1).max(1000).default(1),
  /** Rate-limit counters in Redis instead of PostgreSQL (redis://[user:password@]host:port/db). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .refine(isRedisUrl, 'must be a URL like redis://host:6379/0 (the path, if any, is a database number)')
    .optional(),
  /** Prefix of every Redis key the server writes, so several deployments can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1 to 64 letters, digits or the characters : . _ -')
    .default('vidyalaya:'),
});

export type Env = z.infer<typeof envSchema>;
