import { MESSAGES } from '@vidyalaya/shared';
import { CHANGE_PASSWORD_MESSAGES } from '@vidyalaya/shared/auth';
import { clientAt, registerVerified, signIn, startAuthHarness, type AuthHarness } from './auth-helpers';

describe('POST /auth/change-password (the account menu, issue 20 item 9)', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  it('changes the password, signs the other devices out, keeps this one signed in with fresh tokens, sends the notice', async () => {
    const acc = await registerVerified(h);
    const here = await signIn(h, acc);
    const laptop = await signIn(h, acc);
    const call = clientAt(h.t);
    const before = h.sink.mails.length;
    const newPassword = 'Ganga-Ghat-5521';

    const res = await call('POST', '/auth/change-password', { token: here.accessToken, body: { currentPassword: acc.password, newPassword } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe(CHANGE_PASSWORD_MESSAGES.changed);
    const fresh = res.body.data as { accessToken: string; refreshToken: string };
    expect(Object.keys(fresh).sort()).toEqual(['accessToken', 'refreshToken']);

    // Every earlier session is revoked: this device's old refresh token and the laptop's.
    for (const session of [here, laptop]) {
      expect((await call('POST', '/auth/refresh-token', { body: { refreshToken: session.refreshToken } })).status).toBe(401);
    }
    // The answered pair is a live session.
    const me = await call('GET', '/auth/me', { token: fresh.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.user.username).toBe(acc.username);
    expect((await call('POST', '/auth/refresh-token', { body: { refreshToken: fresh.refreshToken } })).status).toBe(200);

    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: newPassword } })).status).toBe(200);
    const notice = await h.sink.waitFor(acc.email, (m) => h.sink.mails.indexOf(m) >= before);
    expect(notice.subject).toBe('Vidyalaya: Your password was changed');
  });

  it('a wrong current password is a 400 on that field (not a 401, which would sign the client out), and nothing changes', async () => {
    const acc = await registerVerified(h);
    const here = await signIn(h, acc);
    const call = clientAt(h.t);
    const res = await call('POST', '/auth/change-password', { token: here.accessToken, body: { currentPassword: 'not-my-password', newPassword: 'Ganga-Ghat-5522' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: { currentPassword: CHANGE_PASSWORD_MESSAGES.currentWrong } });
    expect((await call('POST', '/auth/refresh-token', { body: { refreshToken: here.refreshToken } })).status).toBe(200);
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('validates the new password with the registration rules, refuses a common one and the same one', async () => {
    const acc = await registerVerified(h);
    const { accessToken } = await signIn(h, acc);
    const call = clientAt(h.t);
    const short = await call('POST', '/auth/change-password', { token: accessToken, body: { currentPassword: acc.password, newPassword: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body.error.details).toEqual({ newPassword: MESSAGES.validation.passwordMin });
    const same = await call('POST', '/auth/change-password', { token: accessToken, body: { currentPassword: acc.password, newPassword: acc.password } });
    expect(same.status).toBe(400);
    expect(same.body.error.details).toEqual({ newPassword: CHANGE_PASSWORD_MESSAGES.sameAsCurrent });
    const common = await call('POST', '/auth/change-password', { token: accessToken, body: { currentPassword: acc.password, newPassword: 'password123' } });
    expect(common.status).toBe(400);
    expect(common.body.error.code).toBe('PASSWORD_TOO_COMMON');
    expect((await call('POST', '/auth/login', { body: { username: acc.username, password: acc.password } })).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await clientAt(h.t)('POST', '/auth/change-password', { body: { currentPassword: 'x', newPassword: 'Ganga-Ghat-5523' } });
    expect(res.status).toBe(401);
  });

  it('limits tries per account (429 after ten in ten minutes)', async () => {
    const acc = await registerVerified(h);
    const { accessToken } = await signIn(h, acc);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await clientAt(h.t)('POST', '/auth/change-password', { token: accessToken, body: { currentPassword: `wrong-${i}`, newPassword: 'Ganga-Ghat-5524' } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
