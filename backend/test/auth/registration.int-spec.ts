import { ERROR_CODES, MESSAGES } from '@vidyalaya/shared';
import { uniq } from '../support/app';
import { clientAt, codeSentBy, newAccount, otherCode, startAuthHarness, type AuthHarness } from './auth-helpers';

describe('spec §4 Registration flow, §7 POST /auth/register and /auth/verify-otp/registration', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  it('register → e-mailed code → verify → login: the whole journey', async () => {
    const call = clientAt(h.t);
    const acc = newAccount();

    const { res, code, mail } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: { username: acc.username, email: acc.email },
      message: MESSAGES.toast.registrationSuccess,
    });

    // The e-mail: branded subject, from MAIL_FROM, plain text and HTML, the code large, its expiry.
    expect(mail.subject).toBe('Vidyalaya: Your verification code');
    expect(mail.raw).toMatch(/^From: .*no-reply@vidyalaya\.local/im);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(mail.text).toContain(`font-size:32px;font-weight:bold;letter-spacing:8px;margin:16px 0;text-align:center">${code}</p>`);
    expect(mail.text).toContain('valid for 10 minutes');
    expect(code).toMatch(/^\d{6}$/);

    // Not yet verified: the right password is told to verify, a wrong one is not.
    const early = await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(early.status).toBe(403);
    expect(early.body.error).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: ERROR_CODES.EMAIL_NOT_VERIFIED.message });
    const wrong = await call('POST', '/auth/login', { body: { username: acc.username, password: 'Not-The-Password-1' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');

    const verified = await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, data: null, message: MESSAGES.toast.emailVerified });

    const login = await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(MESSAGES.toast.loginSuccess);
    expect(login.body.data.user).toMatchObject({ username: acc.username, email: acc.email, role: 'admin', isEmailVerified: true });
    const me = await call('GET', '/auth/me', { token: login.body.data.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toEqual(login.body.data.user);
  });

  it('drops unknown fields: a registrant cannot make themselves staff', async () => {
    const call = clientAt(h.t);
    const acc = newAccount();
    const { code } = await codeSentBy(h.sink, acc.email, () =>
      call('POST', '/auth/register', { body: { ...acc, role: 'staff', isEmailVerified: true } }),
    );
    await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } });
    const login = await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(login.body.data.user.role).toBe('admin');
  });

  it('re-registering an unverified username replaces its details and voids the old code', async () => {
    const call = clientAt(h.t);
    const first = newAccount();
    const { code: oldCode } = await codeSentBy(h.sink, first.email, () => call('POST', '/auth/register', { body: first }));

    h.t.clock.advance(61_000); // past the one-code-a-minute limit
    const second = { username: first.username.toUpperCase(), email: `new-${first.email}`, password: 'Another-Secret-88' };
    const { res, code: newCode } = await codeSentBy(h.sink, second.email, () => call('POST', '/auth/register', { body: second }));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ username: second.username, email: second.email });

    const old = await call('POST', '/auth/verify-otp/registration', { body: { username: first.username, otp: oldCode } });
    if (oldCode !== newCode) {
      expect(old.status).toBe(400);
      expect(old.body.error.code).toBe('OTP_INVALID');
    }
    expect((await call('POST', '/auth/verify-otp/registration', { body: { username: first.username, otp: newCode } })).status).toBe(200);

    const oldPassword = await call('POST', '/auth/login', { body: { username: first.username, password: first.password } });
    expect(oldPassword.status).toBe(401);
    const login = await call('POST', '/auth/login', { body: { username: first.username, password: second.password } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.email).toBe(second.email);
  });

  it('takeover before verification: re-registering an unverified username with the same e-mail keeps the first password', async () => {
    const owner = clientAt(h.t);
    const attacker = clientAt(h.t);
    const acc = newAccount();
    await codeSentBy(h.sink, acc.email, () => owner('POST', '/auth/register', { body: acc }));

    // The attacker knows the name and the address (both are typed on a public form) and re-registers.
    h.t.clock.advance(61_000);
    const attack = { username: acc.username, email: acc.email.toUpperCase(), password: 'Attacker-Chose-This-9' };
    const { res, code } = await codeSentBy(h.sink, acc.email, () => attacker('POST', '/auth/register', { body: attack }));
    expect(res.status).toBe(201);

    // The owner reads the (new) code in their mailbox and verifies: the account keeps the owner's password.
    expect((await owner('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } })).status).toBe(200);
    const taken = await attacker('POST', '/auth/login', { body: { username: acc.username, password: attack.password } });
    expect(taken.status).toBe(401);
    expect(taken.body.error.code).toBe('INVALID_CREDENTIALS');
    expect((await owner('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('a verified username answers 409 USERNAME_TAKEN, in any letter case', async () => {
    const call = clientAt(h.t);
    const acc = newAccount();
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } });

    const before = h.sink.mails.length;
    const again = await call('POST', '/auth/register', { body: { ...newAccount(), username: acc.username.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'USERNAME_TAKEN', message: ERROR_CODES.USERNAME_TAKEN.message });
    // The original account is untouched.
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
    expect(h.sink.mails.length).toBe(before);
  });

  it("another verified account's e-mail answers 409 EMAIL_TAKEN, in any letter case", async () => {
    const call = clientAt(h.t);
    const acc = newAccount();
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } });

    const res = await call('POST', '/auth/register', { body: { ...newAccount(), email: acc.email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('EMAIL_TAKEN');
  });

  it('an e-mail merely claimed by an unverified account goes to whoever registers and verifies it', async () => {
    const call = clientAt(h.t);
    const squatter = newAccount();
    const { code: squatterCode } = await codeSentBy(h.sink, squatter.email, () => call('POST', '/auth/register', { body: squatter }));

    const owner = { ...newAccount(), email: squatter.email };
    const { res, code } = await codeSentBy(h.sink, owner.email, () => call('POST', '/auth/register', { body: owner }));
    expect(res.status).toBe(201);
    expect((await call('POST', '/auth/verify-otp/registration', { body: { username: owner.username, otp: code } })).status).toBe(200);
    // The squatting account is gone: its code no longer verifies anything.
    const stale = await call('POST', '/auth/verify-otp/registration', { body: { username: squatter.username, otp: squatterCode } });
    expect(stale.body.error.code).toBe('OTP_INVALID');
  });

  it('a mail server that is down answers 503 MAIL_UNAVAILABLE and leaves nothing that blocks a retry', async () => {
    const call = clientAt(h.t);
    const acc = newAccount();
    h.sink.refuse = true;
    let res;
    try {
      res = await call('POST', '/auth/register', { body: acc });
    } finally {
      h.sink.refuse = false;
    }
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      success: false,
      message: ERROR_CODES.MAIL_UNAVAILABLE.message,
      error: { code: 'MAIL_UNAVAILABLE', message: ERROR_CODES.MAIL_UNAVAILABLE.message, requestId: expect.any(String) },
    });
    // No half-made account: the right password does not even reach "please verify".
    const login = await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(login.status).toBe(401);

    // The retry works at once (the failed send does not count against the one-a-minute limit).
    const { res: retry, code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    expect(retry.status).toBe(201);
    expect((await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: code } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('a common password is refused with "This password is too common" and nothing is created or sent', async () => {
    const call = clientAt(h.t);
    const before = h.sink.mails.length;
    for (const password of ['password123', 'Qwerty123', '  iloveindia  ', 'Vidyalaya@123', 'omsairam']) {
      const acc = { ...newAccount(), password };
      const res = await call('POST', '/auth/register', { body: acc });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({
        code: 'PASSWORD_TOO_COMMON',
        message: MESSAGES.errors.passwordTooCommon,
        details: { password: 'This password is too common' },
      });
      expect((await call('POST', '/auth/login', { body: { username: acc.username, password } })).status).toBe(401);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(h.sink.mails.length).toBe(before);
  });

  it('issue 20: passwords equal to the username or e-mail, and common words with a year through 2030, are refused', async () => {
    const call = clientAt(h.t);
    const before = h.sink.mails.length;
    const acc = newAccount();
    for (const password of [acc.username.toUpperCase(), acc.email, `${acc.username}@2025`]) {
      const res = await call('POST', '/auth/register', { body: { ...acc, password } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details).toEqual({ password: MESSAGES.validation.passwordLikeAccount });
    }
    for (const password of ['Welcome@2027', 'cricket2030!', '2026-27', 'Kanpur#2025']) {
      const res = await call('POST', '/auth/register', { body: { ...newAccount(), password } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('PASSWORD_TOO_COMMON');
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(h.sink.mails.length).toBe(before);
  });

  it('issue 20: usernames are NFKC-normalised; format, direction and mixed-script look-alike characters are refused', async () => {
    const call = clientAt(h.t);
    for (const username of [`ravi\u200b${uniq()}`, `\u202e${uniq()}`, `p\u0430ypal${uniq()}`, `ravi kumar${uniq()}`.slice(0, 20)]) {
      const res = await call('POST', '/auth/register', { body: { ...newAccount(), username } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual({ username: MESSAGES.validation.usernameCharacters });
    }
    // Full-width letters are the plain ones: the account is stored (and found) under its normal form.
    const plain = `fw${uniq()}`;
    const wide = [...plain].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    const acc = { ...newAccount(), username: wide };
    const { res, code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    expect(res.body.data.username).toBe(plain);
    expect((await call('POST', '/auth/verify-otp/registration', { body: { username: plain, otp: code } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { username: wide, password: acc.password } })).status).toBe(200);
  });

  it('issue 20: at most 10 code e-mails an hour to one address, however many usernames claim it', async () => {
    const email = `target${uniq()}@example.test`;
    for (let i = 0; i < 10; i++) {
      const res = await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), email } });
      expect(res.status).toBe(201);
    }
    const before = h.sink.mails.length;
    const limited = await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), email: email.toUpperCase() } });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    await new Promise((r) => setTimeout(r, 200));
    expect(h.sink.mails.length).toBe(before);
    // An hour later the address can be written to again.
    h.t.clock.advance(3_601_000);
    expect((await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), email } })).status).toBe(201);
  });

  describe('spec §5 Registration messages, enforced by the server (400 VALIDATION_FAILED, nothing sent)', () => {
    const V = MESSAGES.validation;
    it.each([
      { case: 'username too short', patch: { username: 'ab' }, field: 'username', message: 'Username must be at least 3 characters' },
      { case: 'username blank after trimming', patch: { username: '   ab  ' }, field: 'username', message: 'Username must be at least 3 characters' },
      { case: 'username missing', patch: { username: undefined }, field: 'username', message: 'Username must be at least 3 characters' },
      { case: 'username too long', patch: { username: 'a'.repeat(31) }, field: 'username', message: 'Username must not exceed 30 characters' },
      { case: 'e-mail malformed', patch: { email: 'not-an-email' }, field: 'email', message: 'Please enter a valid email address' },
      { case: 'e-mail missing', patch: { email: undefined }, field: 'email', message: 'Please enter a valid email address' },
      { case: 'password too short', patch: { password: '12345' }, field: 'password', message: 'Password must be at least 6 characters' },
      { case: 'password missing', patch: { password: undefined }, field: 'password', message: 'Password must be at least 6 characters' },
      { case: 'password too long', patch: { password: 'x'.repeat(129) }, field: 'password', message: V.passwordMax },
    ])('$case → $field: $message', async ({ patch, field, message }) => {
      const before = h.sink.mails.length;
      const res = await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), ...patch } });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[field]).toBe(message);
      expect(h.sink.mails.length).toBe(before);
    });
  });

  it('per-IP limit on register: the 21st attempt in 10 minutes from one address answers 429 with Retry-After', async () => {
    const call = clientAt(h.t);
    const taken = newAccount();
    const { code } = await codeSentBy(h.sink, taken.email, () => clientAt(h.t)('POST', '/auth/register', { body: taken }));
    await clientAt(h.t)('POST', '/auth/verify-otp/registration', { body: { username: taken.username, otp: code } });
    // Conflicting attempts (each with a new username) are cheap and still count.
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/auth/register', { body: { ...newAccount(), email: taken.email } })).status).toBe(409);
    }
    const limited = await call('POST', '/auth/register', { body: newAccount() });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await clientAt(h.t)('POST', '/auth/register', { body: newAccount() })).status).toBe(201);
  });

  it('per-account limit on register: the 11th attempt at one username in an hour answers 429, from any address', async () => {
    const taken = newAccount();
    const { code } = await codeSentBy(h.sink, taken.email, () => clientAt(h.t)('POST', '/auth/register', { body: taken }));
    await clientAt(h.t)('POST', '/auth/verify-otp/registration', { body: { username: taken.username, otp: code } });
    // The first registration counted once; nine more conflicting attempts from other addresses.
    for (let i = 0; i < 9; i++) {
      expect((await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), username: taken.username } })).status).toBe(409);
    }
    const limited = await clientAt(h.t)('POST', '/auth/register', { body: { ...newAccount(), username: taken.username } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('a wrong code for an unknown user reads exactly like a wrong code', async () => {
    const call = clientAt(h.t);
    const acc = newAccount();
    const { code } = await codeSentBy(h.sink, acc.email, () => call('POST', '/auth/register', { body: acc }));
    const wrong = await call('POST', '/auth/verify-otp/registration', { body: { username: acc.username, otp: otherCode(code) } });
    const unknown = await call('POST', '/auth/verify-otp/registration', { body: { username: `nobody${acc.username}`.slice(0, 30), otp: code } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.error).toEqual({ code: 'OTP_INVALID', message: 'Invalid OTP. Please try again.' });
  });
});
