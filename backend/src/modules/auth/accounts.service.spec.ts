import type { Logger } from 'pino';
import type { RegisterInput } from '@vidyalaya/shared/auth';
import type { Clock } from '../../common/clock';
import type { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import type { MailService } from '../mail/mail.service';
import { AccountsService } from './accounts.service';
import type { AccountClash, AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import type { OtpService } from './otp.service';
import type { PasswordService } from './password.service';
import type { TokensService } from './tokens.service';
import { UserEntity } from './user.entity';

/**
 * The account rules on a stub repository (no database): who may register a username or an
 * address, what happens to unverified claims, sign-in's answers, and the verified accounts made
 * for invitations. Locks, races and real codes are the integration tests' job (test/auth).
 */
const NOW = new Date('2026-01-10T05:00:00Z');
const clock = { now: () => NOW } as Clock;

function user(id: string, username: string, email: string, verified: boolean, passwordHash = `hash:${id}`): UserEntity {
  return Object.assign(new UserEntity(), { id, username, email, passwordHash, role: 'admin', isEmailVerified: verified, createdAt: new Date(0), updatedAt: new Date(0) });
}

const passwords = {
  isTooCommon: (p: string) => p === 'password123',
  hash: async (p: string) => `hash:${p}`,
  verify: async (hash: string | undefined, p: string) => hash === `hash:${p}`,
  needsRehash: () => false,
} as unknown as PasswordService;

function authSetup(users: UserEntity[], opts: { insertFails?: unknown } = {}) {
  const calls: string[] = [];
  const limits: string[] = [];
  const match = (u: UserEntity, name: string, email: string) => u.username.toLowerCase() === name.toLowerCase() || u.email.toLowerCase() === email.toLowerCase();
  const repo = {
    in: () => repo,
    transaction: (fn: (tx: unknown) => Promise<unknown>) => fn({}),
    usersByNameOrEmail: async (name: string, email: string) =>
      users.filter((u) => match(u, name, email)).map((u) => Object.assign(Object.create(Object.getPrototypeOf(u)), u, { nameClash: u.username.toLowerCase() === name.toLowerCase() })),
    findUserByName: async (name: string) => users.find((u) => u.username.toLowerCase() === name.toLowerCase()) ?? null,
    deleteUnverified: async (ids: string[]) => void calls.push(`delete ${ids.join(',')}`),
    replaceUnverified: async (id: string, input: { username: string; email: string; passwordHash: string }) => {
      calls.push(`replace ${id} ${input.passwordHash}`);
      return user(id, input.username, input.email, false, input.passwordHash);
    },
    insertUnverified: async (input: { username: string; email: string; passwordHash: string }) => {
      if (opts.insertFails) throw opts.insertFails;
      calls.push(`insert ${input.username} ${input.passwordHash}`);
      return user('new', input.username, input.email, false, input.passwordHash);
    },
  } as unknown as AuthRepository;
  const rates = {
    hit: async (...rules: { key: string }[]) => void limits.push(...rules.map((r) => `hit ${r.key}`)),
    reset: async (key: string) => void limits.push(`reset ${key}`),
    allows: async () => true,
  } as unknown as RateLimitService;
  const otps = { issue: async () => ({ code: '123456', codeHash: 'h', expiresAt: NOW }) } as unknown as OtpService;
  const mails: string[] = [];
  const mail = { send: async (m: { to: string }) => void mails.push(m.to) } as unknown as MailService;
  const tokens = { startSession: async () => ({ accessToken: 'a', refreshToken: 'r' }) } as unknown as TokensService;
  const service = new AuthService(repo, clock, passwords, otps, tokens, rates, mail, { warn: () => undefined } as unknown as Logger);
  return { service, calls, limits, mails };
}

const registration = (change: Partial<RegisterInput> = {}): RegisterInput => ({ username: 'asha', email: 'asha@school.test', password: 'Kanpur-River-42', ...change }) as RegisterInput;

describe('AuthService registration and sign-in (stub repository)', () => {
  it('a new username gets an unverified account and a code by e-mail', async () => {
    const { service, calls, mails } = authSetup([]);
    const result = await service.register(registration(), '10.0.0.1');
    expect(result).toMatchObject({ data: { username: 'asha', email: 'asha@school.test' } });
    expect(calls).toEqual(['insert asha hash:Kanpur-River-42']);
    expect(mails).toEqual(['asha@school.test']);
  });

  it('duplicate username: a verified account with the name (any letter case) is 409 USERNAME_TAKEN before a code is counted', async () => {
    const { service, calls, limits } = authSetup([user('u1', 'Asha', 'other@school.test', true)]);
    await expect(service.register(registration(), '10.0.0.1')).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
    expect(calls).toEqual([]);
    expect(limits.some((l) => l.includes('otp'))).toBe(false);
  });

  it('duplicate e-mail: an address of another verified account is 409 EMAIL_TAKEN', async () => {
    const { service, calls } = authSetup([user('u2', 'ravi', 'ASHA@school.test', true)]);
    await expect(service.register(registration(), '10.0.0.1')).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(calls).toEqual([]);
  });

  it('an unverified account of the same name is replaced; with the same mailbox its first password stays', async () => {
    const same = authSetup([user('u1', 'asha', 'asha@school.test', false, 'hash:first')]);
    await same.service.register(registration({ password: 'Another-Pass-77' }), '10.0.0.1');
    expect(same.calls).toEqual(['replace u1 hash:first']);
    const other = authSetup([user('u1', 'asha', 'old@school.test', false, 'hash:first')]);
    await other.service.register(registration({ password: 'Another-Pass-77' }), '10.0.0.1');
    expect(other.calls).toEqual(['replace u1 hash:Another-Pass-77']);
  });

  it('unverified accounts that merely claimed the address are dropped', async () => {
    const { service, calls } = authSetup([user('u9', 'squatter', 'asha@school.test', false)]);
    await service.register(registration(), '10.0.0.1');
    expect(calls).toEqual(['delete u9', 'insert asha hash:Kanpur-River-42']);
  });

  it('a too-common password is 400 PASSWORD_TOO_COMMON on its field, before anything else', async () => {
    const { service, limits } = authSetup([]);
    await expect(service.register(registration({ password: 'password123' }), '10.0.0.1')).rejects.toMatchObject({
      code: 'PASSWORD_TOO_COMMON',
      details: { password: expect.any(String) },
    });
    expect(limits).toEqual([]);
  });

  it('a registration that lost a race on the unique index reads as taken, and its send is given back', async () => {
    const { service, limits } = authSetup([], { insertFails: { code: '23505', constraint: 'users_email_lower_uq' } });
    await expect(service.register(registration(), '10.0.0.1')).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    expect(limits.at(-1)).toMatch(/^reset /);
  });

  it('sign-in: unknown user and wrong password answer the same 401; an unverified account is told so only with the right password', async () => {
    const { service } = authSetup([user('u1', 'asha', 'asha@school.test', false, 'hash:right')]);
    await expect(service.login({ username: 'nobody', password: 'right' }, '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(service.login({ username: 'asha', password: 'wrong' }, '10.0.0.1')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(service.login({ username: 'asha', password: 'right' }, '10.0.0.1')).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    const verified = authSetup([user('u1', 'asha', 'asha@school.test', true, 'hash:right')]);
    expect(await verified.service.login({ username: 'ASHA', password: 'right' }, '10.0.0.1')).toMatchObject({ data: { accessToken: 'a', user: { username: 'asha' } } });
  });
});

describe('AccountsService: verified accounts for invitations (stub repository)', () => {
  function setup(clash: AccountClash[]) {
    const calls: string[] = [];
    const repo = {
      in: () => repo,
      lockClashes: async () => clash,
      deleteUnverified: async (ids: string[]) => void calls.push(`delete ${ids.join(',')}`),
      insertVerified: async (input: { username: string; email: string }) => (calls.push(`insert ${input.username}`), { id: 'new', ...input }),
    } as unknown as AuthRepository;
    return { accounts: new AccountsService(passwords, clock, repo), calls };
  }
  const input = { username: 'ravi', email: 'ravi@school.test', passwordHash: 'h' };

  it('duplicate username or e-mail of a verified account: 409 USERNAME_TAKEN / EMAIL_TAKEN, nothing written', async () => {
    const byName = setup([{ id: 'u1', username: 'RAVI', email: 'x@school.test', is_email_verified: true, name_clash: true }]);
    await expect(byName.accounts.createVerified({} as never, input)).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
    const byEmail = setup([{ id: 'u2', username: 'someone', email: 'ravi@school.test', is_email_verified: true, name_clash: false }]);
    await expect(byEmail.accounts.createVerified({} as never, input)).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    expect([...byName.calls, ...byEmail.calls]).toEqual([]);
    // A verified look-alike of the name (the database says so, issue 33 row 7) is the name taken.
    const lookAlike = setup([{ id: 'u4', username: 'rаvi', email: 'x@school.test', is_email_verified: true, name_clash: true }]);
    await expect(lookAlike.accounts.createVerified({} as never, input)).rejects.toMatchObject({ code: 'USERNAME_TAKEN' });
  });

  it('unverified claims are dropped and the verified account made', async () => {
    const { accounts, calls } = setup([{ id: 'u3', username: 'ravi', email: 'old@school.test', is_email_verified: false, name_clash: true }]);
    expect(await accounts.createVerified({} as never, input)).toEqual({ id: 'new', username: 'ravi', email: 'ravi@school.test', passwordHash: 'h' });
    expect(calls).toEqual(['delete u3', 'insert ravi']);
  });

  it('a too-common chosen password is 400 PASSWORD_TOO_COMMON', async () => {
    await expect(setup([]).accounts.hashNewPassword('password123')).rejects.toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(await setup([]).accounts.hashNewPassword('Kanpur-River-42')).toBe('hash:Kanpur-River-42');
  });
});
