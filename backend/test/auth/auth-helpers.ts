import { randomInt } from 'node:crypto';
import { SmtpSink, type ReceivedMail } from '../support/smtp-sink';
import { startTestApp, uniq, type TestApp, type TestResponse } from '../support/app';

/**
 * Helpers for the account tests. The app trusts one proxy hop here (TRUST_PROXY=1, the rightmost X-Forwarded-For entry), so each
 * simulated client can have its own address: per-IP rate limits then apply per test, never across
 * the whole file, and a test of an IP limit controls exactly which calls share an address.
 */
export interface AuthHarness {
  t: TestApp;
  sink: SmtpSink;
  close(): Promise<void>;
}

export async function startAuthHarness(env: Record<string, string> = {}): Promise<AuthHarness> {
  const sink = await new SmtpSink().start();
  const t = await startTestApp({ SMTP_URL: sink.url, TRUST_PROXY: '1', ...env });
  return {
    t,
    sink,
    async close() {
      await t.close();
      await sink.stop();
    },
  };
}

/** A random address in 10.0.0.0/8: a client of its own. */
export const fakeIp = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

type CallOpts = { body?: unknown; token?: string };
export type Client = <T = any>(method: string, path: string, opts?: CallOpts) => Promise<TestResponse<T>>;

/** Calls the API as a client at `ip` (a fresh address unless given). */
export function clientAt(t: TestApp, ip: string = fakeIp()): Client {
  return (method, path, opts = {}) => t.call(method, path, { ...opts, headers: { 'x-forwarded-for': ip } });
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A new, unique account's details (the password is not a common one). */
export function newAccount(password = 'Kanpur-Chalk-4217'): Account {
  const username = `u${uniq()}`;
  return { username, email: `${username}@example.test`, password };
}

/** Runs `action`, then answers the code of the e-mail it caused to `email` (read from the e-mail). */
export async function codeSentBy(sink: SmtpSink, email: string, action: () => Promise<TestResponse>): Promise<{ res: TestResponse; code: string; mail: ReceivedMail }> {
  const before = sink.mails.length;
  const res = await action();
  if (res.status >= 300) throw new Error(`expected a success, got ${res.status} ${JSON.stringify(res.body)}`);
  const code = await sink.latestCode(email, before);
  const mail = sink.mails.slice(before).filter((m) => m.to.includes(email.toLowerCase())).at(-1)!;
  return { res, code, mail };
}

/** Registers and verifies `account` through the API, reading the code from the e-mail. */
export async function registerVerified(h: AuthHarness, account: Account = newAccount()): Promise<Account> {
  const call = clientAt(h.t);
  const { code } = await codeSentBy(h.sink, account.email, () => call('POST', '/auth/register', { body: account }));
  const verified = await call('POST', '/auth/verify-otp/registration', { body: { username: account.username, otp: code } });
  if (verified.status !== 200) throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  return account;
}

/** Signs in and answers the login data (tokens and user). */
export async function signIn(h: AuthHarness, account: Account): Promise<{ accessToken: string; refreshToken: string; user: any }> {
  const res = await clientAt(h.t)('POST', '/auth/login', { body: { username: account.username, password: account.password } });
  if (res.status !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** No e-mail to `email` arrives within `ms` (for "sends nothing" checks). */
export async function expectNoMail(sink: SmtpSink, email: string, before: number, ms = 400): Promise<void> {
  await new Promise((r) => setTimeout(r, ms));
  const late = sink.mails.slice(before).filter((m) => m.to.includes(email.toLowerCase()));
  if (late.length) throw new Error(`unexpected e-mail to ${email}: ${late[0].subject}`);
}

/** A wrong code that is certainly not `code`. */
export const otherCode = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
