import jwt from 'jsonwebtoken';
import { ERROR_CODES, MESSAGES } from '@vidyalaya/shared';
import { clientAt, newAccount, registerVerified, signIn, startAuthHarness, type AuthHarness } from './auth-helpers';

describe('spec §7 POST /auth/login and GET /auth/me (DECISIONS "Accounts and tokens")', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  it('answers accessToken, refreshToken and the public user, with the welcome toast', async () => {
    const acc = await registerVerified(h);
    const res = await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MESSAGES.toast.loginSuccess);
    const { accessToken, refreshToken, user } = res.body.data;
    expect(Object.keys(res.body.data).sort()).toEqual(['accessToken', 'refreshToken', 'user']);
    expect(user).toEqual({
      id: expect.any(String),
      username: acc.username,
      email: acc.email,
      role: 'admin',
      isEmailVerified: true,
      createdAt: expect.any(String),
    });
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url

    // The access token: HS256, 15 minutes, typed and addressed to this API.
    const header = jwt.decode(accessToken, { complete: true })!;
    expect(header.header.alg).toBe('HS256');
    const claims = header.payload as jwt.JwtPayload;
    expect(claims).toMatchObject({ typ: 'access', aud: 'vidyalaya-api', sub: user.id, role: 'admin' });
    expect(claims.exp! - claims.iat!).toBe(900);
  });

  it('usernames are case-insensitive at login', async () => {
    const acc = await registerVerified(h);
    const res = await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username.toUpperCase(), password: acc.password } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe(acc.username);
  });

  it('unknown user and wrong password: the same 401 "Invalid username or password", in about the same time', async () => {
    const acc = await registerVerified(h);
    const wrongPassword = { username: acc.username, password: 'Wrong-Password-9' };
    const unknownUser = { username: `nobody${acc.username}`.slice(0, 30), password: acc.password };

    const a = await clientAt(h.t)('POST', '/auth/login', { body: wrongPassword });
    const b = await clientAt(h.t)('POST', '/auth/login', { body: unknownUser });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual(b.body);
    expect(a.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid username or password' });

    // Both paths run one argon2id verification: compare medians of alternating runs.
    const time = async (body: object) => {
      const started = process.hrtime.bigint();
      await clientAt(h.t)('POST', '/auth/login', { body });
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      wrong.push(await time(wrongPassword));
      unknown.push(await time({ ...unknownUser, username: `${unknownUser.username.slice(0, 28)}${i}` }));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    const ratio = median(unknown) / median(wrong);
    // Without the dummy verification an unknown user answers in well under a tenth of the time.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('an unverified account with a wrong password gets the same 401 (403 only once the password matches)', async () => {
    const acc = newAccount();
    await clientAt(h.t)('POST', '/auth/register', { body: acc });
    const wrong = await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: 'Wrong-Password-9' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
    const right = await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(right.status).toBe(403);
    expect(right.body.error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('per-account limit: the 11th login attempt in a minute answers 429 with Retry-After, from any address', async () => {
    const acc = await registerVerified(h);
    for (let i = 0; i < 10; i++) {
      expect((await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: `Wrong-${i}-pass` } })).status).toBe(401);
    }
    const limited = await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: acc.password } });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'RATE_LIMITED', message: ERROR_CODES.RATE_LIMITED.message });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);

    h.t.clock.advance(61_000);
    expect((await clientAt(h.t)('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('per-IP limit: the 31st login attempt in a minute from one address answers 429, whatever the username', async () => {
    const call = clientAt(h.t);
    for (let i = 0; i < 30; i++) {
      expect((await call('POST', '/auth/login', { body: { username: `someone${i}`, password: 'whatever-it-is' } })).status).toBe(401);
    }
    expect((await call('POST', '/auth/login', { body: { username: 'someone-else', password: 'whatever-it-is' } })).status).toBe(429);
  });

  describe('spec §5 Login messages, enforced by the server', () => {
    it.each([
      { case: 'username too short', body: { username: 'ab', password: 'x' }, field: 'username', message: 'Username must be at least 3 characters' },
      { case: 'username missing', body: { password: 'x' }, field: 'username', message: 'Username must be at least 3 characters' },
      { case: 'username too long', body: { username: 'a'.repeat(31), password: 'x' }, field: 'username', message: 'Username must not exceed 30 characters' },
      { case: 'password empty', body: { username: 'ravi-kumar', password: '' }, field: 'password', message: 'Password is required' },
      { case: 'password missing', body: { username: 'ravi-kumar' }, field: 'password', message: 'Password is required' },
    ])('$case → $field: $message', async ({ body, field, message }) => {
      const res = await clientAt(h.t)('POST', '/auth/login', { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details[field]).toBe(message);
    });
  });

  describe('GET /auth/me', () => {
    it('answers { user } for a signed-in user, also at the top level (DECISIONS "Compatibility fixes")', async () => {
      const acc = await registerVerified(h);
      const { accessToken, user } = await signIn(h, acc);
      const me = await clientAt(h.t)('GET', '/auth/me', { token: accessToken });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ success: true, user, data: { user } });
    });

    it('401 UNAUTHENTICATED without a token, with a forged one, or with alg "none"', async () => {
      const acc = await registerVerified(h);
      const { accessToken, user } = await signIn(h, acc);
      const forged = jwt.sign({ typ: 'access', role: 'staff', username: acc.username }, 'another-secret-another-secret-0123456789', {
        algorithm: 'HS256',
        audience: 'vidyalaya-api',
        issuer: 'vidyalaya',
        subject: user.id,
      });
      const [, payload] = accessToken.split('.');
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      for (const token of [undefined, forged, none, 'not-a-token']) {
        const res = await clientAt(h.t)('GET', '/auth/me', { token });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('issue 20: a correctly signed token without exp, or whose exp − iat exceeds 15 minutes, or issued in the future, is refused', async () => {
      const acc = await registerVerified(h);
      const { user } = await signIn(h, acc);
      const now = Math.floor(h.t.clock.now().getTime() / 1000);
      // jsonwebtoken drops a given iat with noTimestamp, so that option only where there is none.
      const sign = (claims: Record<string, unknown>) =>
        jwt.sign({ typ: 'access', role: 'admin', username: acc.username, ...claims }, h.t.config.jwtSecret, {
          algorithm: 'HS256',
          audience: 'vidyalaya-api',
          issuer: 'vidyalaya',
          subject: user.id,
          noTimestamp: !('iat' in claims),
        });
      const fine = sign({ iat: now, exp: now + 15 * 60 });
      expect((await clientAt(h.t)('GET', '/auth/me', { token: fine })).status).toBe(200);
      for (const token of [sign({ iat: now }), sign({ iat: now, exp: now + 30 * 24 * 3600 }), sign({ exp: now + 60 }), sign({ iat: now + 3600, exp: now + 3600 + 60 })]) {
        const res = await clientAt(h.t)('GET', '/auth/me', { token });
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHENTICATED');
      }
    });

    it('the access token lives 15 minutes: after that, 401 TOKEN_EXPIRED', async () => {
      const acc = await registerVerified(h);
      const { accessToken } = await signIn(h, acc);
      h.t.clock.advanceMinutes(14);
      expect((await clientAt(h.t)('GET', '/auth/me', { token: accessToken })).status).toBe(200);
      h.t.clock.advanceMinutes(2);
      const late = await clientAt(h.t)('GET', '/auth/me', { token: accessToken });
      expect(late.status).toBe(401);
      expect(late.body.error.code).toBe('TOKEN_EXPIRED');
    });
  });
});
