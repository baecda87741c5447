import { isIP } from 'node:net';
import { z } from 'zod';
import { coversEveryAddress } from './trusted-ranges';

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

/** An IPv4 or IPv6 address, optionally with a /prefix length (CIDR). */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default: X-Forwarded-For ignored), a hop count (the number of proxies in
 * front, e.g. 1 behind one load balancer: the address is that many entries from the right), or a
 * comma-separated list of the proxies' addresses or CIDRs (or `loopback`, `linklocal`,
 * `uniquelocal`). `true` is refused: it believes the leftmost entry, which the client writes.
 */
export function parseTrustProxy(value: string, ctx: z.RefinementCtx): false | number | string[] {
  const v = value.trim();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') {
    ctx.addIssue({
      code: 'custom',
      message: 'true would let any client choose its address; give the number of proxies in front (e.g. 1) or their addresses (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) {
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 0 to 10' });
      return z.NEVER;
    }
    return hops;
  }
  const entries = v.split(',').map((x) => x.trim()).filter(Boolean);
  const named = new Set(['loopback', 'linklocal', 'uniquelocal']);
  const bad = entries.find((e) => !named.has(e) && !isAddressOrCidr(e));
  if (!entries.length || bad !== undefined) {
    ctx.addIssue({ code: 'custom', message: 'must be false, a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDRs' });
    return z.NEVER;
  }
  const everyone = coversEveryAddress(entries);
  if (everyone) {
    ctx.addIssue({
      code: 'custom',
      message: `these ranges cover every ${everyone} address, which like true would let any client choose its address; list only your proxies' addresses`,
    });
    return z.NEVER;
  }
  return entries;
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
  /** The Aadhaar encryption key: 32 bytes as base64 (44 characters) or hex (64). Required in production. */
  AADHAAR_KEY: z
    .string()
    .refine((v) => aadhaarKeyBytes(v) !== null, 'must be 32 bytes as base64 (44 characters) or hex (64 characters)')
    .optional(),
  CORS_ORIGINS: list.default(['app://vidyalaya']),
  TRUST_PROXY: z.string().default('false').transform(parseTrustProxy),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * HTTPS with HTTP/2 (HTTP/1.1 still answered): the certificate chain and its private key, PEM files.
   * Both or neither; unset, the server speaks plain HTTP (behind a proxy that terminates TLS).
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
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
  /** Whether this process runs background jobs (`off` for a replica that only serves requests). */
  JOBS_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often an idle job worker looks for work, in milliseconds. */
  JOBS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  /** The SMS and WhatsApp providers' API bases (DECISIONS "Messages to families"; tests point them at stand-ins). */
  MSG91_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://control.msg91.com/api/v5'),
  GUPSHUP_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://enterprise.smsgupshup.com/GatewayAPI/rest'),
  GUPSHUP_WHATSAPP_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.gupshup.io/wa/api/v1'),
  TWILIO_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.twilio.com/2010-04-01'),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://graph.facebook.com/v21.0'),
  /** Razorpay's API base (a test points it at a local stand-in). */
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.razorpay.com/v1'),
  /** Razorpay Checkout's script; the Content-Security-Policy allows exactly this script. */
  RAZORPAY_CHECKOUT_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://checkout.razorpay.com/v1/checkout.js'),
  /** How long a call to the payment gateway may take, in milliseconds. */
  RAZORPAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

/** An AADHAAR_KEY value → its 32 bytes, or null when it is not 32 bytes of hex or base64. */
export function aadhaarKeyBytes(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
    const bytes = Buffer.from(v.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}
