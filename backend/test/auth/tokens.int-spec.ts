import { MESSAGES } from '@vidyalaya/shared';
import { clientAt, registerVerified, signIn, startAuthHarness, type AuthHarness } from './auth-helpers';

/** DECISIONS "Accounts and tokens": refresh tokens, rotation, reuse, expiry and logout. */
describe('spec §7 POST /auth/refresh-token and POST /auth/logout', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const refresh = (refreshToken: unknown) => clientAt(h.t)('POST', '/auth/refresh-token', { body: { refreshToken } });
  const me = (token: string) => clientAt(h.t)('GET', '/auth/me', { token });

  it('rotates: each refresh answers a new pair, and the new access token works', async () => {
    const { refreshToken } = await signIn(h, await registerVerified(h));
    const res = await refresh(refreshToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['accessToken', 'refreshToken']);
    expect(res.body.data.refreshToken).not.toBe(refreshToken);
    expect((await me(res.body.data.accessToken)).status).toBe(200);
    const next = await refresh(res.body.data.refreshToken);
    expect(next.status).toBe(200);
  });

  it('presenting a spent refresh token revokes its whole family; other sessions live on', async () => {
    const acc = await registerVerified(h);
    const phone = await signIn(h, acc);
    const laptop = await signIn(h, acc);

    const rotated = (await refresh(phone.refreshToken)).body.data;
    const reuse = await refresh(phone.refreshToken);
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('REFRESH_TOKEN_INVALID');
    // The successor issued before the reuse is dead too…
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
    // …but the laptop's own session is untouched.
    expect((await refresh(laptop.refreshToken)).status).toBe(200);
  });

  it('two concurrent refreshes of one token: exactly one wins, and the family is then revoked', async () => {
    for (let round = 0; round < 5; round++) {
      const { refreshToken } = await signIn(h, await registerVerified(h));
      const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 401]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 401)!;
      expect(loser.body.error.code).toBe('REFRESH_TOKEN_INVALID');
      // The loser presented a spent token: the winner's successor is revoked with the family.
      expect((await refresh(winner.body.data.refreshToken)).status).toBe(401);
      // The winner's access token still works until it expires (at most 15 minutes).
      expect((await me(winner.body.data.accessToken)).status).toBe(200);
    }
  });

  it('a refresh token expires 30 days after sign-in, however often it was rotated', async () => {
    const { refreshToken } = await signIn(h, await registerVerified(h));
    h.t.clock.advanceMinutes(29 * 24 * 60);
    const rotated = await refresh(refreshToken);
    expect(rotated.status).toBe(200);
    h.t.clock.advanceMinutes(2 * 24 * 60);
    const late = await refresh(rotated.body.data.refreshToken);
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('unknown and malformed refresh tokens answer 401 REFRESH_TOKEN_INVALID', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      const res = await refresh(token);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('REFRESH_TOKEN_INVALID');
    }
  });

  it('logout revokes the session, answers 200 again when repeated, and needs no access token', async () => {
    const acc = await registerVerified(h);
    const session = await signIn(h, acc);
    const other = await signIn(h, acc);
    h.t.clock.advanceMinutes(16); // the access token has expired: logout must still work

    const out = await clientAt(h.t)('POST', '/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: null, message: MESSAGES.toast.loggedOut });
    expect((await refresh(session.refreshToken)).status).toBe(401);

    const again = await clientAt(h.t)('POST', '/auth/logout', { body: { refreshToken: session.refreshToken } });
    expect(again.status).toBe(200);
    const unknown = await clientAt(h.t)('POST', '/auth/logout', { body: { refreshToken: 'never-issued' } });
    expect(unknown.status).toBe(200);

    // Only that session ended.
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('logout with a rotated-away token still ends the session it belonged to', async () => {
    const { refreshToken } = await signIn(h, await registerVerified(h));
    const rotated = (await refresh(refreshToken)).body.data;
    // A client that logs out with a stale token (say, from another tab) still ends its session.
    expect((await clientAt(h.t)('POST', '/auth/logout', { body: { refreshToken } })).status).toBe(200);
    expect((await refresh(rotated.refreshToken)).status).toBe(401);
  });

  it.each([
    ['/auth/refresh-token', {}],
    ['/auth/refresh-token', { refreshToken: '   ' }],
    ['/auth/logout', {}],
    ['/auth/logout', { refreshToken: '' }],
  ])('%s with %j → refreshToken: "Refresh token is required"', async (path, body) => {
    const res = await clientAt(h.t)('POST', path, { body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.refreshToken).toBe('Refresh token is required');
  });
});
