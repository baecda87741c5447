import { randomBytes } from 'node:crypto';
import { createSecureContext } from 'node:tls';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { aadhaarKeyBytes, envSchema } from './env.schema';

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
  /** The 32-byte key Aadhaar numbers are encrypted and hashed with (AADHAAR_KEY). */
  aadhaarKey: Buffer;
  corsOrigins: string[];
  /** false, a hop count, or the trusted proxies' addresses/CIDRs (never `true`: see env.schema.ts). */
  trustProxy: false | number | string[];
  logLevel: string;
  webDistDir: string;
  /** Multiplier on every rate limit (1 in production). */
  rateLimitScale: number;
  /** Set: rate-limit counters live in this Redis; unset: in PostgreSQL (table rate_limits). */
  redisUrl?: string;
  /** Prefix of every Redis key (default `vidyalaya:`). */
  redisKeyPrefix: string;
  /** Whether this process runs background jobs. */
  jobsWorker: boolean;
  /** How often an idle job worker polls, in milliseconds. */
  jobsPollMs: number;
  /** The SMS and WhatsApp providers' API bases (no trailing slash). */
  messagingApis: { msg91: string; gupshup: string; gupshupWhatsapp: string; twilio: string; whatsapp: string };
  /** Razorpay's API base, its Checkout script and the gateway call timeout (issue 32). */
  razorpayApiUrl: string;
  razorpayCheckoutUrl: string;
  razorpayTimeoutMs: number;
  /** Set: the server speaks HTTPS with HTTP/2 (and HTTP/1.1) with this certificate and key (PEM). */
  tls?: { cert: Buffer; key: Buffer };
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
  let aadhaarKey = env.AADHAAR_KEY ? aadhaarKeyBytes(env.AADHAAR_KEY) : null;
  if (!aadhaarKey) {
    if (env.NODE_ENV === 'production') {
      throw new ConfigError('Invalid configuration: AADHAAR_KEY: required in production (32 bytes as base64 or hex)');
    }
    aadhaarKey = developmentAadhaarKey(dataDir);
  }
  const tls = tlsFiles(env.TLS_CERT_FILE, env.TLS_KEY_FILE);
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
    aadhaarKey,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    rateLimitScale: env.RATE_LIMIT_SCALE,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    jobsWorker: env.JOBS_WORKER === 'on',
    jobsPollMs: env.JOBS_POLL_MS,
    messagingApis: {
      msg91: env.MSG91_API_URL.replace(/\/+$/, ''),
      gupshup: env.GUPSHUP_API_URL.replace(/\/+$/, ''),
      gupshupWhatsapp: env.GUPSHUP_WHATSAPP_API_URL.replace(/\/+$/, ''),
      twilio: env.TWILIO_API_URL.replace(/\/+$/, ''),
      whatsapp: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
    },
    razorpayApiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
    razorpayCheckoutUrl: env.RAZORPAY_CHECKOUT_URL,
    razorpayTimeoutMs: env.RAZORPAY_TIMEOUT_MS,
    webDistDir: resolve(env.WEB_DIST_DIR ?? join(__dirname, '..', '..', '..', 'web', 'dist')),
    ...(tls ? { tls } : {}),
  };
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE read and checked to belong together, so a wrong file stops the start
 * with the variable's name instead of failing the first visitor's handshake. The message never carries
 * the files' contents.
 */
function tlsFiles(certFile: string | undefined, keyFile: string | undefined): { cert: Buffer; key: Buffer } | undefined {
  if (!certFile && !keyFile) return undefined;
  if (!certFile) throw new ConfigError('Invalid configuration: TLS_CERT_FILE: required with TLS_KEY_FILE');
  if (!keyFile) throw new ConfigError('Invalid configuration: TLS_KEY_FILE: required with TLS_CERT_FILE');
  const read = (name: string, file: string) => {
    try {
      return readFileSync(resolve(file));
    } catch {
      throw new ConfigError(`Invalid configuration: ${name}: cannot read ${resolve(file)}`);
    }
  };
  const cert = read('TLS_CERT_FILE', certFile);
  const key = read('TLS_KEY_FILE', keyFile);
  try {
    createSecureContext({ cert, key });
  } catch {
    throw new ConfigError('Invalid configuration: TLS_KEY_FILE: not a PEM private key matching the certificate in TLS_CERT_FILE');
  }
  return { cert, key };
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

/** Outside production the Aadhaar key is made once and kept in DATA_DIR, so stored numbers stay readable. */
function developmentAadhaarKey(dataDir: string): Buffer {
  const file = join(dataDir, 'aadhaar-key');
  if (existsSync(file)) {
    const key = aadhaarKeyBytes(readFileSync(file, 'utf8'));
    if (key) return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
