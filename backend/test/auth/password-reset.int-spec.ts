import { ERROR_CODES, MESSAGES } from '@vidyalaya/shared';
import { clientAt, codeSentBy, newAccount, registerVerified, signIn, startAuthHarness, type AuthHarness } from './auth-helpers';

describe('spec §4 Password reset flow: §7 forgot-password, verify-otp/password-reset, reset-password', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  /** forgot-password → code from the e-mail → reset token. */
  const resetTokenFor = async (acc: { username: string; email: string }) => {
    const call = clientAt(h.t);
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    const res = await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: code } });
    expect(res.status).toBe(200);
    return res.body.data.resetToken as string;
  };

  it('forgot → e-mailed code → reset token → new password → notice e-mail → login; every session revoked', async () => {
    const acc = await registerVerified(h);
    const phone = await signIn(h, acc);
    const laptop = await signIn(h, acc);
    const call = clientAt(h.t);

    const { res, code, mail } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: null, message: MESSAGES.toast.resetCodeSent });
    expect(mail.subject).toBe('Vidyalaya: Your password reset code');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.text).toContain(`letter-spacing:8px;margin:16px 0;text-align:center">${code}</p>`);

    const verified = await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body.message).toBe(MESSAGES.toast.otpVerified);
    const { resetToken } = verified.body.data;
    expect(resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const before = h.sink.mails.length;
    const newPassword = 'Fresh-Start-2931';
    const reset = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, data: null, message: MESSAGES.toast.passwordResetSuccess });

    const notice = await h.sink.waitFor(acc.email, (m) => h.sink.mails.indexOf(m) >= before);
    expect(notice.subject).toBe('Vidyalaya: Your password was changed');
    expect(notice.text).toContain('signed out');

    for (const session of [phone, laptop]) {
      const res = await call('POST', '/auth/refresh-token', { body: { refreshToken: session.refreshToken } });
      expect(res.status).toBe(401);
    }
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: newPassword } })).status).toBe(200);
  });

  it('a reset token is single use', async () => {
    const acc = await registerVerified(h);
    const resetToken = await resetTokenFor(acc);
    const call = clientAt(h.t);
    expect((await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'First-Choice-771' } })).status).toBe(200);
    const again = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Second-Choice-772' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({ code: 'RESET_TOKEN_INVALID', message: ERROR_CODES.RESET_TOKEN_INVALID.message });
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: 'First-Choice-771' } })).status).toBe(200);
  });

  it('a reset token lives 10 minutes', async () => {
    const acc = await registerVerified(h);
    const resetToken = await resetTokenFor(acc);
    h.t.clock.advanceMinutes(11);
    const late = await clientAt(h.t)('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Too-Late-For-This-1' } });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('RESET_TOKEN_INVALID');
    expect((await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('the reset code is single use and expires like every code', async () => {
    const acc = await registerVerified(h);
    const call = clientAt(h.t);
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    expect((await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: code } })).status).toBe(200);
    expect((await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: code } })).body.error.code).toBe('OTP_INVALID');

    h.t.clock.advance(61_000);
    const { code: second } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/forgot-password', { body: { username: acc.username } }));
    h.t.clock.advanceMinutes(11);
    expect((await call('POST', '/auth/verify-otp/password-reset', { body: { username: acc.username, otp: second } })).body.error.code).toBe('OTP_EXPIRED');
  });

  it('a common new password is refused on newPassword, and the reset token stays usable', async () => {
    const acc = await registerVerified(h);
    const resetToken = await resetTokenFor(acc);
    const call = clientAt(h.t);
    const refused = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Password@123' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common',
      details: { newPassword: 'This password is too common' },
    });
    expect((await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Much-Better-5810' } })).status).toBe(200);
  });

  it('issue 20: a new password equal to the username or e-mail, or a common word with a year, is refused; the token stays usable', async () => {
    const acc = await registerVerified(h);
    const resetToken = await resetTokenFor(acc);
    const call = clientAt(h.t);
    for (const newPassword of [acc.username.toUpperCase(), acc.email, `${acc.username}2026`]) {
      const refused = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword } });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: 'VALIDATION_FAILED',
        message: MESSAGES.validation.passwordLikeAccount,
        details: { newPassword: MESSAGES.validation.passwordLikeAccount },
      });
    }
    const yearly = await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Sunshine@2029!' } });
    expect(yearly.body.error.code).toBe('PASSWORD_TOO_COMMON');
    expect((await call('POST', '/auth/reset-password', { body: { resetToken, newPassword: 'Much-Better-5810' } })).status).toBe(200);
  });

  it('unknown and unverified users get the same answer, and nothing is sent', async () => {
    const known = await registerVerified(h);
    const unverified = newAccount();
    await codeSentBy(h.sink, unverified.email, () => clientAt(h.t)('POST', '/auth/register', { body: unverified }));
    h.t.clock.advance(61_000);

    const real = await clientAt(h.t)('POST', '/auth/forgot-password', { body: { username: known.username } });
    await h.sink.waitFor(known.email, (m) => m.subject.includes('reset'));
    const before = h.sink.mails.length;
    const unknown = await clientAt(h.t)('POST', '/auth/forgot-password', { body: { username: `ghost${known.username}`.slice(0, 30) } });
    const pending = await clientAt(h.t)('POST', '/auth/forgot-password', { body: { username: unverified.username } });
    for (const res of [unknown, pending]) {
      expect(res.status).toBe(real.status);
      expect(res.body).toEqual(real.body);
    }
    await new Promise((r) => setTimeout(r, 400));
    expect(h.sink.mails.length).toBe(before);
  });

  it('forgot-password: one code a minute per account (known or not), 429 with Retry-After', async () => {
    const known = await registerVerified(h);
    const call = clientAt(h.t);
    for (const username of [known.username, `ghost${known.username}`.slice(0, 30)]) {
      expect((await call('POST', '/auth/forgot-password', { body: { username } })).status).toBe(200);
      const again = await call('POST', '/auth/forgot-password', { body: { username } });
      expect(again.status).toBe(429);
      expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('per-IP limit on forgot-password: the 21st request in 10 minutes from one address answers 429', async () => {
    const call = clientAt(h.t);
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/auth/forgot-password', { body: { username: `ghost-${i}-${Date.now()}`.slice(0, 30) } })).status).toBe(200);
    }
    expect((await call('POST', '/auth/forgot-password', { body: { username: 'ghost-last' } })).status).toBe(429);
  });

  it('an unknown reset token answers 400 RESET_TOKEN_INVALID', async () => {
    const res = await clientAt(h.t)('POST', '/auth/reset-password', { body: { resetToken: 'A'.repeat(43), newPassword: 'Fine-Password-193' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('RESET_TOKEN_INVALID');
  });

  describe('spec §5 messages of the reset forms, enforced by the server', () => {
    it.each([
      { path: '/auth/forgot-password', body: { username: 'ab' }, field: 'username', message: 'Username must be at least 3 characters' },
      { path: '/auth/forgot-password', body: {}, field: 'username', message: 'Username must be at least 3 characters' },
      { path: '/auth/reset-password', body: { resetToken: '', newPassword: 'Fine-Password-193' }, field: 'resetToken', message: MESSAGES.validation.resetTokenRequired },
      { path: '/auth/reset-password', body: { resetToken: 'tok', newPassword: '12345' }, field: 'newPassword', message: 'Password must be at least 6 characters' },
      { path: '/auth/reset-password', body: { resetToken: 'tok' }, field: 'newPassword', message: 'Password must be at least 6 characters' },
      { path: '/auth/reset-password', body: { resetToken: 'tok', newPassword: 'p'.repeat(129) }, field: 'newPassword', message: MESSAGES.validation.passwordMax },
    ])('$path $body.newPassword → $field: $message', async ({ path, body, field, message }) => {
      const res = await clientAt(h.t)('POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[field]).toBe(message);
    });
  });
});
