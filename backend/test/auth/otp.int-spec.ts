import { ERROR_CODES, MESSAGES } from '@vidyalaya/shared';
import { clientAt, codeSentBy, newAccount, otherCode, registerVerified, startAuthHarness, type AuthHarness } from './auth-helpers';

/** DECISIONS "Accounts and tokens": OTP rules, proved through the API with codes read from the e-mails. */
describe('spec §7 OTP calls (verify-otp/*, resend-otp) under the DECISIONS OTP rules', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const register = async (acc = newAccount()) => {
    const call = clientAt(h.t);
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    return { acc, code, call };
  };
  const verify = (call: ReturnType<typeof clientAt>, username: string, otp: string, purpose = 'registration') =>
    call('POST', `/auth/verify-otp/${purpose === 'registration' ? 'registration' : 'password-reset'}`, { body: { username, otp } });

  it('a code is valid for 10 minutes: accepted at 9, refused as expired at 11', async () => {
    const a = await register();
    const b = await register();
    h.t.clock.advanceMinutes(9);
    expect((await verify(a.call, a.acc.username, a.code)).status).toBe(200);
    h.t.clock.advanceMinutes(2);
    const late = await verify(b.call, b.acc.username, b.code);
    expect(late.status).toBe(400);
    expect(late.body.error).toEqual({ code: 'OTP_EXPIRED', message: ERROR_CODES.OTP_EXPIRED.message });

    // A fresh code works again.
    const { code } = await codeSentBy(h.sink, b.acc.email, () => b.call('POST', '/auth/resend-otp', { body: { username: b.acc.username, purpose: 'registration' } }));
    expect((await verify(b.call, b.acc.username, code)).status).toBe(200);
  });

  it('a code is single use: the second verification with it is refused', async () => {
    const { acc, code, call } = await register();
    expect((await verify(call, acc.username, code)).status).toBe(200);
    const again = await verify(call, acc.username, code);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('OTP_INVALID');
  });

  it('5 wrong tries void the code: even the right code is refused afterwards', async () => {
    const { acc, code, call } = await register();
    const wrong = otherCode(code);
    for (let i = 1; i <= 4; i++) {
      const res = await verify(call, acc.username, wrong);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'OTP_INVALID', message: MESSAGES.errors.invalidOtp });
    }
    const fifth = await verify(call, acc.username, wrong);
    expect(fifth.body.error).toEqual({ code: 'OTP_ATTEMPTS_EXCEEDED', message: ERROR_CODES.OTP_ATTEMPTS_EXCEEDED.message });
    const right = await verify(clientAt(h.t), acc.username, code);
    expect(right.status).toBe(400);
    expect(right.body.error.code).toBe('OTP_ATTEMPTS_EXCEEDED');

    // A new code (after the one-a-minute limit) starts afresh.
    h.t.clock.advance(61_000);
    const { code: fresh } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } }));
    expect((await verify(call, acc.username, fresh)).status).toBe(200);
  });

  it('concurrent wrong guesses cannot get more than 5 tries between them', async () => {
    const { acc, code } = await register();
    const wrongs = Array.from({ length: 9 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(wrongs.map((otp) => verify(clientAt(h.t), acc.username, otp)));
    const codes = answers.map((r) => r.body.error.code).sort();
    expect(codes.filter((c) => c !== 'OTP_INVALID' && c !== 'OTP_ATTEMPTS_EXCEEDED')).toEqual([]);
    expect(codes.filter((c) => c === 'OTP_INVALID')).toHaveLength(4);
    expect(codes.filter((c) => c === 'OTP_ATTEMPTS_EXCEEDED')).toHaveLength(5);
    expect((await verify(clientAt(h.t), acc.username, code)).body.error.code).toBe('OTP_ATTEMPTS_EXCEEDED');
  });

  it('a new code voids the previous one', async () => {
    const { acc, code: first, call } = await register();
    h.t.clock.advance(61_000);
    const { code: second } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } }));
    if (first !== second) {
      const old = await verify(call, acc.username, first);
      expect(old.status).toBe(400);
      expect(old.body.error.code).toBe('OTP_INVALID');
    }
    expect((await verify(call, acc.username, second)).status).toBe(200);
  });

  it('a code is bound to its purpose', async () => {
    // A registration code does not reset a password…
    const { acc, code, call } = await register();
    expect((await verify(call, acc.username, code, 'password_reset')).body.error.code).toBe('OTP_INVALID');
    expect((await verify(call, acc.username, code)).status).toBe(200);
    // …and a reset code does not verify a registration.
    const { code: resetCode } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    expect((await verify(call, acc.username, resetCode)).body.error.code).toBe('OTP_INVALID');
    expect((await verify(call, acc.username, resetCode, 'password_reset')).status).toBe(200);
  });

  it('resend: at most one code a minute and 5 resends an hour, 429 with Retry-After otherwise', async () => {
    const { acc, call } = await register();
    const resend = () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } });

    const tooSoon = await resend();
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.code).toBe('RATE_LIMITED');
    const wait = Number(tooSoon.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    for (let i = 1; i <= 5; i++) {
      h.t.clock.advance(61_000);
      const { res } = await codeSentBy(h.sink, acc.email, resend);
      expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.otpSent });
    }
    h.t.clock.advance(61_000);
    const sixth = await resend();
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(60);

    h.t.clock.advanceMinutes(60);
    const { code } = await codeSentBy(h.sink, acc.email, resend);
    expect((await verify(call, acc.username, code)).status).toBe(200);
  });

  it('resend answers unknown and already-verified users exactly like real ones, and sends them nothing', async () => {
    const pending = await register();
    const verified = await registerVerified(h);
    h.t.clock.advance(61_000);
    const call = clientAt(h.t);

    const real = await call('POST', '/auth/resend-otp', { body: { username: pending.acc.username, purpose: 'registration' } });
    expect(real.status).toBe(200);
    const before = h.sink.mails.length;
    const unknown = await call('POST', '/auth/resend-otp', { body: { username: `x${pending.acc.username}`, purpose: 'registration' } });
    const done = await call('POST', '/auth/resend-otp', { body: { username: verified.username, purpose: 'registration' } });
    const unknownReset = await call('POST', '/auth/resend-otp', { body: { username: `y${pending.acc.username}`, purpose: 'password_reset' } });
    for (const res of [unknown, done, unknownReset]) {
      expect(res.status).toBe(real.status);
      expect(res.body).toEqual(real.body);
    }
    // The one-a-minute limit applies to unknown names too, so a 429 reveals nothing either.
    const unknownAgain = await call('POST', '/auth/resend-otp', { body: { username: `x${pending.acc.username}`, purpose: 'registration' } });
    expect(unknownAgain.status).toBe(429);
    await new Promise((r) => setTimeout(r, 300));
    expect(h.sink.mails.length).toBe(before);
  });

  it('a refused resend (mail server down) answers 503 and can be retried at once', async () => {
    const { acc, call } = await register();
    h.t.clock.advance(61_000);
    h.sink.refuse = true;
    let res;
    try {
      res = await call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } });
    } finally {
      h.sink.refuse = false;
    }
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('MAIL_UNAVAILABLE');
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/resend-otp', { body: { username: acc.username, purpose: 'registration' } }));
    expect((await verify(call, acc.username, code)).status).toBe(200);
  });

  it('per-account limit on verify: the 11th try at one username in 10 minutes answers 429, from any address', async () => {
    const { acc, code } = await register();
    for (let i = 0; i < 10; i++) await verify(clientAt(h.t), acc.username, otherCode(code));
    const limited = await verify(clientAt(h.t), acc.username, code);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('per-IP limit on verify: the 31st try from one address in 10 minutes answers 429', async () => {
    const call = clientAt(h.t);
    for (let i = 0; i < 30; i++) {
      expect((await verify(call, `nobody${i}x${Date.now()}`.slice(0, 30), '123456')).status).toBe(400);
    }
    expect((await verify(call, 'someone-else', '123456')).status).toBe(429);
  });

  describe('spec §5 OTP messages, enforced by the server', () => {
    it.each([
      ['five digits', '12345'],
      ['seven digits', '1234567'],
      ['letters', '12a456'],
      ['empty', ''],
      ['missing', undefined],
    ])('%s → otp: "OTP must be 6 digits"', async (_case, otp) => {
      for (const path of ['/auth/verify-otp/registration', '/auth/verify-otp/password-reset']) {
        const res = await clientAt(h.t)('POST', path, { body: { username: 'ravi-kumar', otp } });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION_FAILED');
        expect(res.body.error.details.otp).toBe('OTP must be 6 digits');
      }
    });

    it('a username of fewer than 3 characters → "Username must be at least 3 characters"', async () => {
      const res = await clientAt(h.t)('POST', '/auth/verify-otp/registration', { body: { username: 'ab', otp: '123456' } });
      expect(res.body.error.details.username).toBe('Username must be at least 3 characters');
    });

    it('resend with another purpose → purpose: the purpose message', async () => {
      const res = await clientAt(h.t)('POST', '/auth/resend-otp', { body: { username: 'ravi-kumar', purpose: 'login' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.purpose).toBe(MESSAGES.validation.otpPurposeInvalid);
    });
  });
});
