import { SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/app';
import { createSchool } from '../schools/fixtures';
import { clientAt, codeSentBy, fakeIp, newAccount } from './auth-helpers';

/**
 * DECISIONS "Scale and state": the API keeps no state between requests in its own memory, so any
 * number of replicas can serve one PostgreSQL. Two instances of the app on this file's database
 * (each with its own Nest container, connection pool and configuration) take turns serving one
 * user's calls: every step works whichever instance answers it.
 */
describe('two API instances on one database (replicas behind a load balancer)', () => {
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    sink = await new SmtpSink().start();
    // One signing secret for both, as replicas share their configuration.
    const env = { SMTP_URL: sink.url, TRUST_PROXY: '1', JWT_SECRET: 'replica-test-secret-that-is-long-enough-0123456789' };
    a = await startTestApp(env);
    b = await startTestApp(env);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await sink?.stop();
  });

  it('register on one, verify the e-mailed code on the other, sign in, refresh and read the school across both', async () => {
    const ip = fakeIp();
    const [onA, onB] = [clientAt(a, ip), clientAt(b, ip)];
    const account = newAccount();
    const { code } = await codeSentBy(sink, account.email, () => onA('POST', '/auth/register', { body: account }));
    expect((await onB('POST', '/auth/verify-otp/registration', { body: { username: account.username, otp: code } })).status).toBe(200);

    const login = await onB('POST', '/auth/login', { body: { username: account.username, password: account.password } });
    expect(login.status).toBe(200);
    const first = login.body.data;
    expect((await onA('GET', '/auth/me', { token: first.accessToken })).body.data.user.username).toBe(account.username);

    // Refresh-token rotation is one family whichever instance rotates it: reusing the old token on
    // the other instance is detected.
    const rotated = await onA('POST', '/auth/refresh-token', { body: { refreshToken: first.refreshToken } });
    expect(rotated.status).toBe(200);
    const reuse = await onB('POST', '/auth/refresh-token', { body: { refreshToken: first.refreshToken } });
    expect(reuse.status).toBe(401);
    const afterReuse = await onA('POST', '/auth/refresh-token', { body: { refreshToken: rotated.body.data.refreshToken } });
    expect(afterReuse.status).toBe(401); // the whole family was revoked by the instance that saw the reuse

    // The school written through one instance is the dashboard of the other, and a change made
    // through the first shows on the second's next read (the stored summary lives in PostgreSQL).
    const again = (await onB('POST', '/auth/login', { body: { username: account.username, password: account.password } })).body.data;
    const school = await createSchool(a, again.accessToken);
    const dashboard = async () => (await onB('GET', '/auth/my-school-detailed', { token: again.accessToken })).body.data;
    expect((await dashboard()).school.id).toBe(school.id);
    await onA('POST', '/school/classes', { token: again.accessToken, body: { schoolId: school.id, academicYear: '2025-26', classes: ['Class 1'] } });
    expect((await dashboard()).classes.map((c: { name: string }) => c.name)).toEqual(['Class 1']);
  });

  it('rate limits are counted once across the instances', async () => {
    const account = newAccount();
    const wrong = { username: account.username, password: 'Not-The-Password-1' };
    // The per-account login limit is 10 a minute: five wrong tries on each instance use it up.
    for (let i = 0; i < 5; i++) {
      expect((await clientAt(a)('POST', '/auth/login', { body: wrong })).status).toBe(401);
      expect((await clientAt(b)('POST', '/auth/login', { body: wrong })).status).toBe(401);
    }
    const limited = await clientAt(a)('POST', '/auth/login', { body: wrong });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await clientAt(b)('POST', '/auth/login', { body: wrong })).status).toBe(429);
  });
});
